import CNcurses
import ForkedEditCore

/// One cell as ncurses holds it after drawing, read back for tests of the real backend.
public struct RenderedCell: Equatable, Sendable {
    /// The text in the cell: a spacing character and any combining marks.
    public var text: String
    /// The colours and attributes ncurses holds for the cell.
    public var style: CellStyle
}

extension NcursesTerminal {
    /// The cell ncurses believes is on the terminal at a position, or `nil` outside the screen.
    ///
    /// This reads ncurses' picture of the physical screen (`curscr`), so it reflects only what
    /// ``draw(_:)`` actually sent, not what is merely pending.
    public func renderedCell(row: Int, column: Int) -> RenderedCell? {
        let screenSize = size
        guard row >= 0, row < screenSize.rows, column >= 0, column < screenSize.columns else { return nil }
        var stored = cchar_t()
        guard mvwin_wch(cnc_curscr(), Int32(row), Int32(column), &stored) == OK else { return nil }
        var wide = [wchar_t](repeating: 0, count: Int(cnc_cchar_capacity()) + 1)
        var attributes = attr_t(0)
        var pair: Int16 = 0
        guard getcchar(&stored, &wide, &attributes, &pair, nil) == OK else { return nil }
        var scalars = String.UnicodeScalarView()
        for value in wide.prefix(while: { $0 != 0 }) {
            if let scalar = Unicode.Scalar(UInt32(bitPattern: value)) { scalars.append(scalar) }
        }
        var foreground: Int16 = -1
        var background: Int16 = -1
        if pair != 0 {
            pair_content(pair, &foreground, &background)
        }
        let style = CellStyle(
            foreground: Self.terminalColor(foreground),
            background: Self.terminalColor(background),
            bold: attributes & cnc_attribute_bold() != 0,
            reverse: attributes & cnc_attribute_reverse() != 0,
            underline: attributes & cnc_attribute_underline() != 0
        )
        return RenderedCell(text: String(scalars), style: style)
    }

    /// One screen row as text, with the right halves of wide characters skipped and trailing
    /// spaces trimmed, comparable with ``CellGrid/plainTextRows()``.
    public func renderedRow(_ row: Int) -> String {
        var line = ""
        var column = 0
        let columns = size.columns
        while column < columns {
            guard let cell = renderedCell(row: row, column: column) else { break }
            line += cell.text
            let width = cell.text.unicodeScalars.first.map { Int(TerminalGlyph.terminalWidth($0.value)) } ?? 1
            column += max(width, 1)
        }
        while line.last == " " { line.removeLast() }
        return line
    }
}
