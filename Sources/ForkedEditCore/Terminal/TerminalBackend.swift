/// A real (or simulated) terminal the editor draws to and reads input from.
///
/// The editor core never talks to a terminal library directly; an adapter such as the
/// ncurses backend implements this protocol, which keeps the core testable.
public protocol TerminalBackend: InputSource {
    /// The current size of the terminal.
    var size: (columns: Int, rows: Int) { get }

    /// Shows `grid` on the terminal, including its cursor.
    func draw(_ grid: CellGrid) throws

    /// Waits up to `timeoutMilliseconds` for the next input event; `nil` when none arrived.
    /// A negative timeout waits indefinitely.
    func nextEvent(timeoutMilliseconds: Int) throws -> InputEvent?

    /// Puts `text` on the system clipboard where the terminal allows it.
    func copyToSystemClipboard(_ text: String)

    /// Restores the terminal to the state it was in before the editor started.
    func shutdown()
}

extension TerminalBackend {
    /// Puts `text` on the system clipboard where the terminal allows it (OSC 52); by default
    /// nothing, for backends without a terminal.
    public func copyToSystemClipboard(_ text: String) {}
}
