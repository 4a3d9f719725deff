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
        // The fork's colour, on red: a conflict stands out from every other change.
        case .conflictLeft: return CellStyle(foreground: .green, background: .red, bold: true, underline: true)
        case .conflictRight: return CellStyle(foreground: .magenta, background: .red, bold: true, underline: true)
        case .added: return CellStyle(foreground: .green, bold: true)
        // Underlined red: terminals have no reliable strike-through.
        case .removed: return CellStyle(foreground: .red, underline: true)
        // The deleting fork's colour, underlined and not bold, where added text is bold.
        case .deletedByLeft: return CellStyle(foreground: .green, underline: true)
        case .deletedByRight: return CellStyle(foreground: .magenta, underline: true)
        case .deletedByBoth: return CellStyle(foreground: .yellow, underline: true)
        }
    }

    /// Renders `content` on a screen of `columns` × `rows`.
    public static func render(_ content: ScreenContent, columns: Int, rows: Int) -> CellGrid {
        var grid = CellGrid(columns: columns, rows: rows)
        let wrappedNotices = noticeLines(content.status, width: columns)
        let statusRows = wrappedNotices.map { $0.count + 1 } ?? 1
        switch EditorLayout(columns: columns, rows: rows, statusRows: statusRows) {
        case .tooSmall:
            drawTooSmall(content.status, into: &grid)
        case .regular(let regions):
            for index in content.panes.indices where index < regions.paneTexts.count {
                drawPane(content.panes[index], focused: index == content.focusedPane,
                         title: regions.paneTitles[index], text: regions.paneTexts[index], into: &grid)
            }
            for row in 0..<(regions.paneTexts[0].row + regions.paneTexts[0].height) {
                grid[row, regions.dividerColumn] = Cell(character: "│", width: 1, style: .plain)
            }
            drawLower(content.lower, title: regions.lowerTitle, text: regions.lowerText, into: &grid)
            let focused = content.panes.indices.contains(content.focusedPane) ? content.panes[content.focusedPane].pane.cursor : nil
            drawStatus(content.status, cursor: focused, noticeLines: wrappedNotices, in: regions.status, into: &grid)
            drawHints(KeyMap.hints(lowerViewMode: content.lowerViewMode), in: regions.hints, into: &grid)
            if content.showsHelp {
                drawHelp(into: &grid)
            }
        }
        return grid
    }

    /// Most rows a long status message may take; the merge view gives them up.
    static let maximumStatusRows = 4

    /// The status line's notices (warning, then message) wrapped to `width`, when the whole status
    /// does not fit on one row; `nil` when it does (or a prompt is shown). The file name then
    /// takes the first row and the notices the rows below it.
    static func noticeLines(_ status: StatusContent, width: Int) -> [String]? {
        guard status.prompt == nil, let notices = status.notices else { return nil }
        let oneRow = " \(status.fileName ?? "(new document)")\(status.isModified ? " [modified]" : "")  \(notices)"
        guard DisplayWidth.columns(of: oneRow) > width else { return nil }
        var lines = WordWrap.lines(notices, width: width - 2)
        if lines.count > maximumStatusRows - 1 {
            lines = Array(lines.prefix(maximumStatusRows - 1))
            lines[lines.count - 1] = String(lines[lines.count - 1].dropLast()) + "…"
        }
        return lines
    }

    private static func drawTooSmall(_ status: StatusContent, into grid: inout CellGrid) {
        let text = "Terminal too small: enlarge it to \(EditorLayout.minimumColumns)x\(EditorLayout.minimumRows) "
            + "(now \(grid.columns)x\(grid.rows)). Keys wait until then; ^Q quits."
        var message = WordWrap.lines(text, width: grid.columns)
        // A question comes first: it must be seen to be answered.
        switch status.prompt {
        case .saveBeforeQuit?: message = WordWrap.lines("Save before quitting? y: save, n: quit (edits kept for next time), Esc: stay", width: grid.columns) + [""] + message
        case .fileName(let field)?: message = WordWrap.lines("File name: \(field.text)", width: grid.columns) + [""] + message
        case .search?, .goToLine?, .replaceText?, .replacement?, nil: break
        }
        let firstRow = max(0, (grid.rows - message.count) / 2)
        for (offset, line) in message.enumerated() {
            let column = max(0, (grid.columns - DisplayWidth.columns(of: line)) / 2)
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
        // The line as the other person's editor reported it, counted from 1; a cursor is any
        // value a caller made, so the count stops short of overflowing.
        let peers = content.peerCursors.map { " · \($0.name) at Ln \(min(max($0.position.line, 0), Int.max - 1) + 1)" }.joined()
        grid.write("\(marker)\(content.forkName) · \(content.forkState)\(peers)", row: title.row,
                   column: title.column, limit: title.column + title.width, style: style)
        let pane = content.pane
        if content.wraps {
            drawWrappedLines(content, text: text, into: &grid)
        } else {
            for row in 0..<text.height {
                let line = pane.topLine + row
                guard line < pane.buffer.lineCount else { break }
                grid.drawTextLine(pieces(ofLine: line, in: pane, highlight: content.highlight), row: text.row + row, in: text,
                                  leftColumn: pane.leftColumn)
                if TextColumns.reaches(pane.buffer.lines[line], column: pane.leftColumn + text.width) {
                    grid.markContinued(row: text.row + row, in: text)
                }
            }
        }
        for peer in content.peerCursors { drawPeerCursor(peer, in: pane, wraps: content.wraps, text: text, into: &grid) }
        if focused, let (row, column) = location(of: pane.cursor, in: pane, wraps: content.wraps, text: text) {
            grid.cursor = (text.row + row, text.column + column)
        }
    }

    /// The pane's lines from its top line, each over as many rows as its width needs.
    private static func drawWrappedLines(_ content: PaneContent, text: ScreenRect, into grid: inout CellGrid) {
        let pane = content.pane
        var row = 0
        var line = pane.topLine
        while row < text.height, line < pane.buffer.lineCount {
            let linePieces = pieces(ofLine: line, in: pane, highlight: content.highlight)
            let wrap = pane.wrap(ofLine: line, width: text.width)
            for part in 0..<wrap.rowCount where row < text.height {
                // Only this row's columns: the word that moved to the next row is not drawn twice.
                let columns = wrap.columns(ofRow: part)
                var rowRect = text
                rowRect.width = min(text.width, columns.count)
                grid.drawTextLine(linePieces, row: text.row + row, in: rowRect, leftColumn: columns.lowerBound)
                row += 1
            }
            line += 1
        }
    }

    /// Where `position` is in the pane's text area, or `nil` when it is scrolled out of view.
    private static func location(of position: TextPosition, in pane: PaneState, wraps: Bool, text: ScreenRect) -> (Int, Int)? {
        if wraps { return pane.wrappedLocation(of: position, width: text.width, height: text.height).map { ($0.row, $0.column) } }
        let row = position.line - pane.topLine
        let column = pane.buffer.displayColumn(of: position) - pane.leftColumn
        guard row >= 0, row < text.height, column >= 0, column < text.width else { return nil }
        return (row, column)
    }

    /// Style of another person's cursor.
    static let peerCursorStyle = CellStyle(foreground: .black, background: .magenta)

    /// Marks the cell under `peer`'s cursor, when it is on screen (at the end of a line, the
    /// blank cell after it).
    private static func drawPeerCursor(
        _ peer: PeerCursor, in pane: PaneState, wraps: Bool, text: ScreenRect, into grid: inout CellGrid
    ) {
        // The position was taken in the other person's copy: it may lie past this one's text.
        guard let (row, column) = location(of: pane.buffer.clamped(peer.position), in: pane, wraps: wraps, text: text) else { return }
        var cell = grid[text.row + row, text.column + column]
        cell.style = peerCursorStyle
        grid[text.row + row, text.column + column] = cell
    }

    /// Style of the `>` that marks a line going on past the pane's edge.
    static let continuedStyle = CellStyle(bold: true)

    /// Style of lines where the last merge kept both versions of a conflict, as the live merge
    /// shows conflicts.
    static let keptConflictStyle = CellStyle(foreground: .white, background: .red)

    /// Style of search matches.
    static let matchStyle = CellStyle(foreground: .black, background: .yellow)

    /// Style of the selection.
    static let selectionStyle = CellStyle(reverse: true)

    /// Line `number` of `pane` cut into styled pieces: the selection reversed, search matches
    /// outside it highlighted.
    static func pieces(ofLine number: Int, in pane: PaneState, highlight: String?) -> [(text: Substring, style: CellStyle)] {
        let line = pane.buffer.lines[number]
        // A conflict the last merge kept (both versions) stays red until it is edited.
        let base = pane.isConflictLine(number) ? keptConflictStyle : .plain
        guard let selection = pane.selection, selection.start.line <= number, number <= selection.end.line else {
            return highlighted(line, highlight, base: base)
        }
        let from = number == selection.start.line ? pane.buffer.index(selection.start.column, inLine: number) : line.startIndex
        let to = number == selection.end.line ? pane.buffer.index(selection.end.column, inLine: number) : line.endIndex
        return highlighted(String(line[..<from]), highlight, base: base) + [(line[from..<to], selectionStyle)]
            + highlighted(String(line[to...]), highlight, base: base)
    }

    /// A line cut into pieces in `base` style, the places of `query` in ``matchStyle``.
    static func highlighted(_ line: String, _ query: String?, base: CellStyle = .plain) -> [(text: Substring, style: CellStyle)] {
        guard let query, !query.isEmpty else { return [(line[...], base)] }
        var pieces: [(text: Substring, style: CellStyle)] = []
        var start = line.startIndex
        for range in line.ranges(of: query) {
            if start < range.lowerBound { pieces.append((line[start..<range.lowerBound], base)) }
            pieces.append((line[range], matchStyle))
            start = range.upperBound
        }
        if start < line.endIndex || pieces.isEmpty { pieces.append((line[start...], base)) }
        return pieces
    }

    private static func drawLower(_ lower: LowerViewContent, title: ScreenRect, text: ScreenRect, into grid: inout CellGrid) {
        grid.fill(title, style: titleStyle)
        let end = grid.write(" \(lower.title) ", row: title.row, column: title.column,
                             limit: title.column + title.width, style: titleStyle)
        grid.write(lower.summary, row: title.row, column: end + 1, limit: title.column + title.width, style: titleStyle)
        let lines = RunLines.lines(of: lower.runs, from: lower.topLine, count: text.height)
        var row = 0
        for pieces in lines where row < text.height {
            let styled = RunLines.wholeWords(pieces).map { ($0.text, style(for: $0.origin)) }
            guard lower.wraps else {
                grid.drawTextLine(styled, row: text.row + row, in: text, leftColumn: lower.leftColumn)
                row += 1
                continue
            }
            let width = pieces.reduce(0) { total, piece in piece.text.reduce(total) { TextColumns.advance($0, over: $1) } }
            for part in 0...(width / max(1, text.width)) where row < text.height {
                grid.drawTextLine(styled, row: text.row + row, in: text, leftColumn: part * text.width)
                row += 1
            }
        }
    }

    private static func drawStatus(
        _ status: StatusContent, cursor: TextPosition?, noticeLines: [String]?, in rect: ScreenRect, into grid: inout CellGrid
    ) {
        let limit = rect.column + rect.width
        switch status.prompt {
        case .fileName(let field)?, .search(let field)?, .goToLine(let field)?, .replaceText(let field)?, .replacement(_, let field)?:
            let (label, hint) = promptWording(status.prompt)
            let end = grid.write(label, row: rect.row, column: rect.column, limit: limit, style: CellStyle(bold: true))
            // A selected answer (the last search, offered again) is shown as selected text is.
            let after = grid.write(field.text, row: rect.row, column: end, limit: limit, style: CellStyle(reverse: field.isSelected))
            grid.write(hint, row: rect.row, column: after, limit: limit)
            let cursor = end + DisplayWidth.columns(of: field.text.prefix(field.cursor))
            grid.cursor = (rect.row, min(cursor, limit - 1))
        case .saveBeforeQuit?:
            let end = grid.write("Save merged text before quitting?", row: rect.row, column: rect.column,
                                 limit: limit, style: CellStyle(bold: true))
            // `n` discards nothing: the forks keep what was typed, and the next open shows it.
            grid.write(" y: save  n: quit, keep edits  Esc: stay", row: rect.row, column: end, limit: limit)
            grid.cursor = (rect.row, min(end, limit - 1))
        case nil:
            let name = status.fileName ?? "(new document)"
            var end = grid.write(" \(name)\(status.isModified ? " [modified]" : "")", row: rect.row,
                                 column: rect.column, limit: limit, style: CellStyle(bold: true))
            if let noticeLines {
                for (offset, line) in noticeLines.enumerated() where offset + 1 < rect.height {
                    grid.write(line, row: rect.row + 1 + offset, column: rect.column + 2, limit: limit)
                }
            } else if let notices = status.notices {
                end = grid.write("  \(notices)", row: rect.row, column: end, limit: limit)
            }
            // The focused pane's cursor, right-aligned, where the row has room left for it.
            if let cursor {
                let position = cursorPositionText(cursor)
                let column = limit - position.count - 1
                if column > end + 1 { grid.write(position, row: rect.row, column: column, limit: limit) }
            }
        }
    }

    /// The cursor's place as the status line shows it, counted from 1 as editors do.
    static func cursorPositionText(_ cursor: TextPosition) -> String {
        "Ln \(cursor.line + 1), Col \(cursor.column + 1)"
    }

    /// The label before a prompt's field and the hint after it.
    private static func promptWording(_ prompt: StatusPrompt?) -> (label: String, hint: String) {
        switch prompt {
        case .search?: return ("Find: ", "  (Enter find, Esc cancel)")
        case .goToLine?: return ("Go to line: ", "  (line or line:column, Enter go, Esc cancel)")
        case .replaceText?: return ("Replace: ", "  (in the selection, or everywhere; Enter next, Esc cancel)")
        case .replacement(let query, _)?: return ("Replace \"\(query)\" with: ", "  (Enter replace all, Esc cancel)")
        default: return ("File name to write: ", "  (Enter save, Esc cancel)")
        }
    }

    private static func drawHints(_ hints: [(key: String, label: String)], in rect: ScreenRect, into grid: inout CellGrid) {
        let limit = rect.column + rect.width
        var column = rect.column
        for hint in hints {
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
