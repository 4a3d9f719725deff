/// One record of a ``FileRepository``'s log: the index of the state after a transaction, and
/// the commits that transaction added. Replaying the records in order rebuilds the state; the
/// first record of a log holds every commit its index refers to.
///
/// A commit of a ``DeltaStorable`` value is stored in ``deltas`` as its change to a commit the
/// log holds by then (format 3); the others, and every commit of a format 2 log, whole in
/// ``commits``.
struct RepositoryLogRecord<Resource: Codable & Sendable>: Codable {
    var index: RepositoryIndex
    var commits: [Commit<Resource>]
    /// Absent when empty, so a record without deltas reads as format 2 wrote it.
    var deltas: [StoredDeltaCommit]?
}
