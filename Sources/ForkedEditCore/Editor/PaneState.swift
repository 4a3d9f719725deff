/// Everything one editing pane knows about its text, cursor, scroll offsets and history.
public struct PaneState: Sendable, Equatable {
    /// The fork's text.
    public private(set) var buffer: TextBuffer
    /// The cursor.
    public private(set) var cursor: TextPosition = .start
    /// The display column vertical moves try to keep, so passing a short line does not
    /// lose the column.
    private var goalDisplayColumn: Int?
    /// The width lines wrap at on screen (soft wrap), or `nil` when they do not: Up and Down
    /// then move by screen rows, as in other editors with soft wrap.
    public internal(set) var wrapWidth: Int?
    /// The first line shown.
    public internal(set) var topLine = 0
    /// The first display column shown (horizontal scroll of long lines).
    public internal(set) var leftColumn = 0
    /// Where the selection started (the other end is the cursor), or `nil` for no selection.
    public private(set) var selectionAnchor: TextPosition?
    /// The edits that can be undone.
    public private(set) var history = UndoHistory()
    /// The most recent edit or undo, until ``takeLastChange()`` hands it over; `nil` after
    /// the text was replaced wholesale.
    public private(set) var lastChange: TextEdit?
    /// Lines where a merge kept both versions of a conflict, marked until they are edited
    /// (see ``markConflicts(_:)``).
    public private(set) var conflictLines: [Range<Int>] = []

    /// Creates a pane showing `text` with the cursor at the start.
    public init(text: String) {
        buffer = TextBuffer(text: text)
    }

    /// The display column of the cursor within its line.
    public var cursorDisplayColumn: Int {
        buffer.displayColumn(of: cursor)
    }

    // MARK: Editing

    /// Inserts text at the cursor; pasted `"\r\n"` and `"\r"` line breaks become `"\n"`.
    /// Returns whether the text changed.
    ///
    /// - Parameter typing: Whether this is typing, which undo groups by word; a paste is not.
    @discardableResult
    public mutating func insert(_ text: String, typing: Bool = false) -> Bool {
        guard !text.isEmpty else { return false }
        let normalized = ByteScanning.contains(UInt8(ascii: "\r"), in: text)
            ? text.replacing("\r\n", with: "\n").replacing("\r", with: "\n")
            : text
        if let selection {
            return replace(from: selection.start, to: selection.end, with: normalized, grouping: false)
        }
        return replace(from: cursor, to: cursor, with: normalized, grouping: typing)
    }

    /// Deletes the character before the cursor (joining lines at a line start).
    @discardableResult
    public mutating func deleteBackward() -> Bool {
        if deleteSelection() { return true }
        guard let previous = buffer.position(before: cursor) else { return false }
        return replace(from: previous, to: cursor, with: "", grouping: true)
    }

    /// Deletes the character at the cursor (joining lines at a line end).
    @discardableResult
    public mutating func deleteForward() -> Bool {
        if deleteSelection() { return true }
        guard let next = buffer.position(after: cursor) else { return false }
        return replace(from: cursor, to: next, with: "", grouping: true)
    }

    /// Reverts the most recent edit (a typed word, a paste). Returns whether there was one.
    @discardableResult
    public mutating func undo() -> Bool {
        guard let step = history.popForUndo() else { return false }
        guard apply(step.inverse, replacing: step.edit.inserted) else {
            // The text no longer holds what the edit inserted: the history is stale.
            history.removeAll()
            return false
        }
        cursor = buffer.position(atUTF8Offset: step.cursorBefore)
        return true
    }

    /// Makes the most recently undone edit again. Returns whether there was one.
    @discardableResult
    public mutating func redo() -> Bool {
        guard let step = history.popForRedo() else { return false }
        guard apply(step.edit, replacing: step.removed) else {
            history.removeAll()
            return false
        }
        cursor = buffer.position(atUTF8Offset: step.edit.insertedUTF8Range.upperBound)
        return true
    }

