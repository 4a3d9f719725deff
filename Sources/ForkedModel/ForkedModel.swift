// Users import only ForkedModel: the generated code and the types they work with
// (Mergeable, the mergers) come from these two modules.
@_exported import Forked
@_exported import ForkedMerge

/// Generates a `Mergeable` conformance for a struct, merging it property by property.
///
/// Properties marked ``Merged()`` merge with a strategy chosen from their type (text, array,
/// set, dictionary, or the type's own `Mergeable` conformance). Every other stored property
/// merges by "most recent change wins": the side that changed it wins, and when both sides
/// changed it, the dominant side (the more recent change) wins.
///
/// ```swift
/// @ForkedModel
/// struct Note {
///     @Merged var text: String = ""
///     @Merged var tags: Set<String> = []
///     var cursorPosition: Int = 0
/// }
/// ```
///
/// Every stored property must be a `var` with a type annotation (for `@Merged` without
/// `using:`) and a default value, and be `Equatable`; mistakes are reported at compile time.
@attached(extension, conformances: Mergeable, names: named(merged))
public macro ForkedModel() = #externalMacro(module: "ForkedModelMacros", type: "ForkedModelMacro")

/// Generates a versioned `Mergeable` conformance for a struct: like ``ForkedModel()``, and
/// the struct also conforms to ``VersionedModel``.
///
/// The macro adds a stored `modelVersion: Int?` property, as the original Forked does (encoded
/// with the rest of the value by `Codable`, and an argument of the memberwise initialiser),
/// recording the version of the build that wrote the value, and `forkedModelVersion`, the same
/// as a number (`nil` counts as 0). Merging a value whose version is newer than the static
/// `modelVersion` throws ``ModelVersionError`` rather than silently dropping properties this
/// build does not know.
///
/// - Parameter version: The model's version, a non-negative integer literal (the original
///   Forked starts at 0). Raise it
///   whenever a release adds properties an older release would lose.
@attached(member, names: named(modelVersion), named(forkedModelVersion))
@attached(extension, conformances: Mergeable, VersionedModel, names: named(merged), named(modelVersion))
public macro ForkedModel(version: Int) = #externalMacro(module: "ForkedModelMacros", type: "ForkedModelMacro")

/// Marks a property of a ``ForkedModel()`` struct to merge with a strategy chosen from its
/// declared type: `String` merges as text, arrays as arrays, `Set` as a set, dictionaries key
/// by key, and any other type through its own `Mergeable` conformance. Optionals of these
/// types work too.
@attached(peer)
public macro Merged() = #externalMacro(module: "ForkedModelMacros", type: "MergedMacro")

/// Marks a property of a ``ForkedModel()`` struct to merge with the given strategy.
///
/// - Parameter strategy: The algorithm to merge the property with; it must fit the declared type.
@attached(peer)
public macro Merged(using strategy: MergeStrategy) = #externalMacro(module: "ForkedModelMacros", type: "MergedMacro")
