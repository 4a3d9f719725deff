/// Where a history keeps its commits and its named heads.
///
/// Commits are immutable and content-addressed, so adding one twice is harmless; heads
/// (a fork's or device's newest commit) are the only mutable state.
public protocol CommitStore: AnyObject, Sendable {
    /// The commit with `id`, or `nil` when it is not stored.
    func commit(_ id: CommitID) throws -> HistoryCommit?
    /// Every stored commit, in the order added.
    func allCommits() throws -> [HistoryCommit]
    /// Stores commits (ones already stored are skipped), then moves the named heads, in one step.
    func add(_ commits: [HistoryCommit], movingHeads heads: [String: CommitID]) throws
    /// The named heads: for each fork or device, its newest commit.
    func heads() throws -> [String: CommitID]
    /// Forgets a named head (its commits stay until collected).
    func removeHead(_ name: String) throws
    /// Replaces the stored commits with what `transform` makes of them and the current heads, in
    /// one step that no other writer interleaves with (used by garbage collection).
    func rewrite(_ transform: ([HistoryCommit], [String: CommitID]) throws -> [HistoryCommit]) throws
}
