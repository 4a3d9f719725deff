/// Draws a ``ScreenContent`` into a ``CellGrid``: the same code serves the real terminal
/// and the tests.
public enum ScreenRenderer {
    /// Style of the focused pane's title.
    static let focusedTitleStyle = CellStyle(bold: true, reverse: true)
    /// Style of the other pane's title and of the lower view's title.
    static let titleStyle = CellStyle(reverse: true)

    /// The style of lower-view text of each origin.
    public static func style(for origin: MergeViewOrigin) -> CellStyle {
        switch origin {
        case .unchanged: return .plain
        case .leftFork: return CellStyle(foreground: .green, bold: true)
        case .rightFork: return CellStyle(foreground: .magenta, bold: true)
        case .bothForks: return CellStyle(foreground: .yellow, bold: true)
        }
    }

    /// Renders `content` on a screen of `columns` × `rows`.
    public static func render(_ content: ScreenContent, columns: Int, rows: Int) -> CellGrid {
        var grid = CellGrid(columns: columns, rows: rows)
        switch EditorLayout(columns: columns, rows: rows) {
        case .tooSmall:
            drawTooSmall(into: &grid)
        case .regular(let regions):
            for index in content.panes.indices where index < regions.paneTexts.count {
                drawPane(content.panes[index], focused: index == content.focusedPane,
                         title: regions.paneTitles[index], text: regions.paneTexts[index], into: &grid)
            }
            for row in 0..<(regions.paneTexts[0].row + regions.paneTexts[0].height) {
                grid[row, regions.dividerColumn] = Cell(character: "│", width: 1, style: .plain)
            }
            drawLower(content.lower, title: regions.lowerTitle, text: regions.lowerText, into: &grid)
            drawStatus(content.status, in: regions.status, into: &grid)
            drawHints(in: regions.hints, into: &grid)
            if content.showsHelp {
                drawHelp(into: &grid)
            }
        }
        return grid
    }

    private static func drawTooSmall(into grid: inout CellGrid) {
        let message = [
            "Terminal too small:",
            "enlarge the terminal",
            "to \(EditorLayout.minimumColumns)x\(EditorLayout.minimumRows) (now \(grid.columns)x\(grid.rows)).",
            "Keys are ignored",
            "until then.",
        ]
        let firstRow = max(0, (grid.rows - message.count) / 2)
        for (offset, line) in message.enumerated() {
            let column = max(0, (grid.columns - line.count) / 2)
            grid.write(line, row: firstRow + offset, column: column, limit: grid.columns)
        }
        grid.cursor = nil
    }

    private static func drawPane(
        _ content: PaneContent, focused: Bool, title: ScreenRect, text: ScreenRect, into grid: inout CellGrid
    ) {
        let style = focused ? focusedTitleStyle : titleStyle
        grid.fill(title, style: style)
        let marker = focused ? "» " : "  "
        grid.write("\(marker)\(content.forkName) · \(content.forkState)", row: title.row,
                   column: title.column, limit: title.column + title.width, style: style)
        let pane = content.pane
        for row in 0..<text.height {
            let line = pane.topLine + row
            guard line < pane.buffer.lineCount else { break }
            grid.drawTextLine([(pane.buffer.lines[line][...], .plain)], row: text.row + row, in: text,
                              leftColumn: pane.leftColumn)
        }
        if focused {
            let row = pane.cursor.line - pane.topLine
            let column = pane.cursorDisplayColumn - pane.leftColumn
            if row >= 0, row < text.height, column >= 0, column < text.width {
                grid.cursor = (text.row + row, text.column + column)
            }
        }
    }

    private static func drawLower(_ lower: LowerViewContent, title: ScreenRect, text: ScreenRect, into grid: inout CellGrid) {
        grid.fill(title, style: titleStyle)
        let end = grid.write(" \(lower.title) ", row: title.row, column: title.column,
                             limit: title.column + title.width, style: titleStyle)
        grid.write(lower.summary, row: title.row, column: end + 1, limit: title.column + title.width, style: titleStyle)
        let lines = RunLines.lines(of: lower.runs, from: lower.topLine, count: text.height)
        for (offset, pieces) in lines.enumerated() {
            grid.drawTextLine(pieces.map { ($0.text, style(for: $0.origin)) }, row: text.row + offset, in: text,
                              leftColumn: lower.leftColumn)
        }
    }

    private static func drawStatus(_ status: StatusContent, in rect: ScreenRect, into grid: inout CellGrid) {
        let limit = rect.column + rect.width
        switch status.prompt {
        case .fileName(let field)?:
            let end = grid.write("File name to write: ", row: rect.row, column: rect.column, limit: limit,
                                 style: CellStyle(bold: true))
            let after = grid.write(field.text, row: rect.row, column: end, limit: limit)
            grid.write("  (Enter save, Esc cancel)", row: rect.row, column: after, limit: limit)
            let cursor = end + DisplayWidth.columns(of: field.text.prefix(field.cursor))
            grid.cursor = (rect.row, min(cursor, limit - 1))
        case .saveBeforeQuit?:
            let end = grid.write("Save merged text before quitting?", row: rect.row, column: rect.column,
                                 limit: limit, style: CellStyle(bold: true))
            grid.write(" y: save and quit  n: quit  Esc: stay", row: rect.row, column: end, limit: limit)
            grid.cursor = (rect.row, min(end, limit - 1))
        case nil:
            let name = status.fileName ?? "(new document)"
            let end = grid.write(" \(name)\(status.isModified ? " [modified]" : "")", row: rect.row,
                                 column: rect.column, limit: limit, style: CellStyle(bold: true))
            if let message = status.message {
                grid.write("  \(message)", row: rect.row, column: end, limit: limit)
            }
        }
    }

    private static func drawHints(in rect: ScreenRect, into grid: inout CellGrid) {
        let limit = rect.column + rect.width
        var column = rect.column
        for hint in KeyMap.hints {
            guard column + hint.key.count + hint.label.count + 1 <= limit else { break }
            column = grid.write(hint.key, row: rect.row, column: column, limit: limit, style: titleStyle)
            column = grid.write(" \(hint.label)  ", row: rect.row, column: column, limit: limit)
        }
    }

    private static func drawHelp(into grid: inout CellGrid) {
        let lines = HelpText.lines
        let contentWidth = lines.map { DisplayWidth.columns(of: $0) }.max() ?? 0
        let width = min(grid.columns - 2, contentWidth + 4)
        let height = min(grid.rows - 2, lines.count + 2)
        let box = ScreenRect(row: (grid.rows - height) / 2, column: (grid.columns - width) / 2, width: width, height: height)
        let frame = CellStyle(foreground: .black, background: .cyan)
        grid.fill(box, style: frame)
        grid.write(" Help (any key closes) ", row: box.row, column: box.column + 2, limit: box.column + box.width - 1,
                   style: CellStyle(foreground: .black, background: .cyan, bold: true))
        for (offset, line) in lines.prefix(box.height - 2).enumerated() {
            grid.write(line, row: box.row + 1 + offset, column: box.column + 2, limit: box.column + box.width - 1, style: frame)
        }
        grid.cursor = nil
    }
}
