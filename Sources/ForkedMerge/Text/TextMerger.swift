/// Merges concurrent edits to a string, character by character, without conflict markers.
///
/// The merge works on `Character`s (grapheme clusters), so an emoji sequence or a letter with a
/// combining accent is never split and `\r\n` stays one unit. It follows the rules a person expects:
/// - a region changed on one side only takes that side's change;
/// - a change made identically on both sides is applied once;
/// - insertions at one place from both sides are both kept, the dominant side's first, each in one piece;
/// - deletions from both sides are applied, and text one side inserted where the other deleted survives;
/// - an edit inside text the other side deleted survives as its whole unit (the edited word, or
///   the edited line when whole lines were deleted), never as a fragment;
/// - where both sides rewrote the same characters differently, the conflict is widened to whole
///   words (or whole lines) and both versions are kept side by side, dominant first, instead of
///   blending letters ("the cat sat" + "the dog sat" + "the cow sat" gives "the dog cow sat");
///   two such conflicts on one line become one conflict of whole lines. These true conflicts
///   are reported by ``mergeWithOrigins(_:withSubordinate:commonAncestor:)`` and
///   ``mergeReportingConflicts(_:withSubordinate:commonAncestor:)``;
/// - a line break is never lost and text is never glued to a neighbouring line;
/// - edits in different places never disturb each other, however close they are.
///
/// The result is deterministic. Lines are diffed first, then changed regions by word chunks and
/// characters, so a merge of long, mostly-equal texts takes time roughly linear in their length.
///
/// ```swift
/// let merged = try TextMerger().merge("Fork Yeah!!!", withSubordinate: "Fork yeah", commonAncestor: "Fork Yeah")
/// // "Fork yeah!!!"
/// ```
public struct TextMerger: Merger {
    /// Creates a text merger.
    public init() {}

    /// Returns the three-way merge of two edited versions of `commonAncestor`.
    ///
    /// The result equals `mergeWithOrigins(dominant, withSubordinate: subordinate, commonAncestor: commonAncestor).text`.
    public func merge(_ dominant: String, withSubordinate subordinate: String, commonAncestor: String) throws -> String {
        // One side unchanged: the other side is the merge exactly, no diff needed.
        if TextMergeCache.sameBytes(dominant, commonAncestor) { return subordinate }
        if TextMergeCache.sameBytes(subordinate, commonAncestor) || TextMergeCache.sameBytes(subordinate, dominant) { return dominant }
        return TextMergeComputation.run(ancestor: commonAncestor, dominant: dominant, subordinate: subordinate, textOnly: true) {
            $0.mergedString()
        }
    }

    /// Returns the merge and its true conflicts (see ``TextMergeConflict``), without origin segments.
    ///
    /// The text equals ``merge(_:withSubordinate:commonAncestor:)``'s.
    public func mergeReportingConflicts(_ dominant: String, withSubordinate subordinate: String, commonAncestor: String) -> TextMergeReport {
        if TextMergeCache.sameBytes(dominant, commonAncestor) { return TextMergeReport(text: subordinate, conflicts: []) }
        if TextMergeCache.sameBytes(subordinate, commonAncestor) || TextMergeCache.sameBytes(subordinate, dominant) {
            return TextMergeReport(text: dominant, conflicts: [])
        }
        return TextMergeComputation.run(ancestor: commonAncestor, dominant: dominant, subordinate: subordinate, textOnly: true) {
            TextMergeReport(text: $0.mergedString(), conflicts: $0.conflicts())
        }
    }

    /// ``mergeReportingConflicts(_:withSubordinate:commonAncestor:)`` on texts given as UTF-8
    /// bytes, such as files mapped into memory, without making strings of them first. The
    /// bytes must be valid UTF-8 (as ``TextBytes`` in Forked checks).
    package func mergeReportingConflicts(
        utf8 dominant: UnsafeBufferPointer<UInt8>, withSubordinate subordinate: UnsafeBufferPointer<UInt8>,
        commonAncestor: UnsafeBufferPointer<UInt8>
    ) -> TextMergeReport {
        if TextSplitting.sameBytes(dominant, commonAncestor) {
            return TextMergeReport(text: String(decoding: subordinate, as: UTF8.self), conflicts: [])
        }
        if TextSplitting.sameBytes(subordinate, commonAncestor) || TextSplitting.sameBytes(subordinate, dominant) {
            return TextMergeReport(text: String(decoding: dominant, as: UTF8.self), conflicts: [])
        }
        return TextMergeComputation.run(ancestor: commonAncestor, dominant: dominant, subordinate: subordinate, textOnly: true) {
            TextMergeReport(text: $0.mergedString(), conflicts: $0.conflicts())
        }
    }

    /// Returns the merge as runs attributed to the side they come from, with change statistics.
    ///
    /// Use it to colour a merge view, or to report how much each side changed.
    public func mergeWithOrigins(_ dominant: String, withSubordinate subordinate: String, commonAncestor: String) -> TextMergeResult {
        TextMergeComputation.run(ancestor: commonAncestor, dominant: dominant, subordinate: subordinate) { $0.result() }
    }
}
