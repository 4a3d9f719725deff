extension PaneState {
    /// How line `number` wraps at `width` columns (``LineWrap``).
    public func wrap(ofLine number: Int, width: Int) -> LineWrap {
        LineWrap(buffer.lines.indices.contains(number) ? buffer.lines[number] : "", width: width)
    }

    /// Screen rows line `number` takes when wrapped at `width` columns, including a row for the
    /// cursor after its last character when the last row is full.
    public func wrappedRows(ofLine number: Int, width: Int) -> Int {
        wrap(ofLine: number, width: width).rowCount
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
        let wrap = wrap(ofLine: position.line, width: width)
        let part = wrap.row(ofColumn: column)
        row += part
        return row < height ? (row, column - wrap.rowStarts[part]) : nil
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
