/// One maximal run of differences between an ancestor sequence and one side's sequence.
///
/// Positions are element offsets (for text, UTF-8 byte offsets that always fall on grapheme
/// cluster boundaries). A hunk with an empty `ancestor` range is a pure insertion; one with an
/// empty `side` range is a pure deletion.
struct DiffHunk: Equatable, Sendable {
    /// The replaced part of the ancestor.
    var ancestor: Range<Int>
    /// What the side has in its place.
    var side: Range<Int>

    /// Whether the hunk only inserts, leaving every ancestor element in place.
    var isInsertion: Bool { ancestor.isEmpty }

    /// Returns the hunk moved by the given offsets, for hunks computed on a sub-range.
    func offset(ancestorBy ancestorOffset: Int, sideBy sideOffset: Int) -> DiffHunk {
        DiffHunk(
            ancestor: (ancestor.lowerBound + ancestorOffset)..<(ancestor.upperBound + ancestorOffset),
            side: (side.lowerBound + sideOffset)..<(side.upperBound + sideOffset)
        )
    }
}

extension Array where Element == DiffHunk {
    /// Joins hunks that touch, so that every hunk is separated from the next by at least one
    /// unchanged element: the three-way merge relies on a side never having two hunks at one position.
    func coalesced() -> [DiffHunk] {
        var result: [DiffHunk] = []
        result.reserveCapacity(count)
        for hunk in self {
            if let last = result.last, last.ancestor.upperBound == hunk.ancestor.lowerBound {
                result[result.count - 1] = DiffHunk(
                    ancestor: last.ancestor.lowerBound..<hunk.ancestor.upperBound,
                    side: last.side.lowerBound..<hunk.side.upperBound
                )
            } else {
                result.append(hunk)
            }
        }
        return result
    }
}
