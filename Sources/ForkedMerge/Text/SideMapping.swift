/// Where the ancestor's unchanged text sits in one side, and which ancestor range a side's
/// position replaced: the two directions of one side's hunks.
struct SideMapping {
    /// The side's hunks, sorted and coalesced.
    let hunks: [DiffHunk]
    /// `shift[k]`: side length minus ancestor length of the first `k` hunks.
    private let shift: [Int]
    /// The side's length: hunks adjusted after the diff (a last line break kept) may map past it.
    private let sideCount: Int
    /// Each hunk's first ancestor and side position, searched apart from the hunks: the audit
    /// looks up every seam of a merge, and a search over a plain array of integers touches a
    /// quarter of the memory a search over the hunks does.
    private let ancestorStarts: [Int]
    private let sideStarts: [Int]

    init(_ hunks: [DiffHunk], sideCount: Int) {
        self.hunks = hunks
        self.sideCount = sideCount
        var shift = [0]
        shift.reserveCapacity(hunks.count + 1)
        for hunk in hunks { shift.append(shift[shift.count - 1] + hunk.side.count - hunk.ancestor.count) }
        self.shift = shift
        ancestorStarts = hunks.map { $0.ancestor.lowerBound }
        sideStarts = hunks.map { $0.side.lowerBound }
    }

    /// The side's range holding the ancestor's `range` unchanged, or nil when the side changed
    /// any of it or inserted text inside it.
    func sideRange(ofAncestor range: Range<Int>) -> Range<Int>? {
        // Hunks starting at or before the range's start.
        let count = Self.countNotAfter(range.lowerBound, in: ancestorStarts)
        if count > 0 {
            let previous = hunks[count - 1].ancestor
            if !previous.isEmpty && previous.upperBound > range.lowerBound { return nil }
        }
        if count < hunks.count, hunks[count].ancestor.lowerBound < range.upperBound { return nil }
        let start = range.lowerBound + shift[count]
        guard start >= 0, start + range.count <= sideCount else { return nil }
        return start..<(start + range.count)
    }

    /// The ancestor range a side's byte at `position` stands for: the range its hunk
    /// replaced, or the ancestor byte it is a copy of.
    func ancestorRange(ofSide position: Int) -> Range<Int> {
        let count = Self.countNotAfter(position, in: sideStarts)
        if count > 0, hunks[count - 1].side.contains(position) { return hunks[count - 1].ancestor }
        let ancestor = position - shift[count]
        return ancestor..<(ancestor + 1)
    }

    /// Where `part` of this side's text, inside a hunk, sits in `other` side's identical hunk
    /// (same ancestor range, same text), or nil when the other side has no such hunk.
    func twinRange(of part: Range<Int>, in other: SideMapping) -> Range<Int>? {
        guard !part.isEmpty else { return nil }
        let count = Self.countNotAfter(part.lowerBound, in: sideStarts)
        guard count > 0, hunks[count - 1].side.lowerBound <= part.lowerBound, part.upperBound <= hunks[count - 1].side.upperBound else {
            return nil
        }
        let hunk = hunks[count - 1]
        let otherCount = Self.countNotAfter(hunk.ancestor.lowerBound, in: other.ancestorStarts)
        guard otherCount > 0 else { return nil }
        let twin = other.hunks[otherCount - 1]
        guard twin.ancestor == hunk.ancestor, twin.side.count == hunk.side.count else { return nil }
        let offset = part.lowerBound - hunk.side.lowerBound
        return (twin.side.lowerBound + offset)..<(twin.side.lowerBound + offset + part.count)
    }

    /// The number of leading `starts` (sorted) at or before `position`.
    private static func countNotAfter(_ position: Int, in starts: [Int]) -> Int {
        starts.withUnsafeBufferPointer { starts in
            var low = 0
            var high = starts.count
            while low < high {
                let middle = (low + high) / 2
                if starts[middle] > position { high = middle } else { low = middle + 1 }
            }
            return low
        }
    }
}
