/// One undoable step: an edit, the text it replaced (what undoing puts back) and where the
/// cursor was before it. Offsets (rather than line and column) let the history follow the
/// text through a merge, which shifts them (see ``UndoHistory/rebase(onto:)``).
public struct UndoStep: Sendable, Equatable {
    /// The edit, as it was applied.
    public var edit: TextEdit
    /// The text the edit replaced.
    public var removed: String
    /// The cursor's UTF-8 offset before the edit.
    public var cursorBefore: Int

    /// Creates a step.
    public init(edit: TextEdit, removed: String, cursorBefore: Int) {
        self.edit = edit
        self.removed = removed
        self.cursorBefore = cursorBefore
    }

    /// The edit that undoes this one.
    public var inverse: TextEdit { edit.inverse(restoring: removed) }

    /// This step and `next` (made right after it) as one, when `next` continues typing or
    /// deleting where this one ended, within a word: a typing burst undoes word by word.
    func grouped(with next: UndoStep) -> UndoStep? {
        let (inserted, nextInserted) = (edit.inserted, next.edit.inserted)
        if removed.isEmpty, next.removed.isEmpty, next.edit.utf8Offset == edit.insertedUTF8Range.upperBound {
            // A word and the spaces after it are one group; the next word starts another.
            let endsWord = inserted.last?.isWhitespace == true
            if endsWord, nextInserted.first?.isWhitespace == false { return nil }
            let joined = TextEdit(utf8Offset: edit.utf8Offset, removedUTF8Count: 0, inserted: inserted + nextInserted)
            return UndoStep(edit: joined, removed: "", cursorBefore: cursorBefore)
        }
        if inserted.isEmpty, nextInserted.isEmpty {
            if next.edit.utf8Range.upperBound == edit.utf8Offset {  // Backspace, backwards.
                return UndoStep(edit: TextEdit(utf8Offset: next.edit.utf8Offset, removedUTF8Count: next.edit.removedUTF8Count + edit.removedUTF8Count, inserted: ""),
                                removed: next.removed + removed, cursorBefore: cursorBefore)
            }
            if next.edit.utf8Offset == edit.utf8Offset {  // Delete, forwards.
                return UndoStep(edit: TextEdit(utf8Offset: edit.utf8Offset, removedUTF8Count: edit.removedUTF8Count + next.edit.removedUTF8Count, inserted: ""),
                                removed: removed + next.removed, cursorBefore: cursorBefore)
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
    /// For an insertion, how many bytes further left it could equally have been made (its
    /// text rotated: `"too "` after `"cake "` is `" too"` after `"cake"`); a diff cannot tell
    /// which, so the undo history picks the place that keeps its own edits whole.
    public var slack: Int

    /// Creates a hunk.
    public init(range: Range<Int>, newLength: Int, slack: Int = 0) {
        self.range = range
        self.newLength = newLength
        self.slack = range.isEmpty ? max(0, min(slack, range.lowerBound)) : 0
    }

    /// This insertion placed where it does not split `edit` (an inserted range), keeping the
    /// leftmost places that do not; `nil` when every place splits it. Other hunks are returned
    /// as they are.
    func placed(around edit: Range<Int>) -> TextHunk? {
        guard range.isEmpty, slack > 0, !edit.isEmpty else { return self }
        let (lowest, highest) = (range.lowerBound - slack, range.lowerBound)
        if lowest <= edit.lowerBound {
            let upper = min(highest, edit.lowerBound)
            return TextHunk(range: upper..<upper, newLength: newLength, slack: upper - lowest)
        }
        if highest >= edit.upperBound {
            let lower = max(lowest, edit.upperBound)
            return TextHunk(range: highest..<highest, newLength: newLength, slack: highest - lower)
        }
        return nil
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
    private var steps: [UndoStep] = []
    private var undone: [UndoStep] = []
    /// Whether the next typed edit may join the last one (cleared by cursor moves).
    private var canGroup = false

    /// Creates an empty history.
    public init(limit: Int = 1000) {
        self.limit = max(1, limit)
    }

    /// Whether there is anything to undo.
    public var isEmpty: Bool { steps.isEmpty }

    /// Number of edits that can be undone.
    public var count: Int { steps.count }

    /// Whether there is anything to redo.
    public var canRedo: Bool { !undone.isEmpty }

    /// Remembers an edit, joining it to the previous one when `grouping` (typing) allows and
    /// dropping the oldest when full. A new edit forgets what was undone.
    public mutating func push(_ step: UndoStep, grouping: Bool = false) {
        undone.removeAll()
        if grouping, canGroup, let last = steps.last, let joined = last.grouped(with: step) {
            steps[steps.count - 1] = joined
        } else {
            if steps.count == limit { steps.removeFirst() }
            steps.append(step)
        }
        canGroup = grouping
    }

    /// Ends the current typing group (the cursor moved away).
    public mutating func endGroup() {
        canGroup = false
    }

    /// Takes the most recent edit for undoing, keeping it for redo.
    public mutating func popForUndo() -> UndoStep? {
        canGroup = false
        guard let step = steps.popLast() else { return nil }
        undone.append(step)
        return step
    }

    /// Takes the most recently undone edit for redoing, keeping it for undo again.
    public mutating func popForRedo() -> UndoStep? {
        canGroup = false
        guard let step = undone.popLast() else { return nil }
        steps.append(step)
        return step
    }

    /// Forgets everything.
    public mutating func removeAll() {
        steps.removeAll()
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
        var kept: [UndoStep] = []
        for step in steps.reversed() {
            // `hunks` are in offsets of the text right after `step`.
            let range = step.edit.insertedUTF8Range
            // An insertion that could sit on either side of this edit goes before it, so a
            // word typed after a space stays beside it.
            let placed = hunks.map { $0.placed(around: range) }
            if placed.contains(nil) { break }
            hunks = placed.compactMap { $0 }
            let touches = hunks.contains { hunk in
                hunk.range.overlaps(range)
                    || (hunk.range.isEmpty && hunk.range.lowerBound > range.lowerBound && hunk.range.lowerBound < range.upperBound)
                    || (range.isEmpty && hunk.range.lowerBound < range.lowerBound && hunk.range.upperBound > range.lowerBound)
            }
            if touches { break }
            let shift = hunks.filter { $0.range.upperBound <= range.lowerBound }.reduce(0) { $0 + $1.delta }
            // Into offsets of the text before `step`: hunks after it move by what it changed.
            let change = -step.edit.utf8Delta
            hunks = hunks.map { hunk in
                guard hunk.range.lowerBound >= range.upperBound else { return hunk }
                return TextHunk(range: (hunk.range.lowerBound + change)..<(hunk.range.upperBound + change), newLength: hunk.newLength, slack: hunk.slack)
            }
            let cursorShift = hunks.filter { $0.range.upperBound <= step.cursorBefore }.reduce(0) { $0 + $1.delta }
            var moved = step
            moved.edit.utf8Offset += shift
            moved.cursorBefore += cursorShift
            kept.append(moved)
        }
        steps = kept.reversed()
    }
}
