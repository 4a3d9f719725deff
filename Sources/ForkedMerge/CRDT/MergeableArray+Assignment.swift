extension MergeableArray {
    /// The most element comparisons ``assign(_:)`` spends on finding which elements to keep
    /// in the changed middle of the array; beyond it the middle is replaced outright.
    static var assignmentComparisonBudget: Int { 1_000_000 }

    /// Makes the array hold `newElements`, as the smallest set of edits this method finds:
    /// elements kept in both (the common start and end, then a longest common subsequence of
    /// the middle) stay untouched, every other current element is removed and every new one
    /// inserted in place.
    ///
    /// So assigning a whole array merges like the edits it stands for: an element another
    /// replica inserted next to a kept element stays where it was put, and an element kept
    /// here is not duplicated when both replicas keep it.
    public mutating func assign(_ newElements: [Element]) {
        let old = values
        var prefix = 0
        while prefix < old.count, prefix < newElements.count, old[prefix] == newElements[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < newElements.count - prefix,
              old[old.count - 1 - suffix] == newElements[newElements.count - 1 - suffix] {
            suffix += 1
        }
        let oldMiddle = Array(old[prefix..<(old.count - suffix)])
        let newMiddle = Array(newElements[prefix..<(newElements.count - suffix)])
        let kept = Self.keptPairs(oldMiddle, newMiddle)

        // Walk the middle from its end, so that edits never move the places still to edit.
        var oldEnd = oldMiddle.count
        var newEnd = newMiddle.count
        for (keptOld, keptNew) in ([(-1, -1)] + kept).reversed() {
            for oldIndex in stride(from: oldEnd - 1, to: keptOld, by: -1) {
                remove(at: prefix + oldIndex)
            }
            // In order, each after the one before, so a run of new elements stays together
            // when another replica inserts at the same place.
            for (offset, newIndex) in ((keptNew + 1)..<newEnd).enumerated() {
                insert(newMiddle[newIndex], at: prefix + keptOld + 1 + offset)
            }
            oldEnd = keptOld
            newEnd = keptNew
        }
    }

    /// Index pairs of a longest common subsequence of `old` and `new`, in increasing order;
    /// none when comparing them would exceed ``assignmentComparisonBudget``.
    private static func keptPairs(_ old: [Element], _ new: [Element]) -> [(Int, Int)] {
        guard !old.isEmpty, !new.isEmpty, old.count * new.count <= assignmentComparisonBudget else { return [] }
        // lengths[i][j]: the longest common subsequence of old[i...] and new[j...].
        var lengths = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                lengths[i][j] = old[i] == new[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var pairs: [(Int, Int)] = []
        var i = 0, j = 0
        while i < old.count, j < new.count {
            if old[i] == new[j] {
                pairs.append((i, j))
                i += 1
                j += 1
            } else if lengths[i + 1][j] >= lengths[i][j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        return pairs
    }
}
