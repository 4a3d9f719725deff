/// Merges concurrent edits to an array of values, position by position.
///
/// It follows the same rules as ``TextMerger`` and runs on the same merge core:
/// - a part of the array changed on one side only takes that side's change;
/// - the same insertion, deletion or replacement made on both sides is applied once;
/// - insertions at one position from both sides are both kept, the dominant side's first,
///   each as one contiguous run, never interleaved;
/// - deletions from both sides are applied, and elements inserted by one side where the other
///   deleted survive;
/// - where both sides replaced the same elements differently, both replacements are kept,
///   dominant first.
///
/// ```swift
/// let merged = try ArrayMerger<Int>().merge([1, 2, 3, 4], withSubordinate: [0, 1, 2, 3], commonAncestor: [1, 2, 3])
/// // [0, 1, 2, 3, 4]
/// ```
public struct ArrayMerger<Element: Hashable & Sendable>: Merger {
    /// Creates an array merger.
    public init() {}

    /// Returns the three-way merge of two edited versions of `commonAncestor`.
    public func merge(_ dominant: [Element], withSubordinate subordinate: [Element], commonAncestor: [Element]) throws -> [Element] {
        if dominant == commonAncestor { return subordinate }
        if subordinate == commonAncestor || subordinate == dominant { return dominant }
        return SequenceMerge(ancestor: commonAncestor, dominant: dominant, subordinate: subordinate).merged()
    }
}
