/// A value that knows how to combine concurrent changes to itself.
///
/// When two forks of a ``ForkedResource`` both changed a value since their common ancestor,
/// the resource asks the *dominant* side (the side whose change happened most recently) to
/// merge the *subordinate* side into itself. Types that do not conform to `Mergeable` fall
/// back to "most recent wins".
///
/// ```swift
/// struct Counter: Mergeable {
///     var count = 0
///     func merged(withSubordinate other: Counter, commonAncestor: Counter) throws -> Counter {
///         Counter(count: count + other.count - commonAncestor.count)
///     }
/// }
/// ```
public protocol Mergeable: Sendable {
    /// Returns the three-way merge of `self` (the dominant side) and `other` (the subordinate side).
    ///
    /// - Parameters:
    ///   - other: The subordinate value. Where both sides made conflicting changes, `self` is preferred.
    ///   - commonAncestor: The most recent value both sides descend from.
    func merged(withSubordinate other: Self, commonAncestor: Self) throws -> Self

    /// Returns a two-way merge of `self` with `other`, used when no common ancestor exists
    /// (for example when two forks created content independently).
    ///
    /// The default implementation keeps `self`, the dominant side.
    func salvaging(from other: Self) throws -> Self

    /// Whether `self` reads as an edited copy of `earlier`, a version it was never merged with,
    /// so that `earlier` can stand as the common ancestor of a three-way merge instead of a
    /// two-way ``salvaging(from:)``.
    ///
    /// A sync exchange asks this when a device joins a shared document with a value of its own
    /// (a copy of the file the document started from, edited or not): when the value descends
    /// from the document's first version, the join applies the device's edits to the document
    /// instead of keeping both versions of everything either side changed since. Answer `true`
    /// only when most of `earlier` is still in `self`: what `earlier` holds and `self` does not
    /// is then merged as a deletion.
    ///
    /// The default implementation answers `false`: the join salvages.
    func descends(from earlier: Self) -> Bool
}

extension Mergeable {
    /// Keeps `self`: without an ancestor there is no way to tell which side changed what.
    public func salvaging(from other: Self) throws -> Self { self }

    /// `false`: a value that cannot tell its ancestors is joined by ``salvaging(from:)``.
    public func descends(from earlier: Self) -> Bool { false }
}
