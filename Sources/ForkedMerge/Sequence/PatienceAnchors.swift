/// Patience-diff anchors: elements that occur exactly once in each of two regions, reduced to
/// the longest chain that appears in the same order on both sides.
enum PatienceAnchors {
    /// A pair of equal, unique elements.
    struct Anchor {
        var a: Int
        var b: Int
    }

    /// Returns the anchors between `a[aRange]` and `b[bRange]`, in increasing order on both sides.
    static func find<Element: FixedWidthInteger>(
        _ a: UnsafeBufferPointer<Element>, _ aRange: Range<Int>,
        _ b: UnsafeBufferPointer<Element>, _ bRange: Range<Int>
    ) -> [Anchor] {
        findWithSharing(a, aRange, b, bRange).anchors
    }

    /// ``find(_:_:_:_:)``, and whether the regions have any element in common at all (found in
    /// the same pass): regions that share nothing are one replacement, with no search needed.
    static func findWithSharing<Element: FixedWidthInteger>(
        _ a: UnsafeBufferPointer<Element>, _ aRange: Range<Int>,
        _ b: UnsafeBufferPointer<Element>, _ bRange: Range<Int>
    ) -> (anchors: [Anchor], sharing: Bool) {
        if aRange.count + bRange.count <= smallRegion {
            let anchors = findInSmallRegion(a, aRange, b, bRange)
            return (anchors, !anchors.isEmpty || bRange.contains { j in aRange.contains { a[$0] == b[j] } })
        }
        var table = UniqueElementTable(aRange: aRange, bRange: bRange)
        for i in aRange { table.noteInA(Int(truncatingIfNeeded: a[i]), at: i) }
        var sharing = false
        for j in bRange where table.noteInB(Int(truncatingIfNeeded: b[j]), at: j) { sharing = true }
        // Room for every candidate at once: grown by doubling, a long text's anchors were copied
        // into fresh pages again and again.
        var candidates: [Anchor] = []
        candidates.reserveCapacity(min(aRange.count, bRange.count))
        for j in bRange {
            if let i = table.anchor(Int(truncatingIfNeeded: b[j]), at: j) { candidates.append(Anchor(a: i, b: j)) }
        }
        return (longestIncreasingChain(candidates), sharing)
    }

    /// Regions up to this many elements (both sides) are searched by plain comparison: the line
    /// diff asks for anchors in every small changed region, where hash tables cost more.
    static let smallRegion = 48

    /// ``find(_:_:_:_:)`` by comparing every pair, for small regions.
    private static func findInSmallRegion<Element: FixedWidthInteger>(
        _ a: UnsafeBufferPointer<Element>, _ aRange: Range<Int>,
        _ b: UnsafeBufferPointer<Element>, _ bRange: Range<Int>
    ) -> [Anchor] {
        var candidates: [Anchor] = []
        for j in bRange {
            let element = b[j]
            var inB = 0
            for other in bRange where b[other] == element { inB += 1 }
            guard inB == 1 else { continue }
            var match = -1
            for i in aRange where a[i] == element {
                if match >= 0 { match = -2; break }
                match = i
            }
            if match >= 0 { candidates.append(Anchor(a: match, b: j)) }
        }
        return longestIncreasingChain(candidates)
    }

    /// Longest subsequence of `candidates` (ordered by `b`) whose `a` values increase, by patience sorting.
    private static func longestIncreasingChain(_ candidates: [Anchor]) -> [Anchor] {
        guard !candidates.isEmpty else { return [] }
        var pileTops: [Int] = []       // index into candidates of each pile's top
        pileTops.reserveCapacity(candidates.count)
        var predecessor = [Int](repeating: -1, count: candidates.count)
        for (index, candidate) in candidates.enumerated() {
            var low = 0
            var high = pileTops.count
            // Texts that are mostly equal list most anchors in order on both sides: a candidate
            // past the last pile's top extends the longest chain, found without a search.
            if let last = pileTops.last, candidates[last].a < candidate.a { low = high }
            while low < high {
                let mid = (low + high) / 2
                if candidates[pileTops[mid]].a < candidate.a { low = mid + 1 } else { high = mid }
            }
            if low > 0 { predecessor[index] = pileTops[low - 1] }
            if low == pileTops.count { pileTops.append(index) } else { pileTops[low] = index }
        }
        // The chain is read from its end: written backwards into an array of its final size.
        return [Anchor](unsafeUninitializedCapacity: pileTops.count) { chain, initialized in
            var cursor = pileTops[pileTops.count - 1]
            var position = pileTops.count
            while cursor >= 0 {
                position -= 1
                chain.initializeElement(at: position, to: candidates[cursor])
                cursor = predecessor[cursor]
            }
            initialized = pileTops.count
        }
    }
}
