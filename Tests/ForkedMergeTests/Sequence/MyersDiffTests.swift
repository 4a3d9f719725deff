import ForkedTestSupport
import Testing
@testable import ForkedMerge

/// Myers' bounded search: a complete diff within its bound, and past it, with `partial`, the
/// shortest path to the furthest point reached; `SequenceDiff` continues from there, so dense
/// edits of long sequences stay paired element by element.
@Suite("Myers' bounded search")
struct MyersDiffTests {
    /// `count` elements from a small alphabet, so nothing is unique and no anchor splits them.
    private func sequence(_ count: Int, _ generator: inout SeededGenerator) -> [Int] {
        (0..<count).map { _ in Int.random(in: 0..<8, using: &generator) }
    }

    /// `ancestor` with about `rate` of its elements replaced by elements no other place holds.
    private func edited(_ ancestor: [Int], rate: Double, mark: Int, _ generator: inout SeededGenerator) -> [Int] {
        ancestor.enumerated().map { index, element in
            Double.random(in: 0..<1, using: &generator) < rate ? mark + index : element
        }
    }

    @Test("past its bound, a partial search appends equal runs in order on a path reaching x + y >= the distance searched", arguments: 0..<4)
    func partialPath(seed: UInt64) {
        var generator = SeededGenerator(state: seed &+ 31)
        for _ in 0..<200 {
            let a = sequence(Int.random(in: 20...200, using: &generator), &generator)
            let b = sequence(Int.random(in: 20...200, using: &generator), &generator)
            let bound = Int.random(in: 1...12, using: &generator)
            var matches: [SequenceDiff.MatchRun] = []
            var work = 0
            let outcome = a.withUnsafeBufferPointer { a in
                b.withUnsafeBufferPointer { b in
                    MyersDiff.matches(
                        a, 0..<a.count, b, 0..<b.count, maximumDistance: bound, partial: true, work: &work,
                        workspace: DiffWorkspace(), into: &matches
                    )
                }
            }
            #expect(work > 0)
            var endA = 0
            var endB = 0
            for run in matches {
                #expect(run.a >= endA && run.b >= endB)
                #expect(Array(a[run.a..<(run.a + run.length)]) == Array(b[run.b..<(run.b + run.length)]))
                endA = run.a + run.length
                endB = run.b + run.length
            }
            switch outcome {
            case .complete(let distance):
                // Every unmatched element is one edit.
                let matched = matches.reduce(0) { $0 + $1.length }
                #expect(a.count + b.count - 2 * matched == distance && distance <= bound)
            case .partial(let x, let y):
                #expect(endA <= x && endB <= y && x <= a.count && y <= b.count)
                #expect(x + y >= bound)
                // The path's edits are the elements it leaves unmatched before (x, y).
                let matched = matches.reduce(0) { $0 + $1.length }
                #expect(x + y - 2 * matched <= bound)
            case .none:
                Issue.record("a search of distance \(bound) >= 1 always makes progress")
            }
        }
    }

    @Test("a work limit before the first step gives no progress and appends nothing")
    func noWork() {
        let a = [1, 2, 3]
        let b = [4, 5, 6]
        var matches: [SequenceDiff.MatchRun] = []
        var work = 0
        let outcome = a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                MyersDiff.matches(
                    a, 0..<3, b, 0..<3, maximumDistance: 6, maximumWork: 1, partial: true, work: &work,
                    workspace: DiffWorkspace(), into: &matches
                )
            }
        }
        #expect(outcome == .none && matches.isEmpty)
    }

    @Test("dense edits of 20,000 elements with nothing unique keep most unchanged elements paired", arguments: 0..<3)
    func denseEdits(seed: UInt64) {
        var generator = SeededGenerator(state: seed &+ 5)
        let ancestor = sequence(20_000, &generator)
        let side = edited(ancestor, rate: 0.3, mark: 1_000, &generator)
        let hunks = SequenceDiff.hunks(ancestor, side)
        #expect(ancestor.applying(hunks, from: side) == side)
        // 70% of the elements are unchanged; a search that gave up would pair none of them.
        let paired = ancestor.count - hunks.reduce(0) { $0 + $1.ancestor.count }
        #expect(Double(paired) >= 0.6 * Double(ancestor.count), "\(paired) of \(ancestor.count) paired")
    }
}
