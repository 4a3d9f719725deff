import Testing
@testable import ForkedMerge

/// The anchors found with the element table agree with a plain count of every element.
@Suite struct PatienceAnchorsTests {
    /// Elements occurring exactly once in each region, paired, in B's order: what the anchors
    /// are chosen from, counted the slow way.
    private func uniquePairs(_ a: [Int], _ aRange: Range<Int>, _ b: [Int], _ bRange: Range<Int>) -> [PatienceAnchors.Anchor] {
        bRange.compactMap { j in
            let inA = aRange.filter { a[$0] == b[j] }
            let inB = bRange.filter { b[$0] == b[j] }
            guard inA.count == 1, inB.count == 1, let i = inA.first else { return nil }
            return PatienceAnchors.Anchor(a: i, b: j)
        }
    }

    @Test func anchorsAreUniquePairsInIncreasingOrder() {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<300 {
            // Few distinct values make repeats common; sizes cross the small-region cut-off.
            let alphabet = 2 + round % 40
            let a = (0..<Int.random(in: 0...120, using: &generator)).map { _ in Int.random(in: 0..<alphabet, using: &generator) * 7_919 }
            let b = (0..<Int.random(in: 0...120, using: &generator)).map { _ in Int.random(in: 0..<alphabet, using: &generator) * 7_919 }
            let aRange = (a.isEmpty ? 0 : Int.random(in: 0...a.count / 3, using: &generator))..<a.count
            let bRange = (b.isEmpty ? 0 : Int.random(in: 0...b.count / 3, using: &generator))..<b.count
            let anchors = a.withUnsafeBufferPointer { ab in b.withUnsafeBufferPointer { bb in PatienceAnchors.find(ab, aRange, bb, bRange) } }
            let pairs = uniquePairs(a, aRange, b, bRange)
            // Every anchor is a unique pair, both coordinates increase, and the chain is as long
            // as the longest increasing one among the pairs.
            #expect(anchors.allSatisfy { anchor in pairs.contains { $0.a == anchor.a && $0.b == anchor.b } })
            #expect(zip(anchors, anchors.dropFirst()).allSatisfy { $0.a < $1.a && $0.b < $1.b })
            #expect(anchors.count == longestIncreasing(pairs.map(\.a)))
        }
    }

    @Test func keysThatCollideInTheTableStayApart() {
        // Multiples of a large power of two share their low bits, so they probe the same slots.
        let a = (0..<200).map { $0 << 40 }
        let b = a.reversed().filter { ($0 >> 40) % 3 != 0 } + a.filter { ($0 >> 40) % 5 == 0 }
        let anchors = a.withUnsafeBufferPointer { ab in b.withUnsafeBufferPointer { bb in PatienceAnchors.find(ab, 0..<ab.count, bb, 0..<bb.count) } }
        let pairs = uniquePairs(a, 0..<a.count, b, 0..<b.count)
        #expect(!pairs.isEmpty)
        #expect(anchors.count == longestIncreasing(pairs.map(\.a)))
        #expect(anchors.allSatisfy { b[$0.b] == a[$0.a] })
    }

    private func longestIncreasing(_ values: [Int]) -> Int {
        var best = [Int](repeating: 1, count: values.count)
        for i in values.indices {
            for j in 0..<i where values[j] < values[i] { best[i] = max(best[i], best[j] + 1) }
        }
        return best.max() ?? 0
    }
}
