/// Scratch memory reused by the many small diffs of one merge, so they do not allocate.
///
/// A workspace belongs to one thread at a time. Functions move an array out of it, use it as a
/// local (avoiding exclusivity checks on class properties in hot loops) and put it back.
final class DiffWorkspace {
    var stack: [SequenceDiff.Task] = []
    var matches: [SequenceDiff.MatchRun] = []
    var furthest: [Int] = []
    var trace: [Int] = []
    var traceStarts: [Int] = []
    var runs: [SequenceDiff.MatchRun] = []
    var tokenStartsA: [Int] = []
    var tokenStartsB: [Int] = []
    var tokenIDsA: [Int] = []
    var tokenIDsB: [Int] = []

    init() {}
}
