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
        var dominantGrowth: [ElementSpan] = []
        var subordinateGrowth: [ElementSpan] = []
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

    /// The ancestor range of the word an insertion extends: grown over the word characters it is
    /// glued to. Empty for any other hunk and for an insertion glued to no word.
    private func span(_ hunk: DiffHunk, side: UnsafeBufferPointer<UInt8>) -> ElementSpan {
        // Only insertions are grown; other hunks take part in no pair.
        let range = hunk.ancestor
        guard range.isEmpty, !hunk.side.isEmpty else { return ElementSpan(lowerBound: range.lowerBound, upperBound: range.lowerBound) }
        let window = TextMergePolicy.wideningWindow
        var lower = range.lowerBound
        if isWord(startingAt: hunk.side.lowerBound, in: side) {
            while lower > max(0, range.lowerBound - window), let length = wordLength(endingAt: lower) { lower -= length }
        }
        var upper = range.upperBound
        if isWord(endingAt: hunk.side.upperBound, in: side) {
            while upper < min(ancestor.count, range.upperBound + window), let length = wordLength(startingAt: upper) { upper += length }
        }
        return ElementSpan(lowerBound: lower, upperBound: upper)
    }

    // Word tests on bytes, decoding only non-ASCII scalars: this runs for every insertion.

    private func isWord(startingAt position: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard position < bytes.count else { return false }
        if bytes[position] < 0x80 { return CharacterClass(asciiByte: bytes[position]) == .word }
        return policy.isWord(policy.scalar(at: position, in: bytes))
    }

    private func isWord(endingAt position: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard position > 0 else { return false }
        if bytes[position - 1] < 0x80 { return CharacterClass(asciiByte: bytes[position - 1]) == .word }
        return policy.isWord(policy.scalar(before: position, in: bytes))
    }

    /// The length of the ancestor's word scalar starting at `position`, or nil.
    private func wordLength(startingAt position: Int) -> Int? {
        guard position < ancestor.count else { return nil }
        if ancestor[position] < 0x80 { return CharacterClass(asciiByte: ancestor[position]) == .word ? 1 : nil }
        guard let scalar = policy.scalar(at: position, in: ancestor), policy.isWord(scalar) else { return nil }
        return scalar.utf8.count
    }

    /// The length of the ancestor's word scalar ending at `position`, or nil.
    private func wordLength(endingAt position: Int) -> Int? {
        guard position > 0 else { return nil }
        if ancestor[position - 1] < 0x80 { return CharacterClass(asciiByte: ancestor[position - 1]) == .word ? 1 : nil }
        guard let scalar = policy.scalar(before: position, in: ancestor), policy.isWord(scalar) else { return nil }
        return scalar.utf8.count
    }

    /// `hunks` with every hunk touching one of `growth` joined into one hunk covering it.
    private static func grow(_ hunks: [DiffHunk], to growth: [ElementSpan]) -> [DiffHunk] {
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
