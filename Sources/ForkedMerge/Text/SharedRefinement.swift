/// Refines the line hunks of both sides' diffs to characters on two threads that share the
/// work in small pieces, rather than one side each.
///
/// One thread per side left the merge waiting on the side with more changes (on generated
/// 1 MB texts, one side's refinement took three times the other's), and, with the other core
/// busy, on whichever thread shared its core. Here both threads take the next piece of either
/// side until none is left (``SharedPieces``), so a thread that runs slowly or starts late only
/// delays the piece it holds, and with the texts kept alive the calling thread does not wait
/// for that one either. The hunks are the same as ``TextDiff/hunks(refining:where:workspace:)``'s
/// on each side.
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

    /// Each side's hunks, sorted and coalesced; on two threads when `inParallel`, as
    /// ``SharedPieces/run(count:owner:redoing:launcher:work:)`` does them with `owner` and `launcher`.
    static func hunks(
        of sides: [Side], inParallel: Bool, owner: TextStorageOwner? = nil,
        launcher: SharedPieces<[DiffHunk]>.Launcher = SharedPieces<[DiffHunk]>.globalQueue
    ) -> [[DiffHunk]] {
        guard inParallel else {
            return sides.map { side in side.diff.hunks(refining: side.lineHunks, where: side.refinement) }
        }
        let pieces = Self.pieces(of: sides)
        let results = SharedPieces.run(count: pieces.count, owner: owner, launcher: launcher) { index, workspace in
            let piece = pieces[index]
            let side = sides[piece.side]
            var hunks: [DiffHunk] = []
            hunks.reserveCapacity(piece.hunks.count * 2)
            side.diff.appendHunks(of: side.lineHunks[piece.hunks], refining: side.refinement, workspace: workspace, into: &hunks)
            return hunks
        }
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
            guard side.refinement(index).kind == .characters else { return 16 }   // one hunk, or none
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
}
