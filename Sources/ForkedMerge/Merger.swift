/// An algorithm that merges two concurrent versions of a value against their common ancestor.
///
/// Mergers are small value types with no state of their own, so one instance can serve
/// any number of merges from any thread.
///
/// ```swift
/// let merged = try TextMerger().merge("the dog sat", withSubordinate: "the cat sat!", commonAncestor: "the cat sat")
/// // "the dog sat!"
/// ```
public protocol Merger: Sendable {
    /// The type of value this merger combines.
    associatedtype T

    /// Returns the three-way merge of `dominant` and `subordinate`.
    ///
    /// Where both sides changed the same part of the value differently, the dominant side is
    /// preferred (or placed first, when both changes can be kept).
    func merge(_ dominant: T, withSubordinate subordinate: T, commonAncestor: T) throws -> T
}

extension Merger {
    /// The original Forked's older spelling of a merge, where the ancestor may be missing: with
    /// an ancestor it is ``merge(_:withSubordinate:commonAncestor:)``; without one there is no
    /// telling which side changed what, so `dominant` is kept.
    @available(*, deprecated, renamed: "merge(_:withSubordinate:commonAncestor:)")
    public func merge(_ dominant: T, withOlderConflicting subordinate: T, commonAncestor: T?) throws -> T {
        guard let commonAncestor else { return dominant }
        return try merge(dominant, withSubordinate: subordinate, commonAncestor: commonAncestor)
    }
}
