/// One reversible edit, in UTF-8 offsets of the text: the bytes at `utf8Offset` that were
/// `removed` became `inserted`. Offsets (rather than line and column) let the history follow
/// the text through a merge, which shifts them (see ``UndoHistory/rebase(onto:)``).
public struct EditRecord: Sendable, Equatable {
    /// Where the edit starts, in the text before (and after) it.
    public var utf8Offset: Int
    /// The text the edit removed.
    public var removed: String
    /// The text the edit put in its place.
    public var inserted: String
    /// The cursor's UTF-8 offset before the edit.
    public var cursorBefore: Int

    /// The bytes `inserted` occupies in the text after the edit.
    var insertedRange: Range<Int> { utf8Offset..<(utf8Offset + inserted.utf8.count) }

    /// The edit that undoes this one.
    var inverse: EditRecord {
        EditRecord(utf8Offset: utf8Offset, removed: inserted, inserted: removed, cursorBefore: utf8Offset + inserted.utf8.count)
    }

    /// This edit and `next` (made right after it) as one, when `next` continues typing or
    /// deleting where this one ended, within a word: a typing burst undoes word by word.
    func grouped(with next: EditRecord) -> EditRecord? {
        if removed.isEmpty, next.removed.isEmpty, next.utf8Offset == utf8Offset + inserted.utf8.count {
            // A word and the spaces after it are one group; the next word starts another.
            let endsWord = inserted.last?.isWhitespace == true
            if endsWord, next.inserted.first?.isWhitespace == false { return nil }
            return EditRecord(utf8Offset: utf8Offset, removed: "", inserted: inserted + next.inserted, cursorBefore: cursorBefore)
        }
        if inserted.isEmpty, next.inserted.isEmpty {
            if next.utf8Offset + next.removed.utf8.count == utf8Offset {  // Backspace, backwards.
                return EditRecord(utf8Offset: next.utf8Offset, removed: next.removed + removed, inserted: "", cursorBefore: cursorBefore)
            }
            if next.utf8Offset == utf8Offset {  // Delete, forwards.
                return EditRecord(utf8Offset: utf8Offset, removed: removed + next.removed, inserted: "", cursorBefore: cursorBefore)
            }
        }
        return nil
    }
}

/// One change a merge (or another process) made to a fork's text: the bytes `range` of the
/// old text became `newLength` bytes.
public struct TextHunk: Sendable, Equatable {
    /// The replaced bytes of the old text.
    public var range: Range<Int>
    /// How many bytes replaced them.
    public var newLength: Int

    /// Creates a hunk.
    public init(range: Range<Int>, newLength: Int) {
        self.range = range
        self.newLength = newLength
    }

    /// How much the hunk moves the text after it.
    var delta: Int { newLength - range.count }
}

/// A bounded undo stack and its redo stack for one fork's pane.
///
/// Edits are stored rather than whole texts so a megabyte document does not cost a
/// megabyte per keystroke of history.
public struct UndoHistory: Sendable, Equatable {
    /// How many edits are kept; older ones are forgotten.
    public let limit: Int
    private var records: [EditRecord] = []
    private var undone: [EditRecord] = []
    /// Whether the next typed edit may join the last one (cleared by cursor moves).
    private var canGroup = false

    /// Creates an empty history.
    public init(limit: Int = 1000) {
        self.limit = max(1, limit)
    }

    /// Whether there is anything to undo.
    public var isEmpty: Bool { records.isEmpty }

    /// Number of edits that can be undone.
    public var count: Int { records.count }

    /// Whether there is anything to redo.
    public var canRedo: Bool { !undone.isEmpty }

    /// Remembers an edit, joining it to the previous one when `grouping` (typing) allows and
    /// dropping the oldest when full. A new edit forgets what was undone.
    public mutating func push(_ record: EditRecord, grouping: Bool = false) {
        undone.removeAll()
        if grouping, canGroup, let last = records.last, let joined = last.grouped(with: record) {
            records[records.count - 1] = joined
        } else {
            if records.count == limit { records.removeFirst() }
            records.append(record)
        }
        canGroup = grouping
    }

    /// Ends the current typing group (the cursor moved away).
    public mutating func endGroup() {
        canGroup = false
    }

    /// Takes the most recent edit for undoing, keeping it for redo.
    public mutating func popForUndo() -> EditRecord? {
        canGroup = false
        guard let record = records.popLast() else { return nil }
        undone.append(record)
        return record
    }

    /// Takes the most recently undone edit for redoing, keeping it for undo again.
    public mutating func popForRedo() -> EditRecord? {
        canGroup = false
        guard let record = undone.popLast() else { return nil }
        records.append(record)
        return record
    }

    /// Forgets everything.
    public mutating func removeAll() {
        records.removeAll()
        undone.removeAll()
        canGroup = false
    }

    /// Carries the history through a change of the whole text (a merge brought in other edits):
    /// `hunks` (sorted, in offsets of the text as it was) say what changed. Edits untouched by
    /// the change stay undoable at their shifted places; from the newest edit the change
    /// touched, that edit and every older one are forgotten (they no longer describe the
    /// text). Redo is forgotten.
    public mutating func rebase(onto hunks: [TextHunk]) {
        undone.removeAll()
        canGroup = false
        var hunks = hunks
        var kept: [EditRecord] = []
        for record in records.reversed() {
            // `hunks` are in offsets of the text right after `record`.
            let range = record.insertedRange
            let touches = hunks.contains { hunk in
                hunk.range.overlaps(range)
                    || (hunk.range.isEmpty && hunk.range.lowerBound > range.lowerBound && hunk.range.lowerBound < range.upperBound)
                    || (range.isEmpty && hunk.range.lowerBound < range.lowerBound && hunk.range.upperBound > range.lowerBound)
            }
            if touches { break }
            let shift = hunks.filter { $0.range.upperBound <= range.lowerBound }.reduce(0) { $0 + $1.delta }
            // Into offsets of the text before `record`: hunks after it move by what it changed.
            let change = record.removed.utf8.count - record.inserted.utf8.count
            hunks = hunks.map { hunk in
                guard hunk.range.lowerBound >= range.upperBound else { return hunk }
                return TextHunk(range: (hunk.range.lowerBound + change)..<(hunk.range.upperBound + change), newLength: hunk.newLength)
            }
            let cursorShift = hunks.filter { $0.range.upperBound <= record.cursorBefore }.reduce(0) { $0 + $1.delta }
            var moved = record
            moved.utf8Offset += shift
            moved.cursorBefore += cursorShift
            kept.append(moved)
        }
        records = kept.reversed()
    }
}
