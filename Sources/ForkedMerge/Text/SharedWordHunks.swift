/// Insertions both sides made into one word at different places, grown to that word, so the
/// merge sees two rewrites of the word (a conflict) instead of splicing both into it.
///
/// For "1" extended to "11" (typed before it) on one side and to "10" (typed after it) on the
/// other, the two insertions do not touch and would both apply, giving "110", a number neither
/// side wrote. Grown to the word, both replace "1": the merge keeps "10 11". Only insertions are
/// grown: replacements of different letters of one word stay character-precise ("abcdef" with
/// "c" and "d" replaced on different sides gives "abXYef"), and an insertion at the same place
/// as the other side's is judged by ``TextMergePolicy/insertionsConflict(_:_:at:)``.
struct SharedWordHunks {
    let ancestor: UnsafeBufferPointer<UInt8>
    let policy: TextMergePolicy

    /// Both sides' hunks, with insertions into a word the other side also inserted into grown to it.
    func grown(_ dominant: [DiffHunk], _ subordinate: [DiffHunk]) -> ([DiffHunk], [DiffHunk]) {
        guard !dominant.isEmpty, !subordinate.isEmpty else { return (dominant, subordinate) }
        let dominantSpans = dominant.map { span($0, side: policy.dominant) }
        let subordinateSpans = subordinate.map { span($0, side: policy.subordinate) }
        var dominantGrowth: [Range<Int>] = []
        var subordinateGrowth: [Range<Int>] = []
        var first = 0
        for (index, hunk) in dominant.enumerated() {
            let span = dominantSpans[index]
            guard !span.isEmpty else { continue }
            while first < subordinate.count, subordinateSpans[first].upperBound <= span.lowerBound { first += 1 }
            var other = first
            while other < subordinate.count, subordinateSpans[other].lowerBound < span.upperBound {
                let otherSpan = subordinateSpans[other]
                let otherHunk = subordinate[other]
                if hunk.isInsertion, otherHunk.isInsertion, hunk.ancestor != otherHunk.ancestor, !otherSpan.isEmpty, otherSpan.overlaps(span) {
                    dominantGrowth.append(span)
                    subordinateGrowth.append(otherSpan)
                }
                other += 1
            }
        }
        if dominantGrowth.isEmpty { return (dominant, subordinate) }
        return (Self.grow(dominant, to: dominantGrowth), Self.grow(subordinate, to: subordinateGrowth))
    }

    /// The ancestor range of the words a hunk changes: its own range grown over the word
    /// characters it is glued to. Empty for an insertion glued to no word.
    private func span(_ hunk: DiffHunk, side: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        let window = TextMergePolicy.wideningWindow
        let range = hunk.ancestor
        let startsWord = (!hunk.side.isEmpty && policy.isWord(policy.scalar(at: hunk.side.lowerBound, in: side)))
            || (!range.isEmpty && policy.isWord(policy.scalar(at: range.lowerBound, in: ancestor)))
        let endsWord = (!hunk.side.isEmpty && policy.isWord(policy.scalar(before: hunk.side.upperBound, in: side)))
            || (!range.isEmpty && policy.isWord(policy.scalar(before: range.upperBound, in: ancestor)))
        var lower = range.lowerBound
        if startsWord {
            while lower > max(0, range.lowerBound - window), let previous = policy.scalar(before: lower, in: ancestor), policy.isWord(previous) {
                lower -= previous.utf8.count
            }
        }
        var upper = range.upperBound
        if endsWord {
            while upper < min(ancestor.count, range.upperBound + window), let next = policy.scalar(at: upper, in: ancestor), policy.isWord(next) {
                upper += next.utf8.count
            }
        }
        if range.isEmpty && lower == range.lowerBound && upper == range.upperBound { return range }
        return lower..<upper
    }

    /// `hunks` with every hunk touching one of `growth` joined into one hunk covering it.
    private static func grow(_ hunks: [DiffHunk], to growth: [Range<Int>]) -> [DiffHunk] {
        let regions = growth.sorted { $0.lowerBound < $1.lowerBound }
        var result: [DiffHunk] = []
        result.reserveCapacity(hunks.count)
        var delta = 0   // side length minus ancestor length of the hunks already passed
        var index = 0
        var regionIndex = 0
        while index < hunks.count {
            let hunk = hunks[index]
            // Every region holds a hunk of this side, so one ending before this hunk was joined already.
            while regionIndex < regions.count, regions[regionIndex].upperBound < hunk.ancestor.lowerBound { regionIndex += 1 }
            guard regionIndex < regions.count, regions[regionIndex].lowerBound <= hunk.ancestor.upperBound,
                  hunk.ancestor.lowerBound <= regions[regionIndex].upperBound else {
                result.append(hunk)
                delta += hunk.side.count - hunk.ancestor.count
                index += 1
                continue
            }
            // Join the region, overlapping regions and every hunk touching them.
            var lower = min(regions[regionIndex].lowerBound, hunk.ancestor.lowerBound)
            var upper = max(regions[regionIndex].upperBound, hunk.ancestor.upperBound)
            let sideLower = lower + delta
            var innerDelta = 0
            while true {
                var grew = false
                while regionIndex < regions.count, regions[regionIndex].lowerBound <= upper {
                    upper = max(upper, regions[regionIndex].upperBound)
                    regionIndex += 1
                    grew = true
                }
                while index < hunks.count, hunks[index].ancestor.lowerBound <= upper {
                    upper = max(upper, hunks[index].ancestor.upperBound)
                    lower = min(lower, hunks[index].ancestor.lowerBound)
                    innerDelta += hunks[index].side.count - hunks[index].ancestor.count
                    index += 1
                    grew = true
                }
                if !grew { break }
            }
            result.append(DiffHunk(ancestor: lower..<upper, side: sideLower..<(upper + delta + innerDelta)))
            delta += innerDelta
        }
        return result.coalesced()
    }
}
