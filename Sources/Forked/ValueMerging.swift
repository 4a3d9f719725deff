/// The one rule every merge in Forked follows for a single value:
/// a side that did not change yields to the side that did, a `Mergeable` value merges
/// itself, and anything else keeps the dominant (most recent) side.
///
/// Optionals are recognised at run time, even when generic code only knows the type as
/// `Value`: `nil` is a value of its own, so a removal merges like an edit, an edit beats a
/// removal, and two present values merge recursively (through any number of `Optional` layers).
/// Mergers for containers (dictionaries, arrays of identifiable elements, model properties)
/// call this for each element, so nested `Mergeable` values merge wherever they are.
public enum ValueMerging {
    /// Three-way merges one value.
    ///
    /// - Parameters:
    ///   - dominant: The side whose change is preferred when both changed.
    ///   - subordinate: The other side.
    ///   - commonAncestor: The value both sides started from.
    /// - Returns: The subordinate side when only it changed, the dominant side when only it
    ///   changed, otherwise (even when both made the same change)
    ///   `dominant.merged(withSubordinate:commonAncestor:)` for `Mergeable` types and `dominant`
    ///   for all others.
    public static func merge<Value: Equatable>(
        _ dominant: Value, withSubordinate subordinate: Value, commonAncestor: Value
    ) throws -> Value {
        if dominant == commonAncestor { return subordinate }
        if subordinate == commonAncestor { return dominant }
        // Two equal changes are not one: a counter both sides incremented was incremented
        // twice, so equal sides still go to the type's own merge.
        if let optionalType = Value.self as? any OptionalMerging.Type {
            return try mergeOptional(optionalType, dominant, subordinate, commonAncestor) ?? dominant
        }
        if let mergeable = dominant as? any Mergeable,
           let opened = try mergeOpened(mergeable, subordinate: subordinate, ancestor: commonAncestor),
           let merged = opened as? Value {
            return merged
        }
        return dominant
    }

    /// Two-way merges one value when no common ancestor exists: `Mergeable` values salvage
    /// what they can from the subordinate side, anything else keeps the dominant side.
    public static func salvage<Value: Equatable>(_ dominant: Value, from subordinate: Value) throws -> Value {
        if dominant == subordinate { return dominant }
        if let optionalType = Value.self as? any OptionalMerging.Type {
            return try salvageOptional(optionalType, dominant, subordinate) ?? dominant
        }
        if let mergeable = dominant as? any Mergeable,
           let opened = try salvageOpened(mergeable, from: subordinate),
           let salvaged = opened as? Value {
            return salvaged
        }
        return dominant
    }

    /// Whether `value` descends from `earlier`, a value it was never merged with, so that
    /// `earlier` can be the common ancestor of its merges (see ``Mergeable/descends(from:)``):
    /// `Mergeable` values answer for themselves, optionals when both are present, and any other
    /// value only when it equals `earlier`.
    public static func descends<Value: Equatable>(_ value: Value, from earlier: Value) -> Bool {
        if value == earlier { return true }
        if let optionalType = Value.self as? any OptionalMerging.Type {
            return descendsOptional(optionalType, value, earlier)
        }
        if let mergeable = value as? any Mergeable { return descendsOpened(mergeable, from: earlier) }
        return false
    }

    private static func descendsOpened<M: Mergeable>(_ value: M, from earlier: Any) -> Bool {
        guard let earlier = earlier as? M else { return false }
        return value.descends(from: earlier)
    }

    private static func descendsOptional<Routed: OptionalMerging, Value>(_: Routed.Type, _ value: Value, _ earlier: Value) -> Bool {
        guard let value = value as? Routed, let earlier = earlier as? Routed else { return false }
        return Routed.descendsOptional(value, from: earlier)
    }

    private static func mergeOpened<M: Mergeable>(_ dominant: M, subordinate: Any, ancestor: Any) throws -> M? {
        guard let subordinate = subordinate as? M, let ancestor = ancestor as? M else { return nil }
        return try dominant.merged(withSubordinate: subordinate, commonAncestor: ancestor)
    }

    private static func salvageOpened<M: Mergeable>(_ dominant: M, from subordinate: Any) throws -> M? {
        guard let subordinate = subordinate as? M else { return nil }
        return try dominant.salvaging(from: subordinate)
    }

    /// Opens `Value` as the optional type it was found to be. `Routed` is `Value` itself,
    /// so the casts only fail if that were not so, and the caller then keeps `dominant`.
    private static func mergeOptional<Routed: OptionalMerging, Value>(
        _: Routed.Type, _ dominant: Value, _ subordinate: Value, _ ancestor: Value
    ) throws -> Value? {
        guard let dominant = dominant as? Routed, let subordinate = subordinate as? Routed,
              let ancestor = ancestor as? Routed
        else { return nil }
        return try Routed.mergeOptional(dominant, withSubordinate: subordinate, commonAncestor: ancestor) as? Value
    }

    private static func salvageOptional<Routed: OptionalMerging, Value>(
        _: Routed.Type, _ dominant: Value, _ subordinate: Value
    ) throws -> Value? {
        guard let dominant = dominant as? Routed, let subordinate = subordinate as? Routed else { return nil }
        return try Routed.salvageOptional(dominant, from: subordinate) as? Value
    }
}

/// Lets ``ValueMerging`` recognise `Optional` at run time and reach its wrapped type.
protocol OptionalMerging {
    static func mergeOptional(_ dominant: Self, withSubordinate subordinate: Self, commonAncestor: Self) throws -> Self
    static func salvageOptional(_ dominant: Self, from subordinate: Self) throws -> Self
    static func descendsOptional(_ value: Self, from earlier: Self) -> Bool
}

extension Optional: OptionalMerging where Wrapped: Equatable {
    static func mergeOptional(_ dominant: Self, withSubordinate subordinate: Self, commonAncestor: Self) throws -> Self {
        switch (dominant, subordinate, commonAncestor) {
        case let (dominant?, subordinate?, ancestor?):
            return try ValueMerging.merge(dominant, withSubordinate: subordinate, commonAncestor: ancestor)
        case let (dominant?, subordinate?, nil):
            return try ValueMerging.salvage(dominant, from: subordinate)
        case let (nil, subordinate?, _):
            // The dominant side removed what the subordinate side edited: the edit survives.
            return subordinate
        case let (dominant, nil, _):
            return dominant
        }
    }

    static func salvageOptional(_ dominant: Self, from subordinate: Self) throws -> Self {
        guard let dominant, let subordinate else { return dominant ?? subordinate }
        return try ValueMerging.salvage(dominant, from: subordinate)
    }

    static func descendsOptional(_ value: Self, from earlier: Self) -> Bool {
        guard let value, let earlier else { return false }
        return ValueMerging.descends(value, from: earlier)
    }
}
