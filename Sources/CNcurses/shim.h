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

/* The largest number of wide characters one cell holds (spacing character plus combining marks). */
static inline int cnc_cchar_capacity(void) { return CCHARW_MAX; }

#endif
