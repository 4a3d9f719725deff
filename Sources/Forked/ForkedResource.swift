/// One value held in several named forks that can each change at any time and merge later.
///
/// Forks are arranged hub-and-spoke around ``Fork/main``: a fork merges into main
/// (``mergeIntoMain(from:)``) and main merges back into a fork (``mergeFromMain(into:)``).
/// Only the minimum history is kept (see ``ForkStatus``).
///
/// ```swift
/// let resource = QuickFork(initialValue: "Hello", forks: [Fork(name: "ui")])
/// try resource.update(Fork(name: "ui"), with: "Hello, world")
/// try resource.syncAllForks()
/// try resource.value(in: .main) // "Hello, world"
/// ```
///
/// A resource is safe to use from any thread. Merges of `Mergeable` values run outside any
/// lock; if a fork changed while a merge was being computed, the merge is redone.
public final class ForkedResource<RepositoryType: Repository>: Sendable {
    /// The type of value held in each fork.
    public typealias ResourceType = RepositoryType.Resource

    /// Where the forks are stored.
    public let repository: RepositoryType

    let broadcaster = ChangeBroadcaster()

    /// The forks the repository held when last read, for ``forks``, which cannot throw.
    private let lastKnownForks = ProtectedValue<[Fork]>([.main])

    /// Opens a resource on `repository`, which may already hold forks.
    public init(repository: RepositoryType) throws {
        self.repository = repository
    }

    /// Opens a resource on a repository that needs no checks, such as a new one in memory.
    init(trusted repository: RepositoryType) {
        self.repository = repository
    }

    /// Every change made through this object from now on, in the order the changes were
    /// committed (their versions only increase). Each access makes a new, independent stream.
    ///
    /// Changes made through another `ForkedResource` on the same repository, such as another
    /// process sharing a ``FileRepository``, are not announced here.
    public var changeStream: ChangeStream { broadcaster.makeStream() }

    /// Whether any stream made by ``changeStream`` is still alive: streams stop counting once
    /// they and their iterators are released or their consuming task is cancelled.
    public var hasSubscribedChangeStreams: Bool { broadcaster.hasSubscribers }

    // MARK: Forks

    /// All forks, main first, then the others by name.
    ///
    /// Reading it cannot fail, as in the original Forked: if the repository cannot be read (a
    /// ``FileRepository`` whose file became unreadable), it lists the forks of the last
    /// successful read. Use ``currentForks()`` to be told about such a failure instead.
    public var forks: [Fork] {
        (try? currentForks()) ?? lastKnownForks.withLock { $0 }
    }

    /// All forks, main first, then the others by name, read from the repository now.
    ///
    /// - Throws: Whatever reading the repository throws.
    public func currentForks() throws -> [Fork] {
        let forks = try repository.withState { $0.allForks }
        lastKnownForks.withLock { $0 = forks }
        return forks
    }

    /// Creates `fork` in sync with main.
    public func create(_ fork: Fork) throws {
        guard fork != .main else { throw ForkedError.mainCannotBeCreatedOrDeleted }
        guard !fork.name.isEmpty else { throw ForkedError.invalidForkName(fork.name) }
        try broadcaster.publishing {
            let version = try repository.withState { state in
                guard state.forks[fork] == nil else { throw ForkedError.forkAlreadyExists(fork) }
                state.forks[fork] = ForkRecord()
                return state.main.version
            }
            return ((), [ForkChange(fork: fork, kind: .created, version: version)])
        }
    }

    /// Deletes `fork` and whatever it stored. Changes not merged into main are lost.
    public func delete(_ fork: Fork) throws {
        guard fork != .main else { throw ForkedError.mainCannotBeCreatedOrDeleted }
        try broadcaster.publishing {
            let version = try repository.withState { state in
                let version = try state.latestCommit(of: fork).version
                state.forks.removeValue(forKey: fork)
                return version
            }
            return ((), [ForkChange(fork: fork, kind: .deleted, version: version)])
        }
    }

    /// Whether `fork` exists.
    public func has(_ fork: Fork) throws -> Bool {
        try fork == .main || repository.withState { $0.forks[fork] != nil }
    }

    // MARK: Values

    /// Replaces the value in `fork`. Any fork, main included, can be updated at any time.
    ///
    /// - Returns: The version of the new value.
    @discardableResult
    public func update(_ fork: Fork, with value: ResourceType) throws -> Version {
        try change(fork, to: value, kind: .updated)
    }

    /// Replaces the content of `fork`: `.resource(value)` (or just `value`) stores a value,
    /// `.none` removes the content, as ``removeContent(from:)`` does.
    ///
    /// - Returns: The version of the new content.
    @discardableResult
    public func update(_ fork: Fork, with content: CommitContent<ResourceType>) throws -> Version {
        try change(fork, to: content, kind: content == nil ? .removedContent : .updated)
    }

    /// Removes the content of `fork`. A removal merges like any other change: when one side
    /// removed and the other edited, the edit survives.
    ///
    /// - Returns: The version of the now empty content.
    @discardableResult
    public func removeContent(from fork: Fork) throws -> Version {
        try change(fork, to: nil, kind: .removedContent)
    }

    private func change(_ fork: Fork, to value: ResourceType?, kind: ForkChange.Kind) throws -> Version {
        try broadcaster.publishing {
            let version = try repository.withState { state in
                try state.commit(value, to: fork)
                return state.clock
            }
            return (version, [ForkChange(fork: fork, kind: kind, version: version)])
        }
    }

    /// The value in `fork`, or `nil` when it has no content.
    public func resource(of fork: Fork) throws -> ResourceType? {
        try repository.withState { try $0.latestCommit(of: fork).content }
    }

    /// The value in `fork`, or `nil` when it has no content. Same as ``resource(of:)``.
    public func value(in fork: Fork) throws -> ResourceType? {
        try resource(of: fork)
    }

    /// The value `fork` last shared with main: the common ancestor of its next merge.
    public func commonAncestor(of fork: Fork) throws -> ResourceType? {
        try repository.withState { try $0.ancestorCommit(of: fork).content }
    }

    /// The version of the value in `fork`.
    public func mostRecentVersion(of fork: Fork) throws -> Version {
        try repository.withState { try $0.latestCommit(of: fork).version }
    }

    /// The logical time of the most recent change in `fork`'s value. Of two values, the one
    /// with the later change time wins when they cannot be merged.
    public func lastChange(in fork: Fork) throws -> Version {
        try repository.withState { try $0.latestCommit(of: fork).changeTime }
    }

    /// Where `fork` stands relative to main. Main is always ``ForkStatus/inSync``.
    public func status(of fork: Fork) throws -> ForkStatus {
        if fork == .main { return .inSync }
        return try repository.withState { try $0.record(of: fork).status }
    }

    /// How many copies of the value `fork` stores (main stores exactly one).
    public func storedCopyCount(in fork: Fork) throws -> Int {
        if fork == .main { return 1 }
        return try repository.withState { try $0.record(of: fork).storedCopyCount }
    }

    /// How many copies of the value the whole resource stores.
    public var storedCopyCount: Int {
        get throws { try repository.withState { $0.storedCopyCount } }
    }
}
