/// Where one line's screen rows start when it wraps at a pane's width: after the last space that
/// fits, so a word moves whole to the next row; a word wider than the row is cut at the width.
///
/// Columns are display columns of the line (tabs, wide characters). A row never holds more than
/// `width` columns (unless one character is wider than that), and a row that is exactly full is followed by one more, so the cursor after
/// the line's last character always has a cell.
public struct LineWrap: Sendable, Equatable {
    /// The display column each row starts at; the first is 0.
    public let rowStarts: [Int]
    /// The line's display width.
    public let displayWidth: Int

    /// The rows of `line` at `width` columns.
    public init(_ line: String, width: Int) {
        let width = max(1, width)
        var starts = [0]
        var rowStart = 0
        var afterSpace = 0  // The column after the row's last space, 0 when it has none yet.
        var column = 0
        for character in line {
            let next = TextColumns.advance(column, over: character)
            // Does not fit: break after the row's last space, or before this character (a word
            // longer than the row). Again if it still does not fit: a tab's width depends on where
            // it starts. A character wider than a whole row (a tab in a very narrow pane) keeps
            // the row to itself.
            while next - rowStart > width {
                let start: Int
                if afterSpace > rowStart {
                    start = afterSpace
                } else if column > rowStart {
                    start = column
                } else {
                    break
                }
                starts.append(start)
                rowStart = start
                afterSpace = 0
            }
            column = next
            if character == " " || character == "\t" { afterSpace = column }
        }
        if column - rowStart >= width { starts.append(column) }
        rowStarts = starts
        displayWidth = column
    }

    /// Number of screen rows.
    public var rowCount: Int { rowStarts.count }

    /// The row display column `column` is drawn on (a column at a break starts the next row).
    public func row(ofColumn column: Int) -> Int {
        var low = 0
        var high = rowStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if rowStarts[middle] <= column { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The display columns row `row` shows.
    public func columns(ofRow row: Int) -> Range<Int> {
        let start = rowStarts[min(max(0, row), rowStarts.count - 1)]
        let end = row + 1 < rowStarts.count ? rowStarts[row + 1] : max(start, displayWidth)
        return start..<end
    }
}
