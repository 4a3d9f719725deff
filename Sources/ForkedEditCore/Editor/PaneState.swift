/// Everything one editing pane knows about its text, cursor, scroll offsets and history.
public struct PaneState: Sendable, Equatable {
    /// The fork's text.
    public private(set) var buffer: TextBuffer
    /// The cursor.
    public private(set) var cursor: TextPosition = .start
    /// The display column vertical moves try to keep, so passing a short line does not
    /// lose the column.
    private var goalDisplayColumn: Int?
    /// The first line shown.
    public private(set) var topLine = 0
    /// The first display column shown (horizontal scroll of long lines).
    public private(set) var leftColumn = 0
    /// The edits that can be undone.
    public private(set) var history = UndoHistory()
    /// What the most recent edit or undo replaced, for observers that record edits;
    /// `nil` after the text was replaced wholesale.
    public private(set) var lastChange: PaneTextChange?

    /// Creates a pane showing `text` with the cursor at the start.
    public init(text: String) {
        buffer = TextBuffer(text: text)
    }

    /// The display column of the cursor within its line.
    public var cursorDisplayColumn: Int {
        TextColumns.displayColumn(ofCharacter: cursor.column, in: buffer.lines[cursor.line])
    }

    // MARK: Editing

    /// Inserts text at the cursor; pasted `"\r\n"` and `"\r"` line breaks become `"\n"`.
    /// Returns whether the text changed.
    @discardableResult
    public mutating func insert(_ text: String) -> Bool {
        guard !text.isEmpty else { return false }
        let normalized = text.utf8.contains(UInt8(ascii: "\r"))
            ? text.replacing("\r\n", with: "\n").replacing("\r", with: "\n")
            : text
        return replace(from: cursor, to: cursor, with: normalized)
    }

    /// Deletes the character before the cursor (joining lines at a line start).
    @discardableResult
    public mutating func deleteBackward() -> Bool {
        guard let previous = buffer.position(before: cursor) else { return false }
        return replace(from: previous, to: cursor, with: "")
    }

    /// Deletes the character at the cursor (joining lines at a line end).
    @discardableResult
    public mutating func deleteForward() -> Bool {
        guard let next = buffer.position(after: cursor) else { return false }
        return replace(from: cursor, to: next, with: "")
    }

    /// Reverts the most recent edit. Returns whether there was one.
    @discardableResult
    public mutating func undo() -> Bool {
        guard let record = history.pop() else { return false }
        lastChange = PaneTextChange(
            utf8Offset: buffer.utf8Offset(of: record.start),
            removedUTF8Count: buffer.text(from: record.start, to: record.insertedEnd).utf8.count,
            inserted: record.removed
        )
        buffer.replace(from: record.start, to: record.insertedEnd, with: record.removed)
        cursor = buffer.clamped(record.cursorBefore)
        goalDisplayColumn = nil
        return true
    }

    private mutating func replace(from start: TextPosition, to end: TextPosition, with text: String) -> Bool {
        let removed = buffer.text(from: start, to: end)
        guard removed != text else { return false }
        let before = cursor
        lastChange = PaneTextChange(
            utf8Offset: buffer.utf8Offset(of: min(start, end)), removedUTF8Count: removed.utf8.count, inserted: text
        )
        let insertedEnd = buffer.replace(from: start, to: end, with: text)
        history.push(EditRecord(start: min(start, end), insertedEnd: insertedEnd, removed: removed, cursorBefore: before))
        cursor = insertedEnd
        goalDisplayColumn = nil
        return true
    }

    /// Replaces the whole text (after a merge), putting the cursor at `cursor` and
    /// forgetting history, whose positions no longer describe the new text.
    public mutating func replaceAll(with text: String, cursor newCursor: TextPosition) {
        buffer = TextBuffer(text: text)
        cursor = buffer.clamped(newCursor)
        goalDisplayColumn = nil
        history.removeAll()
        lastChange = nil
    }

    // MARK: Moving

    /// Moves the cursor; `pageHeight` is the number of text rows the pane shows.
    public mutating func move(_ movement: CursorMovement, pageHeight: Int) {
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
        case .up: moveVertically(by: -1)
        case .down: moveVertically(by: 1)
        case .pageUp:
            moveVertically(by: -page)
            topLine = max(0, topLine - page)
        case .pageDown:
            moveVertically(by: page)
            topLine = min(max(0, buffer.lineCount - 1), topLine + page)
        }
    }

    private mutating func moveVertically(by delta: Int) {
        let goal = goalDisplayColumn ?? cursorDisplayColumn
        let line = min(max(0, cursor.line + delta), buffer.lineCount - 1)
        if line == cursor.line {
            // Already on the first or last line: go to its start or end, like most editors.
            cursor.column = delta < 0 ? 0 : buffer.characterCount(inLine: line)
            goalDisplayColumn = nil
            return
        }
        cursor = TextPosition(line: line, column: TextColumns.character(atDisplayColumn: goal, in: buffer.lines[line]))
        goalDisplayColumn = goal
    }

    /// Puts the cursor at `position` (clamped), as after a merge.
    public mutating func setCursor(_ position: TextPosition) {
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
        let lineIndex = buffer.index(cursor.column, in: line)
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
