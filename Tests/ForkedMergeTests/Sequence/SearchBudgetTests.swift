import Foundation
import ForkedTestSupport
import Testing
@testable import ForkedMerge

/// A refined block's Myers searches share one budget proportional to its size, so text both
/// sides reordered costs time linear in its length, and the hunks still spell the side.
@Suite("Myers work bounded per block")
struct SearchBudgetTests {
    /// `count` distinct lines of a few words.
    private func lines(_ count: Int, _ generator: inout SeededGenerator) -> [String] {
        let words = ["alpha", "beta", "gamma", "delta", "pi", "nu", "xi", "tau"]
        return (0..<count).map { index in
            "item \(index) " + (0..<4).map { _ in words.randomElement(using: &generator) ?? "" }.joined(separator: " ") + "\n"
        }
    }

    /// The block's hunks and the work its searches spent, with the budget or without.
    private func refined(_ ancestor: [UInt8], _ side: [UInt8], budget: Int?) -> (hunks: [DiffHunk], spent: Int) {
        let workspace = DiffWorkspace()
        let hunks = ancestor.withUnsafeBufferPointer { a in
            side.withUnsafeBufferPointer { b in
                let refine = { TextDiff.refine(a, 0..<a.count, b, 0..<b.count, workspace: workspace) }
                return budget.map { workspace.withSearchBudget($0, refine) } ?? refine()
            }
        }
        return (hunks, workspace.searchWorkSpent)
    }

    @Test("reversed and shuffled blocks spend at most their budget and still spell the side", arguments: 0..<3)
    func reorderedBlocks(seed: UInt64) {
        var generator = SeededGenerator(state: seed &+ 77)
        let ancestorLines = lines(2_000, &generator)
        let ancestor = Array(ancestorLines.joined().utf8)
        for side in [Array(ancestorLines.reversed().joined().utf8), Array(ancestorLines.shuffled(using: &generator).joined().utf8)] {
            let budget = TextDiff.searchBudget(bytes: ancestor.count + side.count)
            let bounded = refined(ancestor, side, budget: budget)
            // A step's scan of equal elements may run over by up to the block's length.
            #expect(bounded.spent <= budget + ancestor.count + side.count)
            #expect(ancestor.applying(bounded.hunks, from: side) == side)
        }
    }

    @Test("a budget caps the searches of a dense diff, which still spells the side", arguments: 0..<3)
    func budgetCapsSearches(seed: UInt64) {
        var generator = SeededGenerator(state: seed &+ 300)
        // Few distinct elements: no anchors, so every step is a search.
        let ancestor = (0..<20_000).map { _ in Int.random(in: 0..<6, using: &generator) }
        let side = ancestor.map { Int.random(in: 0..<2, using: &generator) == 0 ? Int.random(in: 0..<6, using: &generator) : $0 }
        func diff(budget: Int?) -> (hunks: [DiffHunk], spent: Int) {
            let workspace = DiffWorkspace()
            let hunks = ancestor.withUnsafeBufferPointer { a in
                side.withUnsafeBufferPointer { b in
                    let search = { SequenceDiff.hunks(a, b, workspace: workspace) }
                    return budget.map { workspace.withSearchBudget($0, search) } ?? search()
                }
            }
            return (hunks, workspace.searchWorkSpent)
        }
        let unbounded = diff(budget: nil)
        let budget = unbounded.spent / 10
        let bounded = diff(budget: budget)
        #expect(bounded.spent <= budget + ancestor.count + side.count)
        for result in [unbounded, bounded] {
            #expect(ancestor.applying(result.hunks, from: side) == side)
        }
    }

    @Test("a block with scattered edits is diffed exactly as without a budget", arguments: 0..<3)
    func scatteredEdits(seed: UInt64) {
        var generator = SeededGenerator(state: seed &+ 900)
        let ancestorLines = lines(1_500, &generator)
        let ancestor = Array(ancestorLines.joined().utf8)
        let side = Array(ancestorLines.map { line in
            Int.random(in: 0..<4, using: &generator) == 0 ? line.replacingOccurrences(of: "a", with: "A") : line
        }.joined().utf8)
        let bounded = refined(ancestor, side, budget: TextDiff.searchBudget(bytes: ancestor.count + side.count))
        let unbounded = refined(ancestor, side, budget: nil)
        #expect(bounded.hunks == unbounded.hunks)
        #expect(ancestor.applying(bounded.hunks, from: side) == side)
    }
}
