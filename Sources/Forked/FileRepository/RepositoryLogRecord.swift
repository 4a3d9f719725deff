/// One record of a ``FileRepository``'s log: the index of the state after a transaction, and
/// the commits that transaction added. Replaying the records in order rebuilds the state; the
/// first record of a log holds every commit its index refers to.
struct RepositoryLogRecord<Resource: Codable & Sendable>: Codable {
    var index: RepositoryIndex
    var commits: [Commit<Resource>]
}
