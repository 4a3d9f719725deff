/// Storage seen commit by commit, as the original Forked's `Repository` protocol sees it: a
/// set of forks, each holding a few commits identified by version, and no idea of merging.
///
/// Code written for the original Forked implements its own storage against that protocol; here
/// the same requirements are spelled `CommitRepository` (the name `Repository` belongs to the
/// transactional protocol every ``ForkedResource`` runs on). Open a resource on such storage with
/// ``ForkedResource/init(repository:)-(Base)``, which wraps it in a ``CommitRepositoryAdapter``.
///
/// What a fork holds, as ``Repository/versions(storedIn:)`` lists it: main holds its one
/// commit; another fork holds nothing when it is in sync with main, its common ancestor with
/// main when it is behind, and the ancestor and its own latest commit when it has changes.
public protocol CommitRepository: AnyObject {
    /// The type of value stored in each commit.
    associatedtype Resource

    /// The forks present, main included once it exists, in any order.
    var forks: [Fork] { get }

    /// Creates `fork` holding `commit`. Throws if the fork exists.
    func create(_ fork: Fork, withInitialCommit commit: Commit<Resource>) throws

    /// Deletes `fork` and its commits. Throws if it does not exist.
    func delete(_ fork: Fork) throws

    /// The versions of the commits `fork` holds. Throws if the fork does not exist.
    func versions(storedIn fork: Fork) throws -> Set<Version>

    /// The content of the commit of `version` in `fork`. Throws if there is none.
    func content(of fork: Fork, at version: Version) throws -> CommitContent<Resource>

    /// Stores `commit` in `fork`. Throws if the fork does not exist or already holds the version.
    func store(_ commit: Commit<Resource>, in fork: Fork) throws

    /// Removes the commit of `version` from `fork`. Throws if there is none.
    func removeCommit(at version: Version, from fork: Fork) throws
}

/// A ``Repository`` over a ``CommitRepository``, so storage written for the original Forked
/// runs a ``ForkedResource`` here.
///
/// Every transaction reads the forks' commits from the base, lets the resource change them,
/// and writes back only the commits that differ. The base has no transactions of its own, so
/// one adapter must be the only writer to its base, and a write that fails half-way can leave
/// some forks changed; the base's own guarantees are all there is. Each commit's change time
/// (which decides "most recent" in a merge) is its version, and a fork's count of edits since
/// it last merged is 1 while it has any, since the base records neither.
public final class CommitRepositoryAdapter<Base: CommitRepository>: Repository, @unchecked Sendable
where Base.Resource: Sendable & Equatable {
    // @unchecked: the base is reached only inside `access`, one transaction at a time.
    private let access: ProtectedValue<Base>

    /// Wraps `base`, which may be empty (a new resource) or hold forks written earlier.
    public init(_ base: Base) {
        access = ProtectedValue(base)
    }

    /// Runs `body` on the state read from the base, then writes back what it changed. A
    /// throwing `body` writes nothing.
    public func withState<Result>(_ body: (inout ForkedState<Base.Resource>) throws -> Result) throws -> Result {
        try access.withLock { base in
            let stored = try Self.read(base)
            var draft = stored
            let result = try body(&draft)
            try Self.write(draft, over: stored, to: base)
            return result
        }
    }

    /// The state the base holds; a base without main holds a new resource.
    private static func read(_ base: Base) throws -> ForkedState<Base.Resource> {
        let present = base.forks
        guard present.contains(.main) else { return ForkedState() }
        let main = try latestCommit(of: .main, in: base) ?? Commit(version: .initial, changeTime: .initial, content: nil)
        var clock = main.version
        var forks: [Fork: ForkRecord<Base.Resource>] = [:]
        for fork in present where fork != .main {
            let versions = try base.versions(storedIn: fork).sorted()
            clock = max(clock, versions.last ?? clock)
            let commits = try versions.map { Commit(content: try base.content(of: fork, at: $0), version: $0) }
            switch commits.count {
            case 0:
                forks[fork] = ForkRecord()
            case 1:
                // One commit is where the fork stands: main's own, or an ancestor main moved past.
                forks[fork] = commits[0].version == main.version ? ForkRecord() : ForkRecord(ancestor: commits[0], head: nil, edits: 0)
            default:
                let ancestor = commits[0], head = commits[commits.count - 1]
                forks[fork] = ForkRecord(ancestor: ancestor.version == main.version ? nil : ancestor, head: head, edits: 1)
            }
        }
        return ForkedState(clock: clock, main: main, forks: forks)
    }

    private static func latestCommit(of fork: Fork, in base: Base) throws -> Commit<Base.Resource>? {
        guard let version = try base.versions(storedIn: fork).max() else { return nil }
        return Commit(content: try base.content(of: fork, at: version), version: version)
    }

    /// Makes the base hold `state`, touching only forks and commits that differ from `stored`.
    private static func write(_ state: ForkedState<Base.Resource>, over stored: ForkedState<Base.Resource>, to base: Base) throws {
        let present = Set(base.forks)
        if !present.contains(.main) {
            try base.create(.main, withInitialCommit: state.main)
        } else if state.main.version != stored.main.version {
            try reconcile(.main, holding: [state.main], in: base)
        }
        for fork in present where fork != .main && state.forks[fork] == nil {
            try base.delete(fork)
        }
        for (fork, record) in state.forks where !present.contains(fork) || stored.forks[fork] != record {
            let commits = try state.commits(heldBy: fork)
            if !present.contains(fork) {
                // A fork starts from main's commit, as in the original; reconciling removes it
                // again when the fork holds nothing.
                try base.create(fork, withInitialCommit: commits.first ?? state.main)
            }
            try reconcile(fork, holding: commits, in: base)
        }
    }

    /// Stores the commits of `commits` that `fork` lacks, then removes those it should not hold.
    private static func reconcile(_ fork: Fork, holding commits: [Commit<Base.Resource>], in base: Base) throws {
        let held = try base.versions(storedIn: fork)
        let wanted = Set(commits.map(\.version))
        for commit in commits where !held.contains(commit.version) {
            try base.store(commit, in: fork)
        }
        for version in held where !wanted.contains(version) {
            try base.removeCommit(at: version, from: fork)
        }
    }
}

extension ForkedResource {
    /// Opens a resource on storage written against the original Forked's repository protocol,
    /// through a ``CommitRepositoryAdapter``.
    public convenience init<Base: CommitRepository>(repository base: Base) throws
    where RepositoryType == CommitRepositoryAdapter<Base> {
        try self.init(repository: CommitRepositoryAdapter(base))
    }
}
