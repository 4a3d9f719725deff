import Forked
/// Merges two versions of a dictionary against their common ancestor, key by key.
///
/// - A key added or removed on one side is added or removed in the result.
/// - A value changed on one side takes that side's value.
/// - A value changed on both sides merges with `ValueMerging`'s rule, so `Mergeable` values
///   (also inside optionals) merge recursively and other values keep the dominant side.
/// - A key added on both sides with different values is salvaged: `Mergeable` values use
///   `salvaging(from:)`, others keep the dominant side.
/// - A key removed on one side while its value was edited on the other keeps the edit, so no
///   one loses work they did not know was deleted.
///
/// Values that are themselves dictionaries, sets or arrays are not merged element by element:
/// wrap them in a `Mergeable` type for that.
///
/// ```swift
/// let merged = try DictionaryMerger<String, Int>().merge(
///     ["a": 1, "b": 20], withSubordinate: ["a": 10, "c": 3], commonAncestor: ["a": 1, "b": 2])
/// // ["a": 10, "b": 20, "c": 3]
/// ```
public struct DictionaryMerger<Key: Hashable & Sendable, Value: Sendable & Equatable>: Merger {
    /// Creates a dictionary merger.
    public init() {}

    /// Returns the key-by-key merge of `dominant` and `subordinate`.
    public func merge(
        _ dominant: [Key: Value], withSubordinate subordinate: [Key: Value], commonAncestor: [Key: Value]
    ) throws -> [Key: Value] {
        var merged: [Key: Value] = [:]
        var keys = Set(dominant.keys)
        keys.formUnion(subordinate.keys)
        keys.formUnion(commonAncestor.keys)
        for key in keys {
            // An absent key is a `nil` value, so presence merges with the optional rule.
            let entry: Value? = try ValueMerging.merge(
                dominant[key], withSubordinate: subordinate[key], commonAncestor: commonAncestor[key])
            if let entry { merged[key] = entry }
        }
        return merged
    }
}
