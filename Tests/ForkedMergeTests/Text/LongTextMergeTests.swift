@testable import ForkedMerge
import Testing

/// Texts past ``TextMergeComputation/parallelThreshold`` are diffed, and their sides prepared for
/// the three-way step, on two threads. Unchanged lines appended to a small merge must not change
/// how it merges: the long merge must be the short one followed by the same lines, whichever
/// path each took. A side swapped or mixed up on the parallel path would show here.
@Suite("Long texts merge on two threads as short ones do on one")
struct LongTextMergeTests {
    /// Small three-way cases that exercise the preparation steps: the same text typed by both
    /// sides (realigned as one insertion), text added at a line's end next to an edit of the
    /// following line, an edit inside a line the other side deleted, and a true conflict.
    static let cases: [(ancestor: String, dominant: String, subordinate: String)] = [
        ("the cat sat on the mat\n", "the big cat sat on the mat\n", "the big cat sat on the red mat\n"),
        ("first line\nsecond line\n", "first line, longer\nsecond line\n", "first line\nsecond line, edited\n"),
        ("keep\ndelete me\nkeep too\n", "keep\nkeep too\n", "keep\ndelete me, edited\nkeep too\n"),
        ("return x * 2\n", "return x - 3\n", "return x + 4\n"),
        ("alpha\nbeta\ngamma\n", "alpha\nbeta beta\ngamma\ndelta\n", "alpha\ngamma\nepsilon\n"),
        ("`isize`, or `usize`\n", "`u128`, `i128`, `isize`, or `usize`\n", "`u128`, `i128`, `usize`, or `isize`\n"),
        ("`isize`, or `usize`\n", "`u128`, `i128`, `usize`, or `isize`\n", "`u128`, `i128`, `isize`, or `usize`\n"),
    ]

    /// About 100 KB of unchanged lines per text: the three together pass the threshold.
    static let padding = String(repeating: "an unchanged line of words after the edits\n", count: 2_400)

    /// Case `index` merged by `merge` (dominant, subordinate, ancestor) as it is and with the
    /// padding after each text.
    private func shortAndLong<Result>(_ index: Int, _ merge: (String, String, String) -> Result) -> (short: Result, long: Result) {
        let (ancestor, dominant, subordinate) = Self.cases[index]
        return (
            merge(dominant, subordinate, ancestor),
            merge(dominant + Self.padding, subordinate + Self.padding, ancestor + Self.padding)
        )
    }

    @Test("merge and mergeReportingConflicts", arguments: 0..<cases.count)
    func textOnly(index: Int) throws {
        #expect((Self.cases[index].ancestor + Self.padding).utf8.count * 3 >= TextMergeComputation.parallelThreshold)
        let (short, long) = shortAndLong(index) { TextMerger().mergeReportingConflicts($0, withSubordinate: $1, commonAncestor: $2) }
        #expect(long.text == short.text + Self.padding)
        #expect(long.conflicts == short.conflicts)
        let texts = shortAndLong(index) { dominant, subordinate, ancestor in
            Result { try TextMerger().merge(dominant, withSubordinate: subordinate, commonAncestor: ancestor) }
        }
        #expect(try texts.long.get() == texts.short.get() + Self.padding)
    }

    @Test("mergeWithOrigins", arguments: 0..<cases.count)
    func withOrigins(index: Int) {
        let (short, long) = shortAndLong(index) { TextMerger().mergeWithOrigins($0, withSubordinate: $1, commonAncestor: $2) }
        #expect(long.text == short.text + Self.padding)
        #expect(long.conflicts == short.conflicts)
        #expect(long.statistics == short.statistics)
    }
}
