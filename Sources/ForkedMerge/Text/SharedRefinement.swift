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
///
/// With the other core busy, the kernel gives the helper thread that core in slices of a few
/// milliseconds, so the piece it held when its slice ended kept the merge waiting for the rest
/// of the slice. When the texts' storage is kept alive for it (`owner`), the calling thread never
/// waits: once no piece is left to take, it refines the pieces the helper has not finished
/// itself, and returns when every piece has a result; the helper's late results are dropped.
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

    /// Starts the helper thread's share of the work.
    typealias HelperLauncher = @Sendable (@escaping @Sendable () -> Void) -> Void

    /// Runs the helper's share on a thread of the global queue.
    static let globalQueue: HelperLauncher = { share in DispatchQueue.global().async(execute: share) }

    /// Each side's hunks, sorted and coalesced; on two threads when `inParallel`.
    ///
    /// With `owner` (what keeps the memory the sides' diffs read alive), the calling thread never
    /// waits for the helper `launcher` starts, which may still be refining a piece after this
    /// returns; without it, the helper is waited for.
    static func hunks(
        of sides: [Side], inParallel: Bool, owner: TextStorageOwner? = nil, launcher: HelperLauncher = globalQueue
    ) -> [[DiffHunk]] {
        guard inParallel else {
            return sides.map { side in side.diff.hunks(refining: side.lineHunks, where: side.refinement) }
        }
        let pieces = Self.pieces(of: sides)
        let work = SharedWork(sides: sides, pieces: pieces, owner: owner)
        if owner != nil {
            launcher { work.takePieces() }
            work.takePieces(finishingLate: true)
        } else {
            DispatchQueue.concurrentPerform(iterations: 2) { _ in work.takePieces() }
        }
        // Every piece has a result here: the calling thread took or redid whatever the helper
        // had not finished, or concurrentPerform returned after both threads were done.
        let results = work.finishedResults()
        return sides.indices.map { index in
            var hunks: [DiffHunk] = []
            hunks.reserveCapacity(zip(pieces, results).reduce(0) { $0 + ($1.0.side == index ? $1.1.count : 0) })
            for (piece, slot) in zip(pieces, results) where piece.side == index { hunks.append(contentsOf: slot) }
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

    /// What the two threads share: the read-only sides and pieces, and under one lock the
    /// index of the next piece to take and each piece's result, kept from whichever thread
    /// finished it first. It holds `owner`, so a helper that outlives the call still reads
    /// live memory.
    private final class SharedWork: @unchecked Sendable {
        let sides: [Side]
        let pieces: [Piece]
        let owner: TextStorageOwner?
        private let progress: Mutex<Progress>

        /// The next piece nobody has taken, and the results so far.
        struct Progress {
            var next = 0
            var results: [[DiffHunk]?]
            var finished = 0
        }

        init(sides: [Side], pieces: [Piece], owner: TextStorageOwner?) {
            self.sides = sides
            self.pieces = pieces
            self.owner = owner
            progress = Mutex(Progress(results: Array(repeating: nil, count: pieces.count)))
        }

        /// Refines pieces until none is left to take; with `finishingLate`, then refines every
        /// piece still without a result (the other thread's) until all have one.
        func takePieces(finishingLate: Bool = false) {
            let workspace = DiffWorkspace()
            while let index = nextPiece(finishingLate: finishingLate) {
                let piece = pieces[index]
                let side = sides[piece.side]
                var hunks: [DiffHunk] = []
                hunks.reserveCapacity(piece.hunks.count * 2)
                side.diff.appendHunks(of: side.lineHunks[piece.hunks], refining: side.refinement, workspace: workspace, into: &hunks)
                progress.withLock { progress in
                    guard progress.results[index] == nil else { return }
                    progress.results[index] = hunks
                    progress.finished += 1
                }
            }
        }

        /// The next piece to refine: an untaken one, or, with `finishingLate`, the first without
        /// a result; nil when there is none.
        private func nextPiece(finishingLate: Bool) -> Int? {
            progress.withLock { progress in
                if progress.next < pieces.count {
                    defer { progress.next += 1 }
                    return progress.next
                }
                guard finishingLate, progress.finished < pieces.count else { return nil }
                return progress.results.firstIndex { $0 == nil }
            }
        }

        /// Every piece's result, once all are finished.
        func finishedResults() -> [[DiffHunk]] {
            progress.withLock { progress in progress.results.map { $0 ?? [] } }
        }
    }
}
