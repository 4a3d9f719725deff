import Dispatch
import Synchronization

/// Refines the line hunks of both sides' diffs to characters on two threads that share the
/// work in small pieces, rather than one side each.
///
/// One thread per side left the merge waiting on the side with more changes (on generated
/// 1 MB texts, one side's refinement took three times the other's), and, with the other core
/// busy, on whichever thread shared its core. Here both threads take the next piece of either
/// side until none is left, so a thread that runs slowly or starts late only delays the piece
/// it holds. The hunks are the same as ``TextDiff/hunks(refining:where:workspace:)``'s on each side.
enum SharedRefinement {
    /// One side's line diff and how each of its line hunks is refined.
    struct Side {
        let diff: TextDiff
        let lineHunks: [DiffHunk]
        /// How the line hunk at an index becomes byte hunks.
        let refinement: (Int) -> BlockRefinement
    }

    /// About how many pieces the work is cut into: enough for a thread that falls behind to
    /// hold up little, few enough that taking a piece costs nothing next to doing it.
    static let pieceCount = 64

    /// Each side's hunks, sorted and coalesced; on two threads when `inParallel`.
    static func hunks(of sides: [Side], inParallel: Bool) -> [[DiffHunk]] {
        guard inParallel else {
            return sides.map { side in side.diff.hunks(refining: side.lineHunks, where: side.refinement) }
        }
        let pieces = Self.pieces(of: sides)
        let work = SharedWork(sides: sides, pieces: pieces)
        defer { work.release() }
        DispatchQueue.concurrentPerform(iterations: 2) { _ in work.takePieces() }
        // concurrentPerform returns once both threads are done, so every piece's slot is written.
        return sides.indices.map { index in
            var hunks: [DiffHunk] = []
            hunks.reserveCapacity(zip(pieces, work.results).reduce(0) { $0 + ($1.0.side == index ? $1.1.count : 0) })
            for (piece, slot) in zip(pieces, work.results) where piece.side == index { hunks.append(contentsOf: slot) }
            hunks.coalesce()
            return hunks
        }
    }

    /// A run of consecutive line hunks of one side.
    struct Piece {
        let side: Int
        let hunks: Range<Int>
    }

    /// The sides' line hunks cut into runs of about equal cost, in order within each side.
    ///
    /// A block refined to characters costs about its bytes on both texts; one replaced as a
    /// single hunk costs next to nothing, so it counts as a few bytes.
    static func pieces(of sides: [Side]) -> [Piece] {
        func cost(_ side: Side, _ index: Int) -> Int {
            guard side.refinement(index).kind == .characters else { return 16 }
            let hunk = side.lineHunks[index]
            let diff = side.diff
            return 16 + diff.ancestorLineStarts[hunk.ancestor.upperBound] - diff.ancestorLineStarts[hunk.ancestor.lowerBound]
                + diff.sideLineStarts[hunk.side.upperBound] - diff.sideLineStarts[hunk.side.lowerBound]
        }
        let costs = sides.map { side in side.lineHunks.indices.map { cost(side, $0) } }
        let total = costs.reduce(0) { $0 + $1.reduce(0, +) }
        let target = max(1, total / pieceCount)
        var pieces: [Piece] = []
        for (index, sideCosts) in costs.enumerated() {
            var start = 0
            var accumulated = 0
            for (hunk, cost) in sideCosts.enumerated() {
                accumulated += cost
                if accumulated >= target {
                    pieces.append(Piece(side: index, hunks: start..<(hunk + 1)))
                    start = hunk + 1
                    accumulated = 0
                }
            }
            if start < sideCosts.count { pieces.append(Piece(side: index, hunks: start..<sideCosts.count)) }
        }
        return pieces
    }

    /// What the two threads share: the read-only sides and pieces, the index of the next piece
    /// to take, and one result slot per piece, each written by the one thread that took it.
    /// The texts the diffs read stay unmodified while the threads run.
    private final class SharedWork: @unchecked Sendable {
        let sides: [Side]
        let pieces: [Piece]
        let next = Atomic<Int>(0)
        let results: UnsafeMutableBufferPointer<[DiffHunk]>

        init(sides: [Side], pieces: [Piece]) {
            self.sides = sides
            self.pieces = pieces
            results = .allocate(capacity: pieces.count)
            results.initialize(repeating: [])
        }

        /// Refines pieces until none is left.
        func takePieces() {
            let workspace = DiffWorkspace()
            while true {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < pieces.count else { return }
                let piece = pieces[index]
                let side = sides[piece.side]
                var hunks: [DiffHunk] = []
                hunks.reserveCapacity(piece.hunks.count * 2)
                side.diff.appendHunks(of: side.lineHunks[piece.hunks], refining: side.refinement, workspace: workspace, into: &hunks)
                results[index] = hunks
            }
        }

        func release() {
            results.deinitialize()
            results.deallocate()
        }
    }
}
