#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// Repeated text merges over the same ancestor that keep each side's diff against the ancestor,
/// so a merge in which only one side changed diffs only that side.
///
/// An editor showing a live merge edits one fork per keystroke: the other fork and the ancestor
/// are unchanged, and their diff is the larger half of the merge's cost on a long document. A
/// side's diff depends only on the ancestor's bytes and that side's bytes, so reusing it gives
/// exactly the result of a fresh ``TextMerger/mergeWithOrigins(_:withSubordinate:commonAncestor:)``.
package struct TextMergeCache: Sendable {
    /// A side's text with its lines and its diff against ``ancestor``.
    private struct PreparedSide: Sendable {
        let text: String
        let diff: TextMergeComputation.SideDiff
    }

    /// The ancestor the prepared sides were diffed against, with its lines.
    private var ancestor: String?
    private var ancestorLines: TextLines?
    /// The sides of the most recent merge (at most two).
    private var sides: [PreparedSide] = []

    /// Creates an empty cache.
    package init() {}

    /// Returns what `TextMerger().mergeWithOrigins(dominant, withSubordinate: subordinate,
    /// commonAncestor: commonAncestor)` returns, diffing only the sides not seen in the previous
    /// merge over the same ancestor (and re-splitting only the changed lines of an edited side).
    package mutating func mergeWithOrigins(
        _ dominant: String, withSubordinate subordinate: String, commonAncestor: String
    ) -> TextMergeResult {
        // Neither side changed anything (an editor just opened its forks): the ancestor, as the
        // full merge gives it, without splitting three copies of it into lines. The sides are
        // diffed at the first merge that has a change.
        if TextMergeCache.sameBytes(dominant, commonAncestor), TextMergeCache.sameBytes(subordinate, commonAncestor) {
            return TextMergeResult(
                segments: commonAncestor.isEmpty ? [] : [TextMergeSegment(text: commonAncestor, origin: .ancestor)],
                statistics: TextMergeStatistics()
            )
        }
        if let ancestor, TextMergeCache.sameBytes(ancestor, commonAncestor) {
            // Same ancestor: the prepared sides stay valid.
        } else {
            ancestor = commonAncestor
            ancestorLines = nil
            sides = []
        }
        let texts = [dominant, subordinate]
        let found: [Int?] = texts.map { text in sides.firstIndex { TextMergeCache.sameBytes($0.text, text) } }
        var diffs: [TextMergeComputation.SideDiff?] = found.map { $0.map { sides[$0].diff } }
        let missing = texts.indices.filter { diffs[$0] == nil }
        if !missing.isEmpty {
            // A side edited since the last merge is split into lines from its previous version:
            // the prepared side no present text matched.
            let previous = missing.count == 1 ? sides.indices.first { !found.contains($0) }.map { sides[$0] } : nil
            let computed = TextMergeComputation.withOwnedBuffers(commonAncestor, dominant, subordinate) { ancestorBuffer, first, second, owner in
                let lines = ancestorLines ?? TextLines(ancestorBuffer)
                ancestorLines = lines
                let buffers = [first, second]
                let inputs = missing.map { side in
                    var input = TextMergeComputation.SideInput(bytes: buffers[side])
                    if var previousText = previous?.text, let previousLines = previous?.diff.lines {
                        input.lines = previousText.withUTF8 { TextLines(buffers[side], updating: previousLines, of: $0) }
                    }
                    return input
                }
                return TextMergeComputation.sideDiffs(ancestor: ancestorBuffer, lines: lines, sides: inputs, owner: owner)
            }
            for (index, side) in missing.enumerated() { diffs[side] = computed[index] }
        }
        guard let dominantDiff = diffs[0], let subordinateDiff = diffs[1] else {
            // Every side was found or computed above; a fresh merge is the safe answer regardless.
            return TextMerger().mergeWithOrigins(dominant, withSubordinate: subordinate, commonAncestor: commonAncestor)
        }
        sides = [PreparedSide(text: dominant, diff: dominantDiff), PreparedSide(text: subordinate, diff: subordinateDiff)]
        return TextMergeComputation.run(
            ancestor: commonAncestor, dominant: dominant, subordinate: subordinate,
            dominantHunks: dominantDiff.hunks, subordinateHunks: subordinateDiff.hunks
        ) { $0.result() }
    }

    /// Whether two strings hold the same UTF-8 bytes (`==` compares canonical equivalence,
    /// and two equivalent texts with different bytes have different diffs).
    static func sameBytes(_ first: String, _ second: String) -> Bool {
        guard first.utf8.count == second.utf8.count else { return false }
        var first = first
        var second = second
        return first.withUTF8 { a in
            second.withUTF8 { b in TextSplitting.sameBytes(a, b) }
        }
    }
}
