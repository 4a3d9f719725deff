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
///
/// Where both sides changed the same lines, a block whose changed words stand far from the
/// other side's is replaced as one hunk of those words (``BlockRefinement/changedWords(_:)``):
/// on long lines edited in different places, such as paragraphs of prose, many of the blocks
/// both sides changed need no character diff.
struct RefinementNeed {
    /// The side's diff, for the byte positions of its lines.
    let diff: TextDiff
    /// The side's changed blocks, in line numbers, sorted.
    let hunks: [DiffHunk]
    /// For each block, the other side's blocks that meet it (overlap or touch its lines).
    private var meeting: [Range<Int>] = []
    /// For each block, its changed words (see ``changedWords(_:)``) when it meets the other
    /// side's blocks; nil for the others.
    private var changed: [DiffHunk?] = []

    init(_ diff: TextDiff, _ hunks: [DiffHunk]) {
        self.diff = diff
        self.hunks = hunks
    }

    /// How each block of `first` and of `second` (the two sides' needs) must be refined.
    ///
    /// Each block's changed words are found once, for the tests on both sides and for the
    /// refinement itself.
    static func refinements(_ first: RefinementNeed, _ second: RefinementNeed) -> (first: [BlockRefinement], second: [BlockRefinement]) {
        var first = first
        var second = second
        first.noteChangedWords(meeting: second)
        second.noteChangedWords(meeting: first)
        return (first.refinements(meeting: second), second.refinements(meeting: first))
    }

    /// Finds the blocks of `others` meeting each block, and the changed words of the blocks met.
    private mutating func noteChangedWords(meeting others: RefinementNeed) {
        meeting.removeAll(keepingCapacity: true)
        meeting.reserveCapacity(hunks.count)
        changed = Array(repeating: nil, count: hunks.count)
        var next = 0
        for (index, hunk) in hunks.enumerated() {
            // Others ending before this block starts cannot meet it or any later one.
            while next < others.hunks.count, others.hunks[next].ancestor.upperBound < hunk.ancestor.lowerBound { next += 1 }
            var end = next
            while end < others.hunks.count, others.hunks[end].ancestor.lowerBound <= hunk.ancestor.upperBound { end += 1 }
            meeting.append(next..<end)
            if end > next { changed[index] = changedWords(index) }
        }
    }

    /// For each of ``hunks``, how it must be refined against `others` (the other side's).
    private func refinements(meeting others: RefinementNeed) -> [BlockRefinement] {
        var result: [BlockRefinement] = []
        result.reserveCapacity(hunks.count)
        for (index, hunk) in hunks.enumerated() {
            var refine = false
            for probe in meeting[index] where !refine {
                let other = others.hunks[probe]
                // The three-way merge's own test of two sides' hunks interacting, on lines.
                if SidedHunk(side: .dominant, hunk: hunk).interacts(with: SidedHunk(side: .subordinate, hunk: other)) {
                    refine = true
                } else {
                    // They touch: at the end of this block or at its start.
                    let boundary = other.ancestor.lowerBound == hunk.ancestor.upperBound ? hunk.ancestor.upperBound : hunk.ancestor.lowerBound
                    refine = !leavesAlone(index, boundary)
                }
            }
            if !refine {
                result.append(.wholeLines)
            } else if let words = changed[index], changedWordsStandApart(index, words, from: others) {
                result.append(.changedWords(words))
            } else {
                result.append(.characters(changedWords: changed[index]))
            }
        }
        return result
    }

