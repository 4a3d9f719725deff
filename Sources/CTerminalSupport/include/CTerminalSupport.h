/*
 * The few things the terminal backend needs that must be real C: process-wide state for a
 * signal handler, termios, and libc functions Swift does not see through Glibc.
 */
#ifndef CTERMINALSUPPORT_H
#define CTERMINALSUPPORT_H

#include <stdint.h>

/*
 * Saves the terminal settings of `fd` so the signal guard can put them back.
 * Returns 0 on success, -1 when `fd` is not a terminal.
 */
int cts_save_terminal_settings(int fd);

/* Restores the settings saved by cts_save_terminal_settings; does nothing if none were saved. */
void cts_restore_terminal_settings(void);

/*
 * Installs handlers for fatal and terminating signals (SEGV, BUS, ILL, FPE, ABRT, TRAP, HUP,
 * TERM, QUIT, INT) that reset the terminal (attributes, cursor, alternate screen), restore the
 * saved terminal settings, then hand the signal to whatever handled it before. Signals that
 * were ignored stay ignored; the guarded signals are unblocked, in case the parent process
 * blocked them. Calling it again while installed does nothing.
 */
void cts_install_signal_guard(void);

/* Puts back the handlers that were in place before cts_install_signal_guard. */
void cts_remove_signal_guard(void);

/*
 * Sets the process locale from the environment (setlocale(LC_ALL, "")) and reports whether
 * its character set is UTF-8: 1 if so, 0 if not.
 */
int cts_adopt_environment_locale(void);

/* Switches the character type locale to C.UTF-8; returns 1 on success. */
int cts_adopt_utf8_character_locale(void);

/* The name of the current locale's character set, such as "UTF-8" or "ANSI_X3.4-1968". */
const char *cts_locale_codeset(void);

/* wcwidth for one Unicode scalar: columns ncurses will use, or -1 for unprintable scalars. */
int cts_wcwidth(uint32_t scalar);

#endif
