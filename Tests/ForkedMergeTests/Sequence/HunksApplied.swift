@testable import ForkedMerge

extension Array {
    /// This sequence (an ancestor) with each hunk's range replaced by `side`'s range: a diff
    /// from the ancestor to `side` gives back `side`.
    func applying(_ hunks: [DiffHunk], from side: [Element]) -> [Element] {
        var result: [Element] = []
        var position = 0
        for hunk in hunks {
            result += self[position..<hunk.ancestor.lowerBound]
            result += side[hunk.side]
            position = hunk.ancestor.upperBound
        }
        return result + self[position...]
    }
}
