/// Names the original Forked uses for things this package spells differently. Code written
/// against the original compiles with them; new code should use the names they point to.

/// The original Forked's name for ``InMemoryRepository``, the repository behind ``QuickFork``.
public typealias AtomicRepository<Resource: Sendable & Equatable> = InMemoryRepository<Resource>

/// What the original Forked's `Forked.Error` stands for: any error a ``ForkedResource`` or a
/// repository throws. They throw ``ForkedError``, whose cases say what went wrong; this alias is
/// the protocol every error conforms to, so `#expect(throws: Forked.Error.self)` and
/// `catch let error as Forked.Error` keep working, and `Error` in code that imports Forked
/// still means the standard library's `Error`.
public typealias Error = Swift.Error

extension Mergeable {
    /// The original Forked's older spelling of a merge, where the ancestor may be missing:
    /// with an ancestor it is ``merged(withSubordinate:commonAncestor:)``, without one it is
    /// ``salvaging(from:)``.
    @available(*, deprecated, renamed: "merged(withSubordinate:commonAncestor:)")
    public func merged(withOlderConflicting other: Self, commonAncestor: Self?) throws -> Self {
        guard let commonAncestor else { return try salvaging(from: other) }
        return try merged(withSubordinate: other, commonAncestor: commonAncestor)
    }
}
