/// The one rule every merge in Forked follows for a single value:
/// a side that did not change yields to the side that did, a `Mergeable` value merges
/// itself, and anything else keeps the dominant (most recent) side.
///
/// Mergers for containers (dictionaries, arrays of identifiable elements, model properties)
/// call this for each element, so nested `Mergeable` values merge recursively wherever they are.
public enum ValueMerging {
    /// Three-way merges one value.
    ///
    /// - Parameters:
    ///   - dominant: The side whose change is preferred when both changed.
    ///   - subordinate: The other side.
    ///   - commonAncestor: The value both sides started from.
    /// - Returns: The subordinate side when only it changed, the dominant side when only it
    ///   changed, otherwise `dominant.merged(withSubordinate:commonAncestor:)` for `Mergeable`
    ///   types and `dominant` for all others.
    public static func merge<Value: Equatable>(
        _ dominant: Value, withSubordinate subordinate: Value, commonAncestor: Value
    ) throws -> Value {
        if dominant == commonAncestor { return subordinate }
        if subordinate == commonAncestor || subordinate == dominant { return dominant }
        if let mergeable = dominant as? any Mergeable,
           let merged = try mergeOpened(mergeable, subordinate: subordinate, ancestor: commonAncestor) as? Value {
            return merged
        }
        return dominant
    }

    /// Two-way merges one value when no common ancestor exists: `Mergeable` values salvage
    /// what they can from the subordinate side, anything else keeps the dominant side.
    public static func salvage<Value: Equatable>(_ dominant: Value, from subordinate: Value) throws -> Value {
        if dominant == subordinate { return dominant }
        if let mergeable = dominant as? any Mergeable,
           let salvaged = try salvageOpened(mergeable, from: subordinate) as? Value {
            return salvaged
        }
        return dominant
    }

    /// Three-way merges optionals: `nil` is treated as a value of its own, so a removal merges
    /// like an edit, and when one side removed while the other edited, the edit survives.
    public static func merge<Value: Equatable>(
        _ dominant: Value?, withSubordinate subordinate: Value?, commonAncestor: Value?
    ) throws -> Value? {
        if dominant == commonAncestor { return subordinate }
        if subordinate == commonAncestor || subordinate == dominant { return dominant }
        switch (dominant, subordinate, commonAncestor) {
        case let (dominant?, subordinate?, ancestor?):
            return try merge(dominant, withSubordinate: subordinate, commonAncestor: ancestor)
        case let (dominant?, subordinate?, nil):
            return try salvage(dominant, from: subordinate)
        case let (nil, subordinate?, _):
            return subordinate
        case let (dominant?, nil, _):
            return dominant
        case (nil, nil, _):
            return nil
        }
    }

    private static func mergeOpened<M: Mergeable>(_ dominant: M, subordinate: Any, ancestor: Any) throws -> M? {
        guard let subordinate = subordinate as? M, let ancestor = ancestor as? M else { return nil }
        return try dominant.merged(withSubordinate: subordinate, commonAncestor: ancestor)
    }

    private static func salvageOpened<M: Mergeable>(_ dominant: M, from subordinate: Any) throws -> M? {
        guard let subordinate = subordinate as? M else { return nil }
        return try dominant.salvaging(from: subordinate)
    }
}
