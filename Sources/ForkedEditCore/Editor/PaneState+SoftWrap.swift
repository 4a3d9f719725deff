extension PaneState {
    /// Screen rows line `number` takes when wrapped at `width` columns: one more than its full
    /// rows, so that the cursor after its last character always has a cell.
    public func wrappedRows(ofLine number: Int, width: Int) -> Int {
        let end = TextPosition(line: number, column: buffer.characterCount(inLine: number))
        return buffer.displayColumn(of: end) / max(1, width) + 1
    }

    /// Where `position` is drawn when lines wrap at `width`: rows below ``topLine``'s first
    /// row, and the column in that row; `nil` above ``topLine`` or `height` rows or more below.
    public func wrappedLocation(of position: TextPosition, width: Int, height: Int) -> (row: Int, column: Int)? {
        let width = max(1, width)
        guard position.line >= topLine else { return nil }
        var row = 0
        for line in topLine..<position.line {
            row += wrappedRows(ofLine: line, width: width)
            if row >= height { return nil }
        }
        let column = buffer.displayColumn(of: position)
        row += column / width
        return row < height ? (row, column % width) : nil
    }

    /// Scrolls just enough that the cursor is visible in a text area of the given size, its
    /// lines wrapped at `width` when `wraps`.
    public mutating func scrollToCursor(width: Int, height: Int, wraps: Bool) {
        if wraps {
            scrollToWrappedCursor(width: width, height: height)
        } else {
            scrollToCursor(width: width, height: height)
        }
    }

    /// Scrolls, with lines wrapped at `width`, just enough that the cursor's row is visible.
    public mutating func scrollToWrappedCursor(width: Int, height: Int) {
        leftColumn = 0
        if cursor.line < topLine { topLine = cursor.line }
        while topLine < cursor.line, wrappedLocation(of: cursor, width: width, height: max(1, height)) == nil {
            topLine += 1
        }
    }
}
