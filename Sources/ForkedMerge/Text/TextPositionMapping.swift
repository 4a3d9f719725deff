/// Carries a place in a text (a cursor, a selection's end) to a later version of the text, so
/// that it stays on the same characters.
///
/// The two versions are diffed character by character, as a merge diffs each side against
/// the ancestor. A place before a change keeps its offset, one after it moves by what the
/// change added or removed, and one inside replaced or deleted text lands where that text was.
/// Text inserted exactly at the place goes after it, as a collaborative editor keeps a caret
/// in front of what someone else types there: a caret pushed past another person's words
/// would put the next keystroke after them and interleave the two people's text.
package struct TextPositionMapping: Sendable {
    /// The changed regions from the old text to the new, as UTF-8 ranges, in order.
    package let changes: [(old: Range<Int>, new: Range<Int>)]
    private let newLength: Int

    /// Diffs `oldText` and `newText`.
    package init(from oldText: String, to newText: String) {
        newLength = newText.utf8.count
        guard oldText != newText else {
            changes = []
            return
        }
        changes = TextMergeComputation.withBuffers(oldText, newText, "") { old, new, _ in
            let lines = TextLines(old)
            return TextMergeComputation.sideDiffs(ancestor: old, lines: lines, sides: [new])[0].hunks.map { ($0.ancestor, $0.side) }
        }
    }

    /// The UTF-8 offset in the new text of `offset`, a UTF-8 offset at a character boundary of
    /// the old text.
    package func offset(_ offset: Int) -> Int {
        var shift = 0
        for change in changes {
            // Before the change, or at its start: in front of whatever it puts there.
            if offset <= change.old.lowerBound { return max(0, min(newLength, offset + shift)) }
            // Inside replaced or deleted text: where that text was.
            if offset < change.old.upperBound { return min(newLength, change.new.lowerBound) }
            shift = change.new.upperBound - change.old.upperBound
        }
        return max(0, min(newLength, offset + shift))
    }
}
