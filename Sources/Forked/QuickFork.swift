/// A ``ForkedResource`` kept in memory: the quickest way to fork a value.
///
/// ```swift
/// let counter = try QuickFork(initialValue: 0, forks: [Fork(name: "worker")])
/// try counter.update(Fork(name: "worker"), with: 1)
/// try counter.syncAllForks()
/// ```
public typealias QuickFork<Resource: Sendable & Equatable> = ForkedResource<InMemoryRepository<Resource>>

extension ForkedResource {
    /// Creates an in-memory resource whose main fork holds `initialValue`, with `forks` created
    /// in sync with it.
    public convenience init<Resource>(initialValue: Resource, forks: [Fork] = [])
    throws where RepositoryType == InMemoryRepository<Resource> {
        try self.init(repository: InMemoryRepository())
        try update(.main, with: initialValue)
        for fork in forks { try create(fork) }
    }
}
