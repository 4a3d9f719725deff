/// The algorithms a ``Merged(using:)`` property can be merged with.
public enum MergeStrategy: Sendable, Hashable, CaseIterable {
    /// Merges `String` edits character by character with `ForkedMerge.TextMerger`.
    case textMerge
    /// Merges arrays of `Hashable` elements with `ForkedMerge.ArrayMerger`.
    case arrayMerge
    /// Merges arrays of `Identifiable` elements by identity with
    /// `ForkedMerge.ArrayOfIdentifiableMerger`, so elements edited on both sides merge too.
    case arrayOfIdentifiableMerge
    /// Merges sets with `ForkedMerge.SetMerger`.
    case setMerge
    /// Merges dictionaries key by key with `ForkedMerge.DictionaryMerger`.
    case dictionaryMerge
}
