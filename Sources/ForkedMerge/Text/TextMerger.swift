import Forked

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
    /// Inside ``MergeConflictLog/collecting(_:)`` (a sync exchange merging another device's
    /// version, say), the conflicts it keeps are told to the log, with their lines.
    public func merge(_ dominant: String, withSubordinate subordinate: String, commonAncestor: String) throws -> String {
        switch Self.wholeSide(dominant, subordinate, commonAncestor) {
        case .dominant: return dominant
        case .subordinate: return subordinate
        case nil: break
        }
        if MergeConflictLog.isCollecting {
            let report = mergeReportingConflicts(dominant, withSubordinate: subordinate, commonAncestor: commonAncestor)
            MergeConflictLog.record(report.keptConflicts)
            return report.text
        }
        return TextMergeComputation.run(ancestor: commonAncestor, dominant: dominant, subordinate: subordinate, textOnly: true) {
            $0.mergedString()
        }
    }

    /// Returns the merge and its true conflicts (see ``TextMergeConflict``), without origin segments.
    ///
    /// The text equals ``merge(_:withSubordinate:commonAncestor:)``'s.
    public func mergeReportingConflicts(_ dominant: String, withSubordinate subordinate: String, commonAncestor: String) -> TextMergeReport {
        switch Self.wholeSide(dominant, subordinate, commonAncestor) {
        case .dominant: return TextMergeReport(text: dominant, conflicts: [])
        case .subordinate: return TextMergeReport(text: subordinate, conflicts: [])
        case nil: break
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
        switch Self.wholeSide(dominant, subordinate, commonAncestor) {
        case .dominant: return TextMergeReport(text: String(decoding: dominant, as: UTF8.self), conflicts: [])
        case .subordinate: return TextMergeReport(text: String(decoding: subordinate, as: UTF8.self), conflicts: [])
        case nil: break
        }
        return TextMergeComputation.run(ancestor: commonAncestor, dominant: dominant, subordinate: subordinate, textOnly: true) {
            TextMergeReport(text: $0.mergedString(), conflicts: $0.conflicts())
        }
    }

    /// A side that is the whole merge, with no diff needed: the subordinate when the dominant
    /// side is the ancestor, the dominant when the subordinate is the ancestor or the same text.
    private enum WholeSide { case dominant, subordinate }

    /// The side that is the whole merge of the three texts' bytes, or `nil` when they must be diffed.
    private static func wholeSide(
        _ dominant: UnsafeBufferPointer<UInt8>, _ subordinate: UnsafeBufferPointer<UInt8>, _ ancestor: UnsafeBufferPointer<UInt8>
    ) -> WholeSide? {
        if TextSplitting.sameBytes(dominant, ancestor) { return .subordinate }
        if TextSplitting.sameBytes(subordinate, ancestor) || TextSplitting.sameBytes(subordinate, dominant) { return .dominant }
        return nil
    }

    /// The side that is the whole merge of three strings, compared by their UTF-8 bytes.
    private static func wholeSide(_ dominant: String, _ subordinate: String, _ ancestor: String) -> WholeSide? {
        TextMergeComputation.withBuffers(ancestor, dominant, subordinate) { ancestor, dominant, subordinate in
            wholeSide(dominant, subordinate, ancestor)
        }
    }

    /// Returns the merge as runs attributed to the side they come from, with change statistics.
    ///
    /// Use it to colour a merge view, or to report how much each side changed.
    public func mergeWithOrigins(_ dominant: String, withSubordinate subordinate: String, commonAncestor: String) -> TextMergeResult {
        TextMergeComputation.run(ancestor: commonAncestor, dominant: dominant, subordinate: subordinate) { $0.result() }
    }
}
