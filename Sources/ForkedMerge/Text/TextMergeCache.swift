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
    /// A side's text with its diff against ``ancestor``.
    private struct PreparedSide: Sendable {
        let text: String
        let hunks: [DiffHunk]
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
    /// merge over the same ancestor.
    package mutating func mergeWithOrigins(
        _ dominant: String, withSubordinate subordinate: String, commonAncestor: String
    ) -> TextMergeResult {
        if let ancestor, TextMergeCache.sameBytes(ancestor, commonAncestor) {
            // Same ancestor: the prepared sides stay valid.
        } else {
            ancestor = commonAncestor
            ancestorLines = nil
            sides = []
        }
        let texts = [dominant, subordinate]
        var hunks: [[DiffHunk]?] = texts.map { text in
            sides.first { TextMergeCache.sameBytes($0.text, text) }?.hunks
        }
        let missing = texts.indices.filter { hunks[$0] == nil }
        if !missing.isEmpty {
            let computed = TextMergeComputation.withBuffers(commonAncestor, dominant, subordinate) { ancestorBuffer, first, second in
                let lines = ancestorLines ?? TextLines(ancestorBuffer)
                ancestorLines = lines
                let buffers = [first, second]
                return TextMergeComputation.sideHunks(ancestor: ancestorBuffer, lines: lines, sides: missing.map { buffers[$0] })
            }
            for (index, side) in missing.enumerated() { hunks[side] = computed[index] }
        }
        let dominantHunks = hunks[0] ?? []
        let subordinateHunks = hunks[1] ?? []
        sides = [PreparedSide(text: dominant, hunks: dominantHunks), PreparedSide(text: subordinate, hunks: subordinateHunks)]
        return TextMergeComputation.run(
            ancestor: commonAncestor, dominant: dominant, subordinate: subordinate,
            dominantHunks: dominantHunks, subordinateHunks: subordinateHunks
        ) { $0.result() }
    }

    /// Whether two strings hold the same UTF-8 bytes (`==` compares canonical equivalence,
    /// and two equivalent texts with different bytes have different diffs).
    static func sameBytes(_ first: String, _ second: String) -> Bool {
        guard first.utf8.count == second.utf8.count else { return false }
        var first = first
        var second = second
        return first.withUTF8 { a in
            second.withUTF8 { b in
                guard let aBase = a.baseAddress, let bBase = b.baseAddress else { return a.count == b.count }
                // The editor passes the unchanged texts back as the same storage.
                if aBase == bBase { return true }
                return memcmp(aBase, bBase, a.count) == 0
            }
        }
    }
}
