/// Scratch memory reused by the many small diffs of one merge, so they do not allocate.
///
/// A workspace belongs to one thread at a time. Functions move an array out of it, use it as a
/// local (avoiding exclusivity checks on class properties in hot loops) and put it back.
///
/// The properties are exempt from run-time exclusivity checks: the many small diffs of a merge
/// spent about a twentieth of their time in them, and the one-thread rule above already rules out
/// overlapping access.
final class DiffWorkspace {
    @exclusivity(unchecked) var stack: [SequenceDiff.Task] = []
    @exclusivity(unchecked) var matches: [SequenceDiff.MatchRun] = []
    @exclusivity(unchecked) var furthest: [Int] = []
    @exclusivity(unchecked) var trace: [Int] = []
    @exclusivity(unchecked) var traceStarts: [Int] = []
    @exclusivity(unchecked) var runs: [SequenceDiff.MatchRun] = []
    @exclusivity(unchecked) var tokenStartsA: [Int] = []
    @exclusivity(unchecked) var tokenStartsB: [Int] = []
    @exclusivity(unchecked) var tokenIDsA: [Int] = []
    @exclusivity(unchecked) var tokenIDsB: [Int] = []
    @exclusivity(unchecked) var tokenHunks: [DiffHunk] = []
    @exclusivity(unchecked) var blockHunks: [DiffHunk] = []

    init() {}
}
