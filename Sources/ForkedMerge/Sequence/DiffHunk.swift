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
        var result = self
        result.coalesce()
        return result
    }

    /// ``coalesced()`` in place, without allocating.
    mutating func coalesce() {
        guard count > 1 else { return }
        var kept = 0
        for index in 1..<count {
            let hunk = self[index]
            if self[kept].ancestor.upperBound == hunk.ancestor.lowerBound {
                self[kept] = DiffHunk(
                    ancestor: self[kept].ancestor.lowerBound..<hunk.ancestor.upperBound,
                    side: self[kept].side.lowerBound..<hunk.side.upperBound
                )
            } else {
                kept += 1
                self[kept] = hunk
            }
        }
        removeLast(count - kept - 1)
    }
}