    /// Applies `edit`, whose range must hold `expected`, without touching the history.
    private mutating func apply(_ edit: TextEdit, replacing expected: String) -> Bool {
        guard let found = buffer.text(inUTF8Range: edit.utf8Range), found.utf8.elementsEqual(expected.utf8) else { return false }
        unmarkConflicts(editing: buffer.position(atUTF8Offset: edit.utf8Range.lowerBound).line...buffer.position(atUTF8Offset: edit.utf8Range.upperBound).line,
                        removing: expected, inserting: edit.inserted)
        lastChange = edit
        buffer.apply(edit)
        selectionAnchor = nil
        goalDisplayColumn = nil
        return true
    }

    mutating func replace(from start: TextPosition, to end: TextPosition, with text: String, grouping: Bool) -> Bool {
        let removed = buffer.text(from: start, to: end)
        guard !removed.utf8.elementsEqual(text.utf8) else { return false }
        let edit = TextEdit(utf8Offset: buffer.utf8Offset(of: min(start, end)), removedUTF8Count: removed.utf8.count, inserted: text)
        let cursorBefore = buffer.utf8Offset(of: cursor)
        unmarkConflicts(editing: min(start, end).line...max(start, end).line, removing: removed, inserting: text)
        lastChange = edit
        let insertedEnd = buffer.replace(from: start, to: end, with: text)
        selectionAnchor = nil
        history.push(UndoStep(edit: edit, removed: removed, cursorBefore: cursorBefore), grouping: grouping)
        cursor = insertedEnd
        goalDisplayColumn = nil
        return true
    }

    /// The most recent edit or undo, handed over once: the session applies it to the fork's
    /// document and reports it, and a later wholesale change of the text cannot be mistaken
    /// for it.
    public mutating func takeLastChange() -> TextEdit? {
        defer { lastChange = nil }
        return lastChange
    }

    /// Replaces the whole text (after a merge), putting the cursor at `cursor`. The history
    /// follows when `hunks` say what changed (see ``UndoHistory/rebase(onto:)``), and is
    /// forgotten when they are `nil`.
    public mutating func replaceAll(with text: String, cursor newCursor: TextPosition, hunks: [TextHunk]? = nil) {
        buffer = TextBuffer(text: text)
        conflictLines = []
        selectionAnchor = nil
        cursor = buffer.clamped(newCursor)
        goalDisplayColumn = nil
        if let hunks {
            history.rebase(onto: hunks)
        } else {
            history.removeAll()
        }
        lastChange = nil
    }

    // MARK: Conflict marks

    /// Marks `lines` (of the current text) as holding both versions of a conflict a merge
    /// kept; each mark stays until an edit touches its lines.
    public mutating func markConflicts(_ lines: [Range<Int>]) {
        conflictLines = lines.map { $0.clamped(to: 0..<buffer.lineCount) }.filter { !$0.isEmpty }
    }

    /// Whether line `number` is marked as a kept conflict.
    public func isConflictLine(_ number: Int) -> Bool {
        conflictLines.contains { $0.contains(number) }
    }

    /// Drops the marks an edit of `lines` touches and moves those below by the lines it adds
    /// or removes.
    private mutating func unmarkConflicts(editing lines: ClosedRange<Int>, removing removed: String, inserting inserted: String) {
        guard !conflictLines.isEmpty else { return }
        let shift = ByteScanning.newlineCount(in: inserted) - ByteScanning.newlineCount(in: removed)
        conflictLines = conflictLines.compactMap { mark in
            if mark.overlaps(lines.lowerBound..<(lines.upperBound + 1)) { return nil }
            return mark.lowerBound > lines.upperBound ? (mark.lowerBound + shift)..<(mark.upperBound + shift) : mark
        }
    }

    // MARK: Moving

    /// The selected text's ends, in order, or `nil` when nothing is selected.
    public var selection: (start: TextPosition, end: TextPosition)? {
        guard let anchor = selectionAnchor, anchor != cursor else { return nil }
        return (min(anchor, cursor), max(anchor, cursor))
    }

    /// The selected text, or `nil`.
    public var selectedText: String? {
        selection.map { buffer.text(from: $0.start, to: $0.end) }
    }

