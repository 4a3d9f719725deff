/// Why the terminal backend could not start. Each case reads as one line a command-line tool
/// can print before exiting, so the editor never hangs or crashes on an unsuitable terminal.
public enum TerminalStartupError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Standard input or standard output is not a terminal (a pipe, a file, `/dev/null`).
    case notATerminal
    /// The locale's character set is not UTF-8, so wide characters could not be shown.
    case localeNotUTF8(codeset: String)
    /// ncurses does not know the terminal type; `nil` when `TERM` is unset.
    case unknownTerminal(String?)
    /// The terminal type cannot move the cursor (such as `dumb`), so a full screen cannot be drawn.
    case cannotAddressCursor(String)
    /// Another ncurses terminal is already running in this process; ncurses has one screen.
    case alreadyActive
    /// ncurses refused a setup step.
    case setupFailed(String)

    /// A one-line explanation with a hint at the fix.
    public var description: String {
        switch self {
        case .notATerminal:
            return "standard input and output must be an interactive terminal"
        case let .localeNotUTF8(codeset):
            return "the locale uses the character set \(codeset.isEmpty ? "unknown" : codeset), not UTF-8; "
                + "try LANG=C.UTF-8"
        case let .unknownTerminal(name?):
            return "unknown terminal type '\(name)'; try TERM=xterm-256color"
        case .unknownTerminal(nil):
            return "the terminal type is not set; try TERM=xterm-256color"
        case let .cannotAddressCursor(name):
            return "the terminal type '\(name)' cannot move the cursor, which a full-screen editor needs; "
                + "try TERM=xterm-256color"
        case .alreadyActive:
            return "a terminal session is already running in this process"
        case let .setupFailed(step):
            return "the terminal could not be set up (\(step) failed)"
        }
    }
}
