/// Scratch memory reused by the many small diffs of one merge, so they do not allocate.
///
/// A workspace belongs to one thread at a time. Functions move an array out of it with
/// ``take(_:)``, use it as a local (avoiding exclusivity checks on class properties in hot
/// loops) and swap it back.
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
    @exclusivity(unchecked) var tokenIDsA: [Int] = []
    @exclusivity(unchecked) var tokenIDsB: [Int] = []
    @exclusivity(unchecked) var tokenHunks: [DiffHunk] = []
    @exclusivity(unchecked) var blockHunks: [DiffHunk] = []

    /// Room for the token starts of both regions of a character refinement
    /// (``tokenStartBuffers(_:_:)``), allocated by this workspace and freed with it.
    private var tokenStarts: UnsafeMutableBufferPointer<Int> = .allocate(capacity: 256)

    /// What is left of the work Myers' searches may still do in the current block (region
    /// length times edit distance, summed), or `nil` outside ``withSearchBudget(_:_:)``, where
    /// each search is bounded on its own. A block of text both sides reordered splits into
    /// thousands of regions, each searched to its own bound in vain: the whole block's budget
    /// keeps its work proportional to its size, and a region past it is one replacement.
    private(set) var searchBudget: Int?
    /// The Myers work this workspace's searches have done in all (what ``charge(_:)`` counted).
    private(set) var searchWorkSpent = 0

    init() {}

    /// Runs `body` with `budget` units of Myers work for all its searches together; the budget
    /// is the block's own, so the hunks do not depend on what the thread refined before.
    func withSearchBudget<R>(_ budget: Int, _ body: () -> R) -> R {
        let outer = searchBudget
        searchBudget = budget
        defer { searchBudget = outer }
        return body()
    }

    /// Takes `work` units from the current block's budget, if there is one.
    @inline(__always)
    func charge(_ work: Int) {
        searchWorkSpent &+= work
        if let remaining = searchBudget { searchBudget = max(0, remaining - work) }
    }

    deinit { tokenStarts.deallocate() }

    /// Two buffers of at least `countA` and `countB` integers, valid until the next call: a
    /// refinement writes every token start straight into them, where appending to arrays
    /// checked their capacity and uniqueness once per token.
    func tokenStartBuffers(_ countA: Int, _ countB: Int) -> (UnsafeMutableBufferPointer<Int>, UnsafeMutableBufferPointer<Int>) {
        if tokenStarts.count < countA + countB {
            tokenStarts.deallocate()
            tokenStarts = .allocate(capacity: max(2 * tokenStarts.count, countA + countB))
        }
        return (
            UnsafeMutableBufferPointer(rebasing: tokenStarts[0..<countA]),
            UnsafeMutableBufferPointer(rebasing: tokenStarts[countA..<(countA + countB)])
        )
    }
}

extension DiffWorkspace {
    /// Moves the array in `slot` out, emptied but keeping its capacity, and leaves an empty
    /// array behind; put it back with `swap(&array, &slot)`.
    ///
    /// Swapping moves the buffers without retaining or releasing them, where copying the
    /// property out, assigning an empty array and assigning it back retained and released both
    /// on every one of the thousands of tiny diffs a merge makes (with eight-byte token hashing,
    /// this took a 1 MB merge on one core from 12.4 to 11.5 ms).
    @inline(__always)
    static func take<Element>(_ slot: inout [Element]) -> [Element] {
        var taken: [Element] = []
        swap(&taken, &slot)
        if !taken.isEmpty { taken.removeAll(keepingCapacity: true) }
        return taken
    }
}