    /// Moves the cursor, extending the selection (`selecting`) or ending it.
    public mutating func move(_ movement: CursorMovement, pageHeight: Int, selecting: Bool) {
        if selecting {
            if selectionAnchor == nil { selectionAnchor = cursor }
        } else {
            selectionAnchor = nil
        }
        let anchor = selectionAnchor
        move(movement, pageHeight: pageHeight)
        selectionAnchor = anchor
    }

    /// Deletes the selection; returns whether there was one.
    @discardableResult
    public mutating func deleteSelection() -> Bool {
        guard let selection else { return false }
        return replace(from: selection.start, to: selection.end, with: "", grouping: false)
    }

    /// Moves the cursor; `pageHeight` is the number of text rows the pane shows. Ends the selection.
    public mutating func move(_ movement: CursorMovement, pageHeight: Int) {
        history.endGroup()
        selectionAnchor = nil
        let page = max(1, pageHeight - 1)
        switch movement {
        case .left:
            if let previous = buffer.position(before: cursor) { cursor = previous }
            goalDisplayColumn = nil
        case .right:
            if let next = buffer.position(after: cursor) { cursor = next }
            goalDisplayColumn = nil
        case .lineStart:
            cursor.column = 0
            goalDisplayColumn = nil
        case .lineEnd:
            cursor.column = buffer.characterCount(inLine: cursor.line)
            goalDisplayColumn = nil
        case .wordLeft:
            // Back over spaces and punctuation, then over the word.
            while let previous = buffer.position(before: cursor), !isWordCharacter(at: previous) { cursor = previous }
            while let previous = buffer.position(before: cursor), isWordCharacter(at: previous) { cursor = previous }
            goalDisplayColumn = nil
        case .wordRight:
            while let next = buffer.position(after: cursor), !isWordCharacter(at: cursor) { cursor = next }
            while let next = buffer.position(after: cursor), isWordCharacter(at: cursor) { cursor = next }
            goalDisplayColumn = nil
        case .documentStart:
            cursor = .start
            goalDisplayColumn = nil
        case .documentEnd:
            cursor = buffer.endPosition
            goalDisplayColumn = nil
        case .up: moveVertically(by: -1)
        case .down: moveVertically(by: 1)
        case .pageUp:
            moveVertically(by: -page)
            topLine = max(0, topLine - page)
        case .pageDown:
            moveVertically(by: page)
            // Never past the point where the last line reaches the bottom: a page down at the
            // end keeps the pane full instead of leaving the last line alone at the top.
            topLine = min(max(0, buffer.lineCount - max(1, pageHeight)), topLine + page)
        }
    }

    /// Whether the character at `position` (none at a line end) is a letter, digit or `_`.
    private func isWordCharacter(at position: TextPosition) -> Bool {
        let line = buffer.lines[position.line]
        let index = buffer.index(position.column, inLine: position.line)
        guard index < line.endIndex else { return false }
        let character = line[index]
        return character.isLetter || character.isNumber || character == "_"
    }

    private mutating func moveVertically(by delta: Int) {
        if let width = wrapWidth {
            for _ in 0..<abs(delta) { moveOneWrappedRow(down: delta > 0, width: max(1, width)) }
            return
        }
        let goal = goalDisplayColumn ?? cursorDisplayColumn
        let line = min(max(0, cursor.line + delta), buffer.lineCount - 1)
        if line == cursor.line {
            // Already on the first or last line: go to its start or end, like most editors.
            cursor.column = delta < 0 ? 0 : buffer.characterCount(inLine: line)
            goalDisplayColumn = nil
            return
        }
        cursor = TextPosition(line: line, column: buffer.column(atDisplayColumn: goal, inLine: line))
        goalDisplayColumn = goal
    }

