import Forked

/// A ``CommitStore`` in memory, for tests and for values that need no history on disk.
public final class InMemoryCommitStore: CommitStore {
    private struct State {
        var order: [CommitID] = []
        var commits: [CommitID: HistoryCommit] = [:]
        var heads: [String: CommitID] = [:]
    }

    private let state = ProtectedValue(State())

    /// Creates an empty store.
    public init() {}

    /// The commit with `id`, if stored.
    public func commit(_ id: CommitID) throws -> HistoryCommit? { state.withLock { $0.commits[id] } }

    /// Every commit in the order added.
    public func allCommits() throws -> [HistoryCommit] { state.withLock { state in state.order.compactMap { state.commits[$0] } } }

    /// Stores new commits and moves heads.
    public func add(_ commits: [HistoryCommit], movingHeads heads: [String: CommitID]) throws {
        state.withLock { state in
            for commit in commits where state.commits[commit.id] == nil {
                state.commits[commit.id] = commit
                state.order.append(commit.id)
            }
            state.heads.merge(heads) { $1 }
        }
    }

    /// The named heads.
    public func heads() throws -> [String: CommitID] { state.withLock { $0.heads } }

    /// Forgets a head.
    public func removeHead(_ name: String) throws { _ = state.withLock { $0.heads.removeValue(forKey: name) } }

    /// Replaces the commits with `transform`'s result. `transform` may read this store (it runs
    /// outside the lock); when commits were added meanwhile, it runs again on the new set.
    public func rewrite(_ transform: ([HistoryCommit], [String: CommitID]) throws -> [HistoryCommit]) throws {
        while true {
            let (order, current, heads) = state.withLock { state in
                (state.order, state.order.compactMap { state.commits[$0] }, state.heads)
            }
            let commits = try transform(current, heads)
            let replaced = state.withLock { state -> Bool in
                guard state.order == order else { return false }
                state.order = []
                state.commits = [:]
                for commit in commits where state.commits[commit.id] == nil {
                    state.commits[commit.id] = commit
                    state.order.append(commit.id)
                }
                return true
            }
            if replaced { return }
        }
    }
}
