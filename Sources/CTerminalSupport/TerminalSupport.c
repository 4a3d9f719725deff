/* wcwidth and nl_langinfo are only declared with the X/Open extensions switched on. */
#define _XOPEN_SOURCE 700

#include "CTerminalSupport.h"

#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>

static struct termios saved_settings;
static int saved_settings_fd = -1;

int cts_save_terminal_settings(int fd) {
    if (tcgetattr(fd, &saved_settings) != 0) {
        saved_settings_fd = -1;
        return -1;
    }
    saved_settings_fd = fd;
    return 0;
}

void cts_restore_terminal_settings(void) {
    if (saved_settings_fd >= 0) {
        tcsetattr(saved_settings_fd, TCSANOW, &saved_settings);
    }
}

static const int guarded_signals[] = {
    SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGHUP, SIGTERM, SIGQUIT, SIGINT,
};
enum { guarded_signal_count = sizeof(guarded_signals) / sizeof(guarded_signals[0]) };

static struct sigaction previous_actions[guarded_signal_count];
static int guard_installed[guarded_signal_count];
static volatile sig_atomic_t guard_active = 0;

/* Reset sequence: plain attributes, visible cursor, leave the alternate screen. */
static const char terminal_reset[] = "\033[0m\033[?25h\033[?2004l\033[?1006;1000l\033[?1049l";

static void guard_handler(int signal_number) {
    /* Only async-signal-safe calls here: write, tcsetattr, sigaction, raise. */
    ssize_t written = write(STDOUT_FILENO, terminal_reset, sizeof(terminal_reset) - 1);
    (void)written;
    cts_restore_terminal_settings();
    for (int index = 0; index < guarded_signal_count; index++) {
        if (guarded_signals[index] == signal_number && guard_installed[index]) {
            sigaction(signal_number, &previous_actions[index], NULL);
            guard_installed[index] = 0;
        }
    }
    /* The handler runs with SA_NODEFER, so the signal reaches the previous handler now. */
    raise(signal_number);
}

void cts_install_signal_guard(void) {
    if (guard_active) {
        return;
    }
    struct sigaction action;
    memset(&action, 0, sizeof(action));
    action.sa_handler = guard_handler;
    action.sa_flags = SA_NODEFER;
    sigemptyset(&action.sa_mask);
    for (int index = 0; index < guarded_signal_count; index++) {
        struct sigaction current;
        guard_installed[index] = 0;
        if (sigaction(guarded_signals[index], NULL, &current) != 0) {
            continue;
        }
        /* A signal someone chose to ignore (nohup, for instance) stays ignored. */
        if (current.sa_handler == SIG_IGN) {
            continue;
        }
        if (sigaction(guarded_signals[index], &action, &previous_actions[index]) == 0) {
            guard_installed[index] = 1;
        }
    }
    /* A parent may have started us with these signals blocked (a thread's mask is inherited
       across fork and exec); then a terminal hang-up or `kill` would never reach us. */
    sigset_t guarded;
    sigemptyset(&guarded);
    for (int index = 0; index < guarded_signal_count; index++) {
        if (guard_installed[index]) {
            sigaddset(&guarded, guarded_signals[index]);
        }
    }
    sigprocmask(SIG_UNBLOCK, &guarded, NULL);
    guard_active = 1;
}

void cts_remove_signal_guard(void) {
    if (!guard_active) {
        return;
    }
    for (int index = 0; index < guarded_signal_count; index++) {
        if (guard_installed[index]) {
            sigaction(guarded_signals[index], &previous_actions[index], NULL);
            guard_installed[index] = 0;
        }
    }
    guard_active = 0;
}

static int codeset_is_utf8(void) {
    const char *codeset = nl_langinfo(CODESET);
    return codeset != NULL && (strcmp(codeset, "UTF-8") == 0 || strcmp(codeset, "utf8") == 0);
}

int cts_adopt_environment_locale(void) {
    if (setlocale(LC_ALL, "") == NULL) {
        return 0;
    }
    return codeset_is_utf8();
}

int cts_adopt_utf8_character_locale(void) {
    if (setlocale(LC_CTYPE, "C.UTF-8") == NULL) {
        return 0;
    }
    return codeset_is_utf8();
}

const char *cts_locale_codeset(void) {
    const char *codeset = nl_langinfo(CODESET);
    return codeset != NULL ? codeset : "";
}

int cts_wcwidth(uint32_t scalar) {
    return wcwidth((wchar_t)scalar);
}