    /// Whether block `index`'s changed words stand so far from the changed words of the other
    /// side's blocks meeting it that replacing them in one hunk merges to the same text as
    /// refining them to characters.
    ///
    /// Both hunks lie inside their changed words, so apart they never touch in the three-way
    /// merge, and each side's text there is taken whole; no word holds insertions of both
    /// (``SharedWordHunks``), since changed words start and end after spaces. Text one side
    /// typed in its changed words is lined up with the other side's change
    /// (``RepeatedInsertion``) only when it repeats the ancestor text up to that change, so
    /// neither side's changed text may hold the ancestor text between the two. The block must
    /// also keep something other than spacing outside its changed words, or
    /// ``TextDiff/keepsOnlySpacing(_:in:of:)`` could turn its characters into whole lines, and it
    /// must not reach the end of the text, which ``FinalLineBreak`` looks at.
    private func changedWordsStandApart(_ index: Int, _ words: DiffHunk, from others: RefinementNeed) -> Bool {
        guard hunks[index].ancestor.upperBound < diff.ancestorLineStarts.count - 1 else { return false }
        let block = byteRanges(index).ancestor
        guard TextSplitting.containsNonSpacing(diff.ancestor, in: block.lowerBound..<words.ancestor.lowerBound)
                || TextSplitting.containsNonSpacing(diff.ancestor, in: words.ancestor.upperBound..<block.upperBound) else { return false }
        for other in meeting[index] {
            // A block with unknown changed words has its hunks somewhere in its lines.
            let otherWords = others.changed[other] ?? others.byteRanges(other)
            let (first, second) = words.ancestor.lowerBound <= otherWords.ancestor.lowerBound
                ? (words.ancestor, otherWords.ancestor) : (otherWords.ancestor, words.ancestor)
            guard first.upperBound < second.lowerBound else { return false }
            let between = first.upperBound..<second.lowerBound
            if TextSplitting.contains(diff.side, in: words.side, diff.ancestor, between)
                || TextSplitting.contains(others.diff.side, in: otherWords.side, diff.ancestor, between) { return false }
        }
        return true
    }

    /// The ancestor and side bytes of block `index`'s lines.
    private func byteRanges(_ index: Int) -> DiffHunk {
        let hunk = hunks[index]
        return DiffHunk(
            ancestor: diff.ancestorLineStarts[hunk.ancestor.lowerBound]..<diff.ancestorLineStarts[hunk.ancestor.upperBound],
            side: diff.sideLineStarts[hunk.side.lowerBound]..<diff.sideLineStarts[hunk.side.upperBound]
        )
    }

    /// The changed words of block `index` (``CharacterRefinement/trimmedToChangedWords(_:_:_:_:)``),
    /// inside which all its character hunks lie; nil for a block that is no replacement or too
    /// large to be refined directly (its hunks are only known to lie inside its lines).
    private func changedWords(_ index: Int) -> DiffHunk? {
        let bytes = byteRanges(index)
        let (ancestorRange, sideRange) = (bytes.ancestor, bytes.side)
        guard !ancestorRange.isEmpty, !sideRange.isEmpty, ancestorRange.count + sideRange.count <= TextDiff.chunkingThreshold else { return nil }
        let (ancestor, side) = CharacterRefinement.trimmedToChangedWords(diff.ancestor, ancestorRange, diff.side, sideRange)
        return DiffHunk(ancestor: ancestor, side: side)
    }

    /// Whether block `index` is a replacement small enough to be refined directly whose
    /// changed words stop short of line `boundary` (its first or its end line). Insertions and
    /// deletions of whole lines are never refined; they count as reaching both their ends.
    private func leavesAlone(_ index: Int, _ boundary: Int) -> Bool {
        // Larger blocks are diffed by word chunks first, whose hunks are not bounded this way.
        guard let words = changed[index] else { return false }
        let hunk = hunks[index]
        let ancestorRange = byteRanges(index).ancestor
        // At the end, the changes must also stop before the last line feed: an insertion just
        // before it that adds lines is moved past it (see ``LineEndInsertion``), onto the boundary.
        return boundary == hunk.ancestor.lowerBound
            ? words.ancestor.lowerBound > ancestorRange.lowerBound
            : words.ancestor.upperBound < ancestorRange.upperBound - 1
    }
}
