/// Which changed blocks of lines a text-only merge must diff character by character.
///
/// A block only one side changed is merged as whole lines, whatever changed inside it. Where
/// the two sides' blocks overlap, the characters decide the merge. Where they only touch (one
/// ends at the line where the other starts), the characters matter only at that line
/// boundary: two insertions there merge as one place, a conflict on one side's lines absorbs an
/// insertion at its edge. A replacement whose changed words (the region left when its common
/// prefix and suffix are trimmed to whole words) stop short of the boundary has all its
/// character hunks strictly inside its own lines, away from the boundary and from the line feed
/// before it, so nothing the other side does there reaches them, and its whole lines merge to
/// the same text. Only blocks whose changes reach a boundary they share are refined.
struct RefinementNeed {
    /// The side's diff, for the byte positions of its lines.
    let diff: TextDiff
    /// The side's changed blocks, in line numbers, sorted.
    let hunks: [DiffHunk]

    init(_ diff: TextDiff, _ hunks: [DiffHunk]) {
        self.diff = diff
        self.hunks = hunks
    }

    /// For each of ``hunks``, whether it must be refined against `others` (the other side's).
    func blocksToRefine(meeting others: RefinementNeed) -> [Bool] {
        var result: [Bool] = []
        result.reserveCapacity(hunks.count)
        var next = 0
        for (index, hunk) in hunks.enumerated() {
            // Others ending before this block starts cannot meet it or any later one.
            while next < others.hunks.count, others.hunks[next].ancestor.upperBound < hunk.ancestor.lowerBound { next += 1 }
            var refine = false
            var probe = next
            while !refine, probe < others.hunks.count, others.hunks[probe].ancestor.lowerBound <= hunk.ancestor.upperBound {
                let other = others.hunks[probe]
                // The three-way merge's own test of two sides' hunks interacting, on lines.
                if SidedHunk(side: .dominant, hunk: hunk).interacts(with: SidedHunk(side: .subordinate, hunk: other)) {
                    refine = true
                } else {
                    // They touch: at the end of this block or at its start.
                    let boundary = other.ancestor.lowerBound == hunk.ancestor.upperBound ? hunk.ancestor.upperBound : hunk.ancestor.lowerBound
                    refine = !leavesAlone(index, boundary)
                }
                probe += 1
            }
            result.append(refine)
        }
        return result
    }

    /// Whether block `index` is a replacement small enough to be refined directly whose
    /// changed words stop short of line `boundary` (its first or its end line). Insertions and
    /// deletions of whole lines are never refined; they count as reaching both their ends.
    func leavesAlone(_ index: Int, _ boundary: Int) -> Bool {
        let hunk = hunks[index]
        guard !hunk.ancestor.isEmpty, !hunk.side.isEmpty else { return false }
        let ancestorRange = diff.ancestorLineStarts[hunk.ancestor.lowerBound]..<diff.ancestorLineStarts[hunk.ancestor.upperBound]
        let sideRange = diff.sideLineStarts[hunk.side.lowerBound]..<diff.sideLineStarts[hunk.side.upperBound]
        // Larger blocks are diffed by word chunks first, whose hunks are not bounded this way.
        guard ancestorRange.count + sideRange.count <= TextDiff.chunkingThreshold else { return false }
        let (changed, _) = CharacterRefinement.trimmedToChangedWords(diff.ancestor, ancestorRange, diff.side, sideRange)
        // At the end, the changes must also stop before the last line feed: an insertion just
        // before it that adds lines is moved past it (see ``LineEndInsertion``), onto the boundary.
        return boundary == hunk.ancestor.lowerBound
            ? changed.lowerBound > ancestorRange.lowerBound
            : changed.upperBound < ancestorRange.upperBound - 1
    }
}
