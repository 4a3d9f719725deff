/// The per-property merge rules that `@ForkedModel` generates calls to.
///
/// Keeping the rules here keeps the generated code to one line per property, and keeps the
/// rules themselves in ordinary, testable Swift.
public enum PropertyMerging {
    /// Most recent change wins: the side that changed the value wins, and when both sides
    /// changed it, the dominant side wins. Used for properties without `@Merged`, even when
    /// their type is `Mergeable`, so `@Merged` is what opts a property into merging.
    public static func mostRecentChange<Value: Equatable>(
        _ dominant: Value, withSubordinate subordinate: Value, commonAncestor: Value
    ) -> Value {
        dominant == commonAncestor ? subordinate : dominant
    }

    /// Merges a value with `merger`, after giving way to a side that did not change.
    public static func merge<M: Merger>(
        _ dominant: M.T, withSubordinate subordinate: M.T, commonAncestor: M.T, using merger: M
    ) throws -> M.T where M.T: Equatable {
        if dominant == commonAncestor { return subordinate }
        if subordinate == commonAncestor || subordinate == dominant { return dominant }
        return try merger.merge(dominant, withSubordinate: subordinate, commonAncestor: commonAncestor)
    }

    /// Merges an optional value with `merger`.
    ///
    /// `nil` counts as a value of its own, as in `ValueMerging`: a side that did not change
    /// yields, a removal on one side loses to an edit on the other, and when both sides set a
    /// value where there was none, the dominant value is kept, because without an ancestor a
    /// merger cannot tell which parts each side added.
    public static func merge<M: Merger>(
        _ dominant: M.T?, withSubordinate subordinate: M.T?, commonAncestor: M.T?, using merger: M
    ) throws -> M.T? where M.T: Equatable {
        if dominant == commonAncestor { return subordinate }
        if subordinate == commonAncestor || subordinate == dominant { return dominant }
        switch (dominant, subordinate, commonAncestor) {
        case let (dominant?, subordinate?, ancestor?):
            return try merger.merge(dominant, withSubordinate: subordinate, commonAncestor: ancestor)
        case let (dominant?, _, _):
            return dominant
        case let (nil, subordinate, _):
            return subordinate
        }
    }

    /// Merges a value through its own `Mergeable` conformance.
    ///
    /// The `Mergeable` requirement is static, so `@Merged` on a type that cannot merge itself
    /// is a compile-time error instead of a silent fallback to "most recent wins".
    public static func merge<Value: Mergeable>(
        _ dominant: Value, withSubordinate subordinate: Value, commonAncestor: Value
    ) throws -> Value {
        try dominant.merged(withSubordinate: subordinate, commonAncestor: commonAncestor)
    }

    /// Merges an `Equatable` value through its own `Mergeable` conformance, after giving way
    /// to a side that did not change.
    ///
    /// Unlike `ValueMerging`, two sides that made the same change still reach the type's own
    /// merge: for a counter both sides incremented by one, equal values are two increments.
    public static func merge<Value: Mergeable & Equatable>(
        _ dominant: Value, withSubordinate subordinate: Value, commonAncestor: Value
    ) throws -> Value {
        if dominant == commonAncestor { return subordinate }
        if subordinate == commonAncestor { return dominant }
        return try dominant.merged(withSubordinate: subordinate, commonAncestor: commonAncestor)
    }

    /// Merges an optional value through its own `Mergeable` conformance.
    ///
    /// `nil` counts as a value of its own, as in `ValueMerging`: a side that did not change
    /// yields, an edit on one side survives a removal on the other, and when both sides set a
    /// value where there was none, the dominant one salvages what it can from the other with
    /// `Mergeable.salvaging(from:)`.
    public static func merge<Value: Mergeable & Equatable>(
        _ dominant: Value?, withSubordinate subordinate: Value?, commonAncestor: Value?
    ) throws -> Value? {
        if dominant == commonAncestor { return subordinate }
        if subordinate == commonAncestor { return dominant }
        switch (dominant, subordinate, commonAncestor) {
        case let (dominant?, subordinate?, ancestor?):
            return try merge(dominant, withSubordinate: subordinate, commonAncestor: ancestor)
        case let (dominant?, subordinate?, nil):
            return try dominant.salvaging(from: subordinate)
        case let (dominant?, nil, _):
            return dominant
        case let (nil, subordinate, _):
            return subordinate
        }
    }
}
