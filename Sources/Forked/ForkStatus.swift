/// Where a fork stands relative to main, and so how many copies of the value it stores.
public enum ForkStatus: Sendable, Hashable {
    /// The fork's value is main's value. It stores no copy.
    case inSync
    /// Main has moved on; the fork still has the old value. It stores one copy: the common ancestor.
    case behind
    /// The fork has `edits` changes main does not have, and main has not moved. It stores one copy.
    case ahead(edits: Int)
    /// Both the fork and main changed since they last agreed. It stores the ancestor and its own value.
    case diverged(edits: Int)
}
