/// One item as ncurses' `get_wch` delivers it, before it is interpreted as a key.
public enum RawTerminalInput: Hashable, Sendable {
    /// A character code (`get_wch` returned `OK`): a printable scalar or a control byte.
    case character(UInt32)
    /// A key code (`get_wch` returned `KEY_CODE_YES`), such as `KEY_UP` or `KEY_F(5)`.
    case keyCode(Int32)
    /// A mouse event (`KEY_MOUSE`): button 1 pressed, 4 or 5 (the wheel), at a cell.
    case mouse(button: Int, row: Int, column: Int)
    /// The terminal changed size (`KEY_RESIZE`), with the new size already known.
    case resize(columns: Int, rows: Int)
}
