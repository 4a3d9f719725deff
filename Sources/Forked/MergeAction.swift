/// What a merge between a fork and main did to the side it merged into.
///
/// A merge changes only its receiving side, and the action says how:
///
/// - ``none``: the receiving side already had every change, and kept its value and version.
/// - ``fastForward``: only the incoming side had changed, and the receiving side took its
///   commit as it was (same value, same version).
/// - ``resolveConflict``: both sides had changed since their common ancestor, and the receiving
///   side now holds their three-way merge.
///
/// So after `mergeIntoMain(from: fork)` resolved a conflict, the fork still holds its own
/// version, and the next `mergeFromMain(into: fork)` is a ``fastForward`` to main's.
public enum MergeAction: Sendable, Hashable {
    /// Nothing: the receiving side already had every change.
    case none
    /// Only one side had changed, so the receiving side simply took its commit.
    case fastForward
    /// Both sides had changed, so a three-way merge against their common ancestor was made.
    /// When it equals what main already held, main keeps its commit rather than gaining an
    /// identical one.
    case resolveConflict
}
