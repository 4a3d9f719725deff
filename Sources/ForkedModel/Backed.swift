/// The replicated types a ``Backed(by:)`` property can be stored in.
public enum BackingStrategy: Sendable, Hashable, CaseIterable {
    /// Any `Equatable` value, stored in a `ForkedMerge.MergeableValue`: the latest write wins.
    case mergeableValue
    /// An array, stored in a `ForkedMerge.MergeableArray`: insertions and removals on both
    /// sides are all kept.
    case mergeableArray
    /// A `Set`, stored in a `ForkedMerge.MergeableSet`: an insertion concurrent with a removal
    /// of the same element wins.
    case mergeableSet
    /// A dictionary, stored in a `ForkedMerge.MergeableDictionary`: keys behave like a
    /// mergeable set, values like mergeable values.
    case mergeableDictionary
}

/// Stores a property of a ``ForkedModel()`` struct in a replicated type while it keeps its
/// plain Swift type to the code that uses it.
///
/// ```swift
/// @ForkedModel
/// struct Note {
///     @Backed(by: .mergeableSet) var tags: Set<String> = []
/// }
/// ```
///
/// The macro adds a stored property named after the property with a leading underscore
/// (`_tags`, a `MergeableSet<String>`) and turns the property into accessors over it: reading
/// gives the replicated value's contents, assigning records the difference as replicated edits.
/// `@ForkedModel` merges the stored replicated value, so concurrent edits merge as the chosen
/// type merges them, with or without a common ancestor.
///
/// - Parameter strategy: The replicated type to store the property in; it must fit the
///   declared type (an array for `.mergeableArray`, a `Set` for `.mergeableSet`, a dictionary
///   for `.mergeableDictionary`).
@attached(accessor, names: named(init), named(get), named(set))
@attached(peer, names: prefixed(_))
public macro Backed(by strategy: BackingStrategy) = #externalMacro(module: "ForkedModelMacros", type: "BackedMacro")

/// Stores a property of a ``ForkedModel()`` struct in a `ForkedMerge.MergeableValue`: the same
/// as `@Backed(by: .mergeableValue)`.
@attached(accessor, names: named(init), named(get), named(set))
@attached(peer, names: prefixed(_))
public macro Backed() = #externalMacro(module: "ForkedModelMacros", type: "BackedMacro")