    /// One screen row down or up with lines wrapped at `width`, keeping the column within the row.
    private mutating func moveOneWrappedRow(down: Bool, width: Int) {
        let column = cursorDisplayColumn
        let wrap = wrap(ofLine: cursor.line, width: width)
        let row = wrap.row(ofColumn: column)
        let goal = goalDisplayColumn ?? column - wrap.rowStarts[row]
        let target: (line: Int, wrap: LineWrap, row: Int)
        if down {
            if row + 1 < wrap.rowCount {
                target = (cursor.line, wrap, row + 1)
            } else if cursor.line + 1 < buffer.lineCount {
                target = (cursor.line + 1, self.wrap(ofLine: cursor.line + 1, width: width), 0)
            } else {
                cursor.column = buffer.characterCount(inLine: cursor.line)
                goalDisplayColumn = nil
                return
            }
        } else {
            if row > 0 {
                target = (cursor.line, wrap, row - 1)
            } else if cursor.line > 0 {
                let above = self.wrap(ofLine: cursor.line - 1, width: width)
                target = (cursor.line - 1, above, above.rowCount - 1)
            } else {
                cursor.column = 0
                goalDisplayColumn = nil
                return
            }
        }
        // Within the row: a goal past its end lands on its last character, not on the next row.
        let columns = target.wrap.columns(ofRow: target.row)
        let isLastRow = target.row + 1 == target.wrap.rowCount
        let display = min(columns.lowerBound + goal, isLastRow ? columns.upperBound : max(columns.lowerBound, columns.upperBound - 1))
        cursor = TextPosition(line: target.line, column: buffer.column(atDisplayColumn: display, inLine: target.line))
        goalDisplayColumn = goal
    }

    /// Moves the cursor to the next (or previous) place of `query`, wrapping around the text.
    /// Returns whether there is one. Matches are found within lines.
    public mutating func find(_ query: String, forward: Bool) -> Bool {
        guard !query.isEmpty else { return false }
        history.endGroup()
        let count = buffer.lineCount
        let line = buffer.lines[cursor.line]
        let here = buffer.index(cursor.column, inLine: cursor.line)
        // The cursor's line after (or before) the cursor, the other lines in turn, then the
        // cursor's line again from the other end.
        if forward {
            let start = here < line.endIndex ? line.index(after: here) : line.endIndex
            if let range = line[start...].firstRange(of: query) { return moveCursor(to: range.lowerBound, inLine: cursor.line) }
            for step in 1...count {
                let number = (cursor.line + step) % count
                let text = buffer.lines[number]
                if let range = text.firstRange(of: query) { return moveCursor(to: range.lowerBound, inLine: number) }
            }
        } else {
            if let range = line[..<here].ranges(of: query).last { return moveCursor(to: range.lowerBound, inLine: cursor.line) }
            for step in 1...count {
                let number = ((cursor.line - step) % count + count) % count
                let text = buffer.lines[number]
                if let range = text.ranges(of: query).last { return moveCursor(to: range.lowerBound, inLine: number) }
            }
        }
        return false
    }

    private mutating func moveCursor(to index: String.Index, inLine number: Int) -> Bool {
        let text = buffer.lines[number]
        cursor = TextPosition(line: number, column: text.distance(from: text.startIndex, to: index))
        goalDisplayColumn = nil
        return true
    }

    /// Puts the cursor at `position` (clamped), as after a merge.
    public mutating func setCursor(_ position: TextPosition) {
        history.endGroup()
        cursor = buffer.clamped(position)
        goalDisplayColumn = nil
    }

    // MARK: Scrolling

    /// Scrolls just enough that the cursor is visible in a text area of the given size.
    public mutating func scrollToCursor(width: Int, height: Int) {
        let height = max(1, height)
        let width = max(1, width)
        if cursor.line < topLine { topLine = cursor.line }
        if cursor.line >= topLine + height { topLine = cursor.line - height + 1 }
        topLine = min(topLine, max(0, buffer.lineCount - 1))
        let line = buffer.lines[cursor.line]
        let column = cursorDisplayColumn
        let lineIndex = buffer.index(cursor.column, inLine: cursor.line)
        let cursorWidth = lineIndex < line.endIndex ? max(1, TextColumns.advance(column, over: line[lineIndex]) - column) : 1
        if column < leftColumn {
            // Jump back by more than one cell so scrolling left through a long line is not jumpy
            // one character at a time.
            leftColumn = max(0, column - width / 2)
        }
        if column + cursorWidth > leftColumn + width {
            leftColumn = column + min(cursorWidth, width) - width + width / 4
        }
        leftColumn = max(0, min(leftColumn, column))
    }
}
