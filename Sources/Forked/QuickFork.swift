/// A ``ForkedResource`` kept in memory: the quickest way to fork a value.
///
/// ```swift
/// let counter = QuickFork(initialValue: 0, forks: [Fork(name: "worker")])
/// try counter.update(Fork(name: "worker"), with: 1)
/// try counter.syncAllForks()
/// ```
public typealias QuickFork<Resource: Sendable & Equatable> = ForkedResource<InMemoryRepository<Resource>>

extension ForkedResource {
    /// Creates an in-memory resource whose main fork holds `initialValue` (or no content when
    /// it is `nil`), with `forks` created in sync with it.
    ///
    /// Creating forks in memory cannot fail, so this does not throw: a fork listed twice, or
    /// main listed as a fork, is created once (main always exists).
    ///
    /// - Precondition: Every fork name is non-empty.
    public convenience init<Resource>(initialValue: Resource? = nil, forks: [Fork])
    where RepositoryType == InMemoryRepository<Resource> {
        var state = ForkedState<Resource>()
        if let initialValue { state.commitInitialValue(initialValue) }
        for fork in forks where fork != .main {
            precondition(!fork.name.isEmpty, "QuickFork: \(ForkedError.invalidForkName(fork.name))")
            state.forks[fork] = ForkRecord()
        }
        self.init(trusted: InMemoryRepository(state: state))
    }

    /// Creates an in-memory resource whose main fork holds `initialValue` (or no content when
    /// it is `nil`), with a fork for each of `forkNames` in sync with it.
    ///
    /// - Precondition: Every fork name is non-empty.
    public convenience init<Resource>(initialValue: Resource? = nil, forkNames: [String] = [])
    where RepositoryType == InMemoryRepository<Resource> {
        self.init(initialValue: initialValue, forks: forkNames.map(Fork.init(name:)))
    }
}

extension ForkedState {
    /// Gives main `value` as its first change.
    mutating func commitInitialValue(_ value: Resource) {
        let version = tick()
        main = Commit(version: version, changeTime: version, content: value)
    }
}
