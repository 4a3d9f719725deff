/// One change to a ``ForkedResource``, delivered on its ``ForkedResource/changeStream``.
///
/// The original Forked's `ForkChange` had `fork`, `version` and `mergingFork`; this one has the
/// same three and also says what ``kind`` of change it was.
public struct ForkChange: Sendable, Hashable {
    /// What happened.
    public enum Kind: Sendable, Hashable {
        /// A fork was created.
        case created
        /// A fork was deleted.
        case deleted
        /// A fork's value was replaced.
        case updated
        /// A fork's content was removed.
        case removedContent
        /// Another fork's changes were merged into this one.
        case merged(MergeAction)
    }

    /// The fork that changed.
    public let fork: Fork
    /// What happened to it.
    public let kind: Kind
    /// For merges, the fork whose changes came in.
    public let mergingFork: Fork?
    /// The version of the fork's value after the change; for a deletion, the version it had
    /// when it was deleted.
    public let version: Version

    /// Creates a change event.
    public init(fork: Fork, kind: Kind, mergingFork: Fork? = nil, version: Version) {
        self.fork = fork
        self.kind = kind
        self.mergingFork = mergingFork
        self.version = version
    }
}

/// The stream of changes ``ForkedResource/changeStream`` hands out.
public typealias ChangeStream = AsyncStream<ForkChange>
