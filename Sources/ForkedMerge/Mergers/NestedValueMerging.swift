import Forked

/// The per-element merge rule the container mergers use: ``ValueMerging``'s rule, applied
/// through any number of `Optional` layers.
///
/// Inside a generic container the element type is only known as `Value`, so a call to
/// `ValueMerging.merge` always picks its non-optional overload, even when `Value` is
/// `Wrapped?`. That overload then sees an optional where it expects a `Mergeable`: a `nil` on
/// either side stops the recursive merge, and a removal on one side beats an edit on the other.
/// This type notices optionals at run time and merges them the way
/// `ValueMerging.merge(_:withSubordinate:commonAncestor:)` merges optionals it can see
/// statically: `nil` is a value of its own, an edit beats a removal, and two present values
/// merge recursively, so `Mergeable` values nested in optionals (even `Wrapped??`) still merge.
enum NestedValueMerging {
    /// Three-way merges one value, looking through optionals.
    static func merge<Value: Equatable>(
        _ dominant: Value, withSubordinate subordinate: Value, commonAncestor: Value
    ) throws -> Value {
        if let optionalType = Value.self as? any OptionalValueMerging.Type {
            return try mergeOptional(optionalType, dominant, subordinate, commonAncestor)
        }
        return try ValueMerging.merge(dominant, withSubordinate: subordinate, commonAncestor: commonAncestor)
    }

    /// Two-way merges one value when no ancestor exists, looking through optionals.
    static func salvage<Value: Equatable>(_ dominant: Value, from subordinate: Value) throws -> Value {
        if let optionalType = Value.self as? any OptionalValueMerging.Type {
            return try salvageOptional(optionalType, dominant, subordinate)
        }
        return try ValueMerging.salvage(dominant, from: subordinate)
    }

    private static func mergeOptional<Routed: OptionalValueMerging, Value>(
        _: Routed.Type, _ dominant: Value, _ subordinate: Value, _ ancestor: Value
    ) throws -> Value {
        // `Routed` is `Value` itself (found by casting `Value.self`), so these casts cannot fail.
        guard let dominant = dominant as? Routed,
              let subordinate = subordinate as? Routed,
              let ancestor = ancestor as? Routed,
              let merged = try Routed.mergeOptional(dominant, withSubordinate: subordinate, commonAncestor: ancestor)
                as? Value
        else { return dominant }
        return merged
    }

    private static func salvageOptional<Routed: OptionalValueMerging, Value>(
        _: Routed.Type, _ dominant: Value, _ subordinate: Value
    ) throws -> Value {
        guard let dominant = dominant as? Routed,
              let subordinate = subordinate as? Routed,
              let salvaged = try Routed.salvageOptional(dominant, from: subordinate) as? Value
        else { return dominant }
        return salvaged
    }
}

/// Lets ``NestedValueMerging`` recognise `Optional` at run time and reach its wrapped type.
protocol OptionalValueMerging {
    /// Three-way merges two optionals against their ancestor.
    static func mergeOptional(_ dominant: Self, withSubordinate subordinate: Self, commonAncestor: Self) throws -> Self
    /// Two-way merges two optionals without an ancestor.
    static func salvageOptional(_ dominant: Self, from subordinate: Self) throws -> Self
}

extension Optional: OptionalValueMerging where Wrapped: Equatable {
    static func mergeOptional(_ dominant: Self, withSubordinate subordinate: Self, commonAncestor: Self) throws -> Self {
        if dominant == commonAncestor { return subordinate }
        if subordinate == commonAncestor || subordinate == dominant { return dominant }
        switch (dominant, subordinate, commonAncestor) {
        case let (dominant?, subordinate?, ancestor?):
            return try NestedValueMerging.merge(dominant, withSubordinate: subordinate, commonAncestor: ancestor)
        case let (dominant?, subordinate?, nil):
            return try NestedValueMerging.salvage(dominant, from: subordinate)
        case let (nil, subordinate?, _):
            // The dominant side removed what the subordinate side edited: keep the edit.
            return subordinate
        case let (dominant?, nil, _):
            return dominant
        case (nil, nil, _):
            return nil
        }
    }

    static func salvageOptional(_ dominant: Self, from subordinate: Self) throws -> Self {
        guard let dominant, let subordinate else { return dominant }
        return try NestedValueMerging.salvage(dominant, from: subordinate)
    }
}
