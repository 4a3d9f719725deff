/// Which of the two merged sides a hunk or piece belongs to.
enum MergeSide: Equatable, Sendable {
    case dominant, subordinate
}

/// Where the elements of a merged piece are read from.
enum MergeSource: Equatable, Sendable {
    /// The common ancestor.
    case ancestor
    /// The dominant side.
    case dominant
    /// The subordinate side.
    case subordinate
    /// A separator supplied by the merge policy (the number is the policy's own code), placed
    /// between the dominant and subordinate versions of a widened conflict.
    case separator(Int)
}

/// Which side a merged piece is attributed to.
enum MergeOrigin: Equatable, Sendable {
    /// Unchanged ancestor content.
    case ancestor
    /// Content only the dominant side introduced.
    case dominant
    /// Content only the subordinate side introduced (or a separator keeping it apart).
    case subordinate
    /// Content both sides introduced identically.
    case both
}

/// A run of the merge result: `range` of `source`, attributed to `origin`.
struct MergePiece: Equatable, Sendable {
    var source: MergeSource
    var range: Range<Int>
    var origin: MergeOrigin
}

/// A diff hunk tagged with the side it belongs to.
struct SidedHunk: Equatable, Sendable {
    var side: MergeSide
    var hunk: DiffHunk

    /// Whether this hunk and one from the other side touch the same ancestor elements: they
    /// overlap, or both insert at one point, or one inserts strictly inside what the other replaces.
    /// Hunks that merely meet at a boundary do not interact and merge independently.
    func interacts(with other: SidedHunk) -> Bool {
        let mine = hunk.ancestor
        let theirs = other.hunk.ancestor
        switch (mine.isEmpty, theirs.isEmpty) {
        case (true, true): return mine.lowerBound == theirs.lowerBound
        case (true, false): return theirs.lowerBound < mine.lowerBound && mine.lowerBound < theirs.upperBound
        case (false, true): return mine.lowerBound < theirs.lowerBound && theirs.lowerBound < mine.upperBound
        case (false, false): return max(mine.lowerBound, theirs.lowerBound) < min(mine.upperBound, theirs.upperBound)
        }
    }

    /// Orders hunks by ancestor position, insertions before replacements starting at the same
    /// point (an insertion there sits before the replaced elements), dominant before subordinate.
    static func precedes(_ x: SidedHunk, _ y: SidedHunk) -> Bool {
        if x.hunk.ancestor.lowerBound != y.hunk.ancestor.lowerBound {
            return x.hunk.ancestor.lowerBound < y.hunk.ancestor.lowerBound
        }
        if x.hunk.isInsertion != y.hunk.isInsertion { return x.hunk.isInsertion }
        return x.side == .dominant && y.side == .subordinate
    }

    /// Whether this hunk belongs to a conflict widened to `range`: it changes elements inside
    /// it, or inserts inside it or at either end (an insertion there is attached to the range).
    func touches(_ range: Range<Int>) -> Bool {
        let mine = hunk.ancestor
        if mine.isEmpty { return range.lowerBound <= mine.lowerBound && mine.lowerBound <= range.upperBound }
        return mine.lowerBound < range.upperBound && mine.upperBound > range.lowerBound
    }
}

extension Array where Element == MergePiece {
    /// The offset in the merged output where each piece starts, followed by the output's length.
    var outputOffsets: [Int] {
        var offsets = [Int]()
        offsets.reserveCapacity(count + 1)
        offsets.append(0)
        for piece in self { offsets.append(offsets[offsets.count - 1] + piece.range.count) }
        return offsets
    }
}
