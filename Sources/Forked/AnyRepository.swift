/// A repository of any concrete type, so code can hold a ``ForkedResource`` without naming
/// where its forks are stored (in memory for tests and replays, on disk for an editor that
/// keeps its state).
///
/// ```swift
/// let onDisk = try ForkedResource(repository: AnyRepository(try FileRepository<String>(directory: url)))
/// let inMemory = try ForkedResource(repository: AnyRepository(InMemoryRepository<String>()))
/// ```
public final class AnyRepository<Resource: Sendable & Equatable>: Repository {
    /// The repository every transaction goes to.
    public let base: any Repository<Resource>

    /// Wraps `base`.
    public init(_ base: some Repository<Resource>) {
        self.base = base
    }

    /// Runs `body` in a transaction of ``base``.
    public func withState<Result>(_ body: (inout ForkedState<Resource>) throws -> Result) throws -> Result {
        try base.withState(body)
    }
}
