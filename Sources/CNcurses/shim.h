/*
 * The wide-character ncurses API for Swift.
 *
 * SwiftPM drops the -D flags pkg-config reports, so the wide API is switched on here,
 * before curses.h is read. Function-like and expression macros, and the C globals Swift 6
 * rejects as not concurrency-safe, are reached through the static inline wrappers below.
 */
#ifndef CNCURSES_SHIM_H
#define CNCURSES_SHIM_H

#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <stdio.h>
#include <wchar.h>
#include <curses.h>

/* Globals, read through functions so Swift sees no shared mutable state. */
static inline WINDOW *cnc_stdscr(void) { return stdscr; }
static inline WINDOW *cnc_curscr(void) { return curscr; }
static inline int cnc_lines(void) { return LINES; }
static inline int cnc_columns(void) { return COLS; }
static inline int cnc_color_pairs(void) { return COLOR_PAIRS; }
static inline FILE *cnc_standard_input(void) { return stdin; }
static inline FILE *cnc_standard_output(void) { return stdout; }

/* Attribute macros, as the attr_t values setcchar and getcchar use. */
static inline attr_t cnc_attribute_bold(void) { return WA_BOLD; }
static inline attr_t cnc_attribute_reverse(void) { return WA_REVERSE; }
static inline attr_t cnc_attribute_underline(void) { return WA_UNDERLINE; }

/* Key codes built by macros. */
static inline int cnc_key_function(int number) { return KEY_F(number); }
static inline int cnc_key_code_yes(void) { return KEY_CODE_YES; }

/* Whether the current terminal can move the cursor (terminfo "cup"): without it, as with
 * TERM=dumb, a full-screen editor can only draw garbage. Call after newterm. */
static inline int cnc_can_address_cursor(void) {
    char *cup = tigetstr("cup");
    return cup != NULL && cup != (char *)-1;
}

/* The mouse: its masks are built by a function-like macro. Clicks of the first button and the
 * wheel (buttons 4 and 5) are reported. */
static inline void cnc_enable_mouse(void) {
    mousemask(BUTTON1_PRESSED | BUTTON1_CLICKED | BUTTON4_PRESSED | BUTTON5_PRESSED, NULL);
    mouseinterval(0);
}

/* Reads the mouse event behind a KEY_MOUSE: 1 a click, 4 wheel up, 5 wheel down, 0 anything
 * else, -1 none; its cell in row and column. */
static inline int cnc_read_mouse(int *row, int *column) {
    MEVENT event;
    if (getmouse(&event) != OK) return -1;
    *row = event.y;
    *column = event.x;
    if (event.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)) return 1;
    if (event.bstate & BUTTON4_PRESSED) return 4;
    if (event.bstate & BUTTON5_PRESSED) return 5;
    return 0;
}

/* The largest number of wide characters one cell holds (spacing character plus combining marks). */
static inline int cnc_cchar_capacity(void) { return CCHARW_MAX; }

#endif
