/// A repository seen commit by commit, as the original Forked's repositories are: each fork
/// holds a few versions, and each version has content.
extension Repository {
    /// The versions `fork` holds, counted as the original Forked counts them: none when the
    /// fork is in sync with main; its common ancestor with main when it is behind; the ancestor
    /// and its own latest commit when it has changes of its own. Main holds its one commit.
    ///
    /// A fork with changes while main has not moved shares its ancestor with main, so it
    /// stores one copy (see ``ForkStatus``) but lists two versions here.
    ///
    /// - Throws: ``ForkedError/unknownFork(_:)`` when `fork` does not exist.
    public func versions(storedIn fork: Fork) throws -> Set<Version> {
        try withState { state in try Set(state.commits(heldBy: fork).map(\.version)) }
    }

    /// The content of the commit of `version` that `fork` holds.
    ///
    /// - Throws: ``ForkedError/unknownFork(_:)`` when `fork` does not exist, and
    ///   ``ForkedError/unknownVersion(_:in:)`` when it holds no commit of that version.
    public func content(of fork: Fork, at version: Version) throws -> CommitContent<Resource> {
        try withState { state in
            guard let commit = try state.commits(heldBy: fork).first(where: { $0.version == version }) else {
                throw ForkedError.unknownVersion(version, in: fork)
            }
            return commit.content
        }
    }
}

extension ForkedState {
    /// The commits `fork` holds, in the sense of ``Repository/versions(storedIn:)``.
    func commits(heldBy fork: Fork) throws -> [Commit<Resource>] {
        if fork == .main { return [main] }
        let record = try record(of: fork)
        guard let head = record.head else { return record.ancestor.map { [$0] } ?? [] }
        return [record.ancestor ?? main, head]
    }
}
