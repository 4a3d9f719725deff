import CNcurses

/// Escape sequences for navigation and function keys that the terminfo entry in use may not
/// list: `TERM=xterm-256color` inside tmux or screen, for instance, where Home arrives as
/// `ESC [ 1 ~` rather than xterm's `ESC [ H`. Teaching ncurses these (with `define_key`)
/// makes the keys work whatever the mismatch between `TERM` and the real terminal.
enum AlternateKeySequences {
    /// Sequences used by xterm, VT220, rxvt, tmux and screen, with the key each means.
    static let all: [(sequence: String, keyCode: Int32)] = {
        var sequences: [(String, Int32)] = [
            ("\u{1B}[1~", KEY_HOME), ("\u{1B}[7~", KEY_HOME), ("\u{1B}[H", KEY_HOME), ("\u{1B}OH", KEY_HOME),
            ("\u{1B}[4~", KEY_END), ("\u{1B}[8~", KEY_END), ("\u{1B}[F", KEY_END), ("\u{1B}OF", KEY_END),
            ("\u{1B}[3~", KEY_DC), ("\u{1B}[5~", KEY_PPAGE), ("\u{1B}[6~", KEY_NPAGE),
            ("\u{1B}[A", KEY_UP), ("\u{1B}[B", KEY_DOWN), ("\u{1B}[C", KEY_RIGHT), ("\u{1B}[D", KEY_LEFT),
            ("\u{1B}OA", KEY_UP), ("\u{1B}OB", KEY_DOWN), ("\u{1B}OC", KEY_RIGHT), ("\u{1B}OD", KEY_LEFT),
        ]
        let functionKeys: [(Int32, String)] = [
            (1, "\u{1B}OP"), (2, "\u{1B}OQ"), (3, "\u{1B}OR"), (4, "\u{1B}OS"),
            (1, "\u{1B}[11~"), (2, "\u{1B}[12~"), (3, "\u{1B}[13~"), (4, "\u{1B}[14~"), (5, "\u{1B}[15~"),
            (6, "\u{1B}[17~"), (7, "\u{1B}[18~"), (8, "\u{1B}[19~"), (9, "\u{1B}[20~"), (10, "\u{1B}[21~"),
            (11, "\u{1B}[23~"), (12, "\u{1B}[24~"),
        ]
        sequences += functionKeys.map { ($0.1, cnc_key_function($0.0)) }
        // Bracketed paste's markers, which no terminfo entry lists.
        sequences += [
            ("\u{1B}[200~", TerminalInputDecoder.pasteStartKeyCode), ("\u{1B}[201~", TerminalInputDecoder.pasteEndKeyCode),
        ]
        // Ctrl with arrows, Home and End (xterm's modifier 5), and the rxvt forms.
        let control: [(String, Int)] = [
            ("\u{1B}[1;5D", 0), ("\u{1B}[1;5C", 1), ("\u{1B}[1;5H", 2), ("\u{1B}[1;5F", 3),
            ("\u{1B}Od", 0), ("\u{1B}Oc", 1), ("\u{1B}[7^", 2), ("\u{1B}[8^", 3),
        ]
        sequences += control.map { ($0.0, TerminalInputDecoder.controlArrowKeyCodes[$0.1].code) }
        return sequences
    }()

    /// Registers every sequence the current terminal description does not already define.
    static func register() {
        for (sequence, keyCode) in all {
            let current = key_defined(sequence)
            // Kept: a standard key the terminal description already names. Replaced: nothing, or
            // an extended key of the terminal's (such as kLFT5 for Ctrl-Left), which ncurses numbers
            // above KEY_MAX and the decoder cannot know.
            if current == 0 || (current > KEY_MAX && current != keyCode) {
                _ = define_key(sequence, keyCode)
            }
        }
    }
}
