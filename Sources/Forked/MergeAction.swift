/// What a merge between a fork and main had to do.
public enum MergeAction: Sendable, Hashable {
    /// Nothing: the receiving side already had every change.
    case none
    /// Only one side had changed, so the receiving side simply took its value.
    case fastForward
    /// Both sides had changed, so a three-way merge against their common ancestor made a new value.
    case resolveConflict
}
