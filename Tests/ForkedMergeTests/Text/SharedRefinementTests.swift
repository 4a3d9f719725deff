@testable import ForkedMerge
import Foundation
import Testing
import ForkedTestSupport

/// Refining both sides on two threads that share the work in pieces must give each side the
/// hunks one thread refining it alone gives.
@Suite("Both sides refined on two threads in shared pieces")
struct SharedRefinementTests {
    /// The line diffs of both sides of a three-way text, each side refining the blocks `refines` picks.
    private func withSides<R>(
        _ ancestor: String, _ dominant: String, _ subordinate: String, refines: @escaping (Int) -> BlockRefinement,
        _ body: ([SharedRefinement.Side], TextStorageOwner?) -> R
    ) -> R {
        TextMergeComputation.withOwnedBuffers(ancestor, dominant, subordinate) { a, d, s, owner in
            let ancestorLines = TextLines(a)
            let sides = [d, s].map { side in
                let lines = TextLines(side)
                let diff = TextDiff(
                    ancestor: a, ancestorLineStarts: ancestorLines.starts, ancestorLineIDs: ancestorLines.ids,
                    side: side, sideLineStarts: lines.starts, sideLineIDs: lines.ids
                )
                return SharedRefinement.Side(diff: diff, lineHunks: diff.lineHunks(), refinement: refines)
            }
            return body(sides, owner)
        }
    }

    private func threeTexts(seed: UInt64, lineCount: Int) -> (String, String, String) {
        var generator = SeededGenerator(state: seed)
        let words = ["the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "o", "12", "(x)"]
        let lines = TextEdits.wordLines(count: lineCount, of: words, maximumWords: 9, &generator)
        return (lines.joined(), TextEdits.editedLines(lines, &generator), TextEdits.editedLines(lines, &generator))
    }

    @Test("each side's hunks equal one thread's, refining every block or only some", arguments: 0..<4)
    func equalsOneThread(seed: UInt64) {
        let (ancestor, dominant, subordinate) = threeTexts(seed: seed, lineCount: 3_000)
        // Every block, and every third, as a text-only merge refines some.
        for refines in [{ (_: Int) in BlockRefinement.characters(changedWords: nil) }, { (index: Int) in index % 3 == 0 ? .characters(changedWords: nil) : .wholeLines }] {
            withSides(ancestor, dominant, subordinate, refines: refines) { sides, owner in
                #expect(sides.allSatisfy { $0.lineHunks.count > SharedRefinement.pieceCount })
                let shared = SharedRefinement.hunks(of: sides, inParallel: true)
                let alone = sides.map { $0.diff.hunks(refining: $0.lineHunks, where: $0.refinement) }
                #expect(shared == alone)
                #expect(SharedRefinement.hunks(of: sides, inParallel: false) == alone)
                #expect(owner != nil)
                #expect(SharedRefinement.hunks(of: sides, inParallel: true, owner: owner) == alone)
            }
        }
    }

    @Test("the pieces cover each side's line hunks once, in order, in about equal shares")
    func piecesCoverEveryHunk() {
        let (ancestor, dominant, subordinate) = threeTexts(seed: 7, lineCount: 2_000)
        withSides(ancestor, dominant, subordinate, refines: { _ in .characters(changedWords: nil) }) { sides, _ in
            let pieces = SharedRefinement.pieces(of: sides)
            #expect(pieces.map(\.side) == pieces.map(\.side).sorted())
            for (index, side) in sides.enumerated() {
                let ranges = pieces.filter { $0.side == index }.map(\.hunks)
                #expect(ranges.allSatisfy { !$0.isEmpty })
                #expect(ranges.first?.lowerBound == 0)
                #expect(ranges.last?.upperBound == side.lineHunks.count)
                #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
            }
            // About the count asked for: each side's last piece may be short.
            #expect(pieces.count >= SharedRefinement.pieceCount - 2 && pieces.count <= SharedRefinement.pieceCount + 2)
        }
    }

    @Test("with the texts kept alive, the calling thread refines every piece a late helper has not, without waiting for it")
    func callerFinishesWithoutTheHelper() {
        let (ancestor, dominant, subordinate) = threeTexts(seed: 11, lineCount: 2_000)
        let helper = HeldHelper()
        let (shared, alone) = withSides(ancestor, dominant, subordinate, refines: { _ in .characters(changedWords: nil) }) { sides, owner in
            // The helper starts only after the call returned: waiting for it would never end.
            let shared = SharedRefinement.hunks(of: sides, inParallel: true, owner: owner, launcher: { helper.hold($0) })
            return (shared, sides.map { $0.diff.hunks(refining: $0.lineHunks, where: $0.refinement) })
        }
        #expect(shared == alone)
        // Run late, after the texts' buffers went out of scope: it finds nothing left to take.
        #expect(helper.runHeld() == 1)
    }

    @Test("a helper that takes every piece before the caller starts leaves it nothing to redo")
    func helperTakesEveryPiece() {
        let (ancestor, dominant, subordinate) = threeTexts(seed: 12, lineCount: 2_000)
        withSides(ancestor, dominant, subordinate, refines: { _ in .characters(changedWords: nil) }) { sides, owner in
            let shared = SharedRefinement.hunks(of: sides, inParallel: true, owner: owner, launcher: { $0() })
            #expect(shared == sides.map { $0.diff.hunks(refining: $0.lineHunks, where: $0.refinement) })
        }
    }

    @Test("sides with no line hunks give no pieces and no hunks")
    func unchangedSides() {
        let text = "one\ntwo\n"
        withSides(text, text, text, refines: { _ in .characters(changedWords: nil) }) { sides, _ in
            #expect(SharedRefinement.pieces(of: sides).isEmpty)
            #expect(SharedRefinement.hunks(of: sides, inParallel: true) == [[], []])
        }
    }
}
