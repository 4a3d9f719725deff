/// Drawing primitives on a ``CellGrid``, all clipped to a rectangle so callers never
/// need to check bounds.
extension CellGrid {
    /// Fills a rectangle with spaces in `style`.
    public mutating func fill(_ rect: ScreenRect, style: CellStyle = .plain) {
        for row in rect.row..<(rect.row + rect.height) {
            for column in rect.column..<(rect.column + rect.width) {
                self[row, column] = Cell(character: " ", width: 1, style: style)
            }
        }
    }

    /// Writes `text` on one row starting at `column`, stopping before `limit` (exclusive),
    /// and returns the column after the last cell written. Tabs become single spaces here:
    /// this is for labels, not document text.
    @discardableResult
    public mutating func write(_ text: some StringProtocol, row: Int, column: Int, limit: Int, style: CellStyle = .plain) -> Int {
        var position = column
        for character in text {
            let (shown, width) = character == "\t" ? (" ", 1) : TextColumns.visibleForm(of: character)
            guard position + width <= limit else { break }
            put(shown, width: width, row: row, column: position, style: style)
            position += width
        }
        return position
    }

    /// Puts a character of the given width, marking the right half of a wide one.
    mutating func put(_ character: Character, width: Int, row: Int, column: Int, style: CellStyle) {
        self[row, column] = Cell(character: character, width: width, style: style)
        if width == 2 {
            self[row, column + 1] = Cell(character: " ", width: 0, style: style)
        }
    }

    /// Marks `rect`'s last column on `row` with `>`, as nano does: the line goes on past the
    /// pane's edge. A wide character the mark would cut in half is blanked.
    mutating func markContinued(row: Int, in rect: ScreenRect) {
        guard rect.width > 1 else { return }
        let column = rect.column + rect.width - 1
        if self[row, column].width == 0 { self[row, column - 1] = Cell(character: " ") }
        self[row, column] = Cell(character: ">", width: 1, style: ScreenRenderer.continuedStyle)
    }

    /// Draws one line of document text into `rect`'s row `row`, scrolled horizontally so
    /// that display column `leftColumn` is the rect's first column. Tabs expand to tab
    /// stops; a wide character cut by either edge shows as spaces.
    ///
    /// Only the characters up to the right edge are visited, so a 10,000-character line
    /// costs no more than its visible prefix.
    mutating func drawTextLine(
        _ pieces: [(text: Substring, style: CellStyle)], row: Int, in rect: ScreenRect, leftColumn: Int
    ) {
        let right = leftColumn + rect.width
        var display = 0
        for piece in pieces {
            if display >= right { return }
            if let end = drawPrintableASCII(piece.text, from: display, row: row, in: rect, leftColumn: leftColumn, style: piece.style) {
                display = end
                continue
            }
            for character in piece.text {
                if display >= right { return }
                let next = TextColumns.advance(display, over: character)
                if next > leftColumn {
                    let (shown, width) = character == "\t" ? (" ", 1) : TextColumns.visibleForm(of: character)
                    let isTab = character == "\t"
                    let clipped = isTab || display < leftColumn || next > right
                    if clipped {
                        for cellColumn in max(display, leftColumn)..<min(next, right) {
                            put(" ", width: 1, row: row, column: rect.column + cellColumn - leftColumn, style: piece.style)
                        }
                    } else {
                        put(shown, width: width, row: row, column: rect.column + display - leftColumn, style: piece.style)
                    }
                }
                display = next
            }
        }
    }

    /// Draws `text` if it is all printable ASCII, where every byte is one column, jumping
    /// straight to the visible bytes instead of walking grapheme clusters; returns the
    /// display column after the text, or `nil` (drawing nothing) for any other text.
    private mutating func drawPrintableASCII(
        _ text: Substring, from start: Int, row: Int, in rect: ScreenRect, leftColumn: Int, style: CellStyle
    ) -> Int? {
        let utf8 = text.utf8
        guard TextBuffer.isPlainASCII(text) else { return nil }
        let end = start + utf8.count
        let first = max(start, leftColumn)
        let last = min(end, leftColumn + rect.width)
        guard first < last else { return end }
        var index = utf8.index(utf8.startIndex, offsetBy: first - start)
        for column in first..<last {
            put(Character(Unicode.Scalar(utf8[index])), width: 1, row: row, column: rect.column + column - leftColumn, style: style)
            index = utf8.index(after: index)
        }
        return end
    }
}
