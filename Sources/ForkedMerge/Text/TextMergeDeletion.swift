/// Ancestor text a merge left out, and where it was: what an editor shows struck through
/// beside the merged text, so a reader sees what each side removed, not only what it added.
public struct TextMergeDeletion: Sendable, Equatable {
    /// Which side removed the text.
    public enum Side: Sendable, Hashable {
        /// Only the dominant side removed it (or replaced it).
        case dominant
        /// Only the subordinate side removed it.
        case subordinate
        /// Both sides removed it.
        case both
    }

    /// Where the text was, as a UTF-8 offset in the merged text: it stood just before the
    /// merged text from this offset on (and before any text that replaced it).
    public var utf8Offset: Int
    /// The ancestor text that is not in the merge.
    public var text: String
    /// Who removed it.
    public var side: Side

    /// Creates a deletion.
    public init(utf8Offset: Int, text: String, side: Side) {
        self.utf8Offset = utf8Offset
        self.text = text
        self.side = side
    }
}

extension TextMergeComputation {
    /// The ancestor text between the merge's kept ancestor pieces, each part attributed to the
    /// side (or sides) whose changes cover it. Ancestor text inside a conflict's versions
    /// (`conflicts`, ranges of the merged text) belongs to those versions, not to what was kept,
    /// so the conflict's ancestor text counts as deleted, shown before the two versions.
    func deletions(outside conflicts: [Range<Int>]) -> [TextMergeDeletion] {
        let ancestor = policy.ancestor
        var result: [TextMergeDeletion] = []
        var outputOffset = 0
        // The ancestor text up to here is accounted for, and it ended at `outputAfterAncestor` in the merge.
        var ancestorCursor = 0
        var outputAfterAncestor = 0
        var dominantIndex = 0
        var subordinateIndex = 0
        func attribute(_ gap: Range<Int>, at offset: Int) {
            var cuts = [gap.lowerBound, gap.upperBound]
            func covering(_ hunks: [DiffHunk], from index: inout Int) -> [Range<Int>] {
                while index < hunks.count, hunks[index].ancestor.upperBound <= gap.lowerBound { index += 1 }
                var ranges: [Range<Int>] = []
                var next = index
                while next < hunks.count, hunks[next].ancestor.lowerBound < gap.upperBound {
                    let range = hunks[next].ancestor.clamped(to: gap)
                    if !range.isEmpty {
                        ranges.append(range)
                        cuts += [range.lowerBound, range.upperBound]
                    }
                    next += 1
                }
                return ranges
            }
            let dominantRanges = covering(dominantHunks, from: &dominantIndex)
            let subordinateRanges = covering(subordinateHunks, from: &subordinateIndex)
            cuts = Array(Set(cuts)).sorted()
            // Every range's ends are cuts, so each piece between two cuts lies wholly inside or
            // wholly outside each range; both lists are sorted, so one pass over each finds them.
            var nextDominant = 0
            var nextSubordinate = 0
            func covers(_ ranges: [Range<Int>], _ index: inout Int, _ from: Int) -> Bool {
                while index < ranges.count, ranges[index].upperBound <= from { index += 1 }
                return index < ranges.count && ranges[index].lowerBound <= from
            }
            for (from, to) in zip(cuts, cuts.dropFirst()) {
                let byDominant = covers(dominantRanges, &nextDominant, from)
                let bySubordinate = covers(subordinateRanges, &nextSubordinate, from)
                let side: TextMergeDeletion.Side = byDominant && bySubordinate ? .both : bySubordinate ? .subordinate : byDominant ? .dominant : .both
                let text = String(decoding: UnsafeBufferPointer(rebasing: ancestor[from..<to]), as: UTF8.self)
                if let last = result.last, last.utf8Offset == offset, last.side == side {
                    result[result.count - 1].text += text
                } else {
                    result.append(TextMergeDeletion(utf8Offset: offset, text: text, side: side))
                }
            }
        }
        var conflictIndex = 0
        for piece in pieces where !piece.range.isEmpty {
            while conflictIndex < conflicts.count, conflicts[conflictIndex].upperBound <= outputOffset { conflictIndex += 1 }
            let inConflict = conflictIndex < conflicts.count && conflicts[conflictIndex].lowerBound < outputOffset + piece.range.count
            if case .ancestor = piece.source, piece.origin == .ancestor, !inConflict, piece.range.lowerBound >= ancestorCursor {
                if piece.range.lowerBound > ancestorCursor {
                    attribute(ancestorCursor..<piece.range.lowerBound, at: outputAfterAncestor)
                }
                ancestorCursor = piece.range.upperBound
                outputAfterAncestor = outputOffset + piece.range.count
            }
            outputOffset += piece.range.count
        }
        if ancestorCursor < ancestor.count { attribute(ancestorCursor..<ancestor.count, at: outputAfterAncestor) }
        return result
    }
}
