import ForkedHistory

/// Which versions of a local history an exchange sends to the server
/// (``PostgresExchange/uploadsHistory(from:scope:)``).
public enum HistoryUploadScope: Sendable, Equatable {
    /// What was published: the versions the head `head` (main) reaches, and that head. Drafts in
    /// a fork reach the server only once merged into it.
    case published(head: String = "main")
    /// Every version and every head, drafts included.
    case everything

    /// The commits (in the store's order) and heads of `store` this scope sends.
    func selection(of store: any CommitStore) throws -> (commits: [HistoryCommit], heads: [String: CommitID]) {
        let commits = try store.allCommits()
        let heads = try store.heads()
        guard case .published(let name) = self else { return (commits, heads) }
        let kept = heads.filter { $0.key == name }
        let byID = Dictionary(commits.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var reached = Set<CommitID>()
        var stack = Array(kept.values)
        while let id = stack.popLast() {
            guard reached.insert(id).inserted, let commit = byID[id] else { continue }
            // Parents only: a delta whose base is not sent goes up whole (see the upload).
            stack.append(contentsOf: commit.parents)
        }
        return (commits.filter { reached.contains($0.id) }, kept)
    }
}
