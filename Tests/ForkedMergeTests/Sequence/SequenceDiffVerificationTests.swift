import Testing
@testable import ForkedMerge

/// Hash-ID diffs are checked one run of matched elements at a time, and a run that differs
/// (a hash collision) sends the caller back to exact IDs.
@Suite struct SequenceDiffVerificationTests {
    /// The matched pairs of `hunks` between sequences of `ancestorCount` and `sideCount`, in order.
    private func matchedPairs(_ hunks: [DiffHunk], ancestorCount: Int) -> [(Int, Int)] {
        var pairs: [(Int, Int)] = []
        var a = 0
        var b = 0
        for hunk in hunks + [DiffHunk(ancestor: ancestorCount..<ancestorCount, side: 0..<0)] {
            while a < hunk.ancestor.lowerBound {
                pairs.append((a, b))
                a += 1
                b += 1
            }
            a = hunk.ancestor.upperBound
            b = hunk.side.upperBound
        }
        return pairs
    }

    @Test func everyMatchedPairIsAskedOnceInMaximalRuns() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let ancestor = (0..<Int.random(in: 0...40, using: &generator)).map { _ in Int.random(in: 0..<6, using: &generator) }
            let side = (0..<Int.random(in: 0...40, using: &generator)).map { _ in Int.random(in: 0..<6, using: &generator) }
            var asked: [(a: Int, b: Int, count: Int)] = []
            let hunks = SequenceDiff.verifiedHunks(ancestor, side, workspace: DiffWorkspace()) { a, b, count in
                asked.append((a, b, count))
                return ancestor[a..<(a + count)] == side[b..<(b + count)]
            }
            guard let hunks else {
                Issue.record("equal IDs reported as a collision")
                return
            }
            let pairs = matchedPairs(hunks, ancestorCount: ancestor.count)
            let askedPairs = asked.flatMap { run in (0..<run.count).map { (run.a + $0, run.b + $0) } }
            #expect(askedPairs.map(\.0) == pairs.map(\.0))
            #expect(askedPairs.map(\.1) == pairs.map(\.1))
            // Runs are maximal: two asked runs never continue one another.
            for (first, second) in zip(asked, asked.dropFirst()) {
                #expect(first.a + first.count < second.a || first.b + first.count < second.b)
            }
        }
    }

    @Test func aRunThatDiffersIsReportedAsACollision() {
        let hunks = SequenceDiff.verifiedHunks([1, 2, 3], [1, 2, 3], workspace: DiffWorkspace()) { _, _, _ in false }
        #expect(hunks == nil)
    }

    @Test func lineDiffWithCollidingHashesFallsBackToExactLines() {
        let ancestorText = "alpha\nbeta\ngamma\ndelta\nepsilon\n"
        let sideText = "alpha\nBETA\ngamma\ndelta\nzeta\nepsilon\n"
        var ancestorBytes = Array(ancestorText.utf8)
        var sideBytes = Array(sideText.utf8)
        let (collided, exact) = ancestorBytes.withUnsafeMutableBufferPointer { ancestorMutable in
            sideBytes.withUnsafeMutableBufferPointer { sideMutable in
                let ancestor = UnsafeBufferPointer(ancestorMutable)
                let side = UnsafeBufferPointer(sideMutable)
                let ancestorStarts = TextSplitting.lineStarts(ancestor, in: 0..<ancestor.count)
                let sideStarts = TextSplitting.lineStarts(side, in: 0..<side.count)
                // Every line hashed to one value: each matched run differs somewhere.
                let collided = TextDiff.hunks(
                    ancestor, ancestorStarts, Array(repeating: 7, count: ancestorStarts.count - 1),
                    side, sideStarts, Array(repeating: 7, count: sideStarts.count - 1), workspace: DiffWorkspace()
                )
                let exact = TextDiff.hunks(
                    ancestor, ancestorStarts, TextDiff.hashIDs(ancestor, starts: ancestorStarts),
                    side, sideStarts, TextDiff.hashIDs(side, starts: sideStarts), workspace: DiffWorkspace()
                )
                return (collided, exact)
            }
        }
        #expect(collided == exact)
        // beta → BETA, zeta inserted before epsilon.
        #expect(exact == [DiffHunk(ancestor: 1..<2, side: 1..<2), DiffHunk(ancestor: 4..<4, side: 4..<5)])
    }
}
