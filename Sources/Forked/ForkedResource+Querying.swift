/// Questions about a fork's current commit, spelled as in the original Forked.
extension ForkedResource {
    /// The content of `fork`: `.resource(value)`, or `.none` when it has no content.
    public func content(of fork: Fork) throws -> CommitContent<ResourceType> {
        try resource(of: fork)
    }

    /// The commit holding `fork`'s current value. For a fork in sync with main, that is main's commit.
    public func mostRecentCommit(of fork: Fork) throws -> Commit<ResourceType> {
        try repository.withState { try $0.latestCommit(of: fork) }
    }

    /// The version of main's value.
    public func mostRecentVersionOfMain() throws -> Version {
        try mostRecentVersion(of: .main)
    }

    /// Whether main and `fork` hold the same version: the fork has no changes of its own and
    /// has taken every change of main's.
    public func mainVersion(isSameAsVersionIn fork: Fork) throws -> Bool {
        try repository.withState { try $0.main.version == $0.latestCommit(of: fork).version }
    }

    /// Whether main and `fork` hold different versions.
    public func mainVersion(differsFromVersionIn fork: Fork) throws -> Bool {
        try !mainVersion(isSameAsVersionIn: fork)
    }
}
