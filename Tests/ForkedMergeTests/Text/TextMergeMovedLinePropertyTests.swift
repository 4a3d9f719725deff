import ForkedMerge
import ForkedTestSupport
import Testing

/// Lines both sides moved: a line the ancestor and each side hold once is never in a clean
/// merge twice (two moves of one line to different places are a conflict, as in `git merge-file`).
@Suite("TextMerger never doubles a moved line")
struct TextMergeMovedLinePropertyTests {
    /// Distinct lines with shared words and digits, like the lines of a list or a log, so that
    /// a character diff finds plenty to line up between them.
    private static func lines(_ count: Int, using generator: inout SeededGenerator) -> [String] {
        let words = ["alpha", "beta", "gamma", "delta", "pi", "nu", "xi", "tau"]
        return (0..<count).map { index in
            "line \(index) " + (0..<4).map { _ in words[Int.random(in: 0..<words.count, using: &generator)] }.joined(separator: " ")
        }
    }

    /// One side's version: the lines reversed, shuffled, or a few of them moved, sometimes with
    /// a line edited or added.
    private static func side(of lines: [String], using generator: inout SeededGenerator) -> [String] {
        var result: [String]
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: result = lines.reversed()
        case 1: result = lines.shuffled(using: &generator)
        default:
            result = lines
            for _ in 0..<Int.random(in: 1...3, using: &generator) where result.count > 1 {
                let line = result.remove(at: Int.random(in: 0..<result.count, using: &generator))
                result.insert(line, at: Int.random(in: 0...result.count, using: &generator))
            }
        }
        if Bool.random(using: &generator), !result.isEmpty {
            result[Int.random(in: 0..<result.count, using: &generator)] += " edited"
        }
        return result
    }

    @Test("reordered lines on both sides: a clean merge holds each moved line at most once", arguments: 0..<4)
    func movedLinesNeverDoubled(seed: Int) {
        var generator = SeededGenerator(state: 0x30_7ED0 + UInt64(seed))
        var clean = 0
        for _ in 0..<300 {
            let ancestor = Self.lines(Int.random(in: 2...24, using: &generator), using: &generator)
            let dominant = Self.side(of: ancestor, using: &generator)
            let subordinate = Self.side(of: ancestor, using: &generator)
            let text = { (lines: [String]) in lines.joined(separator: "\n") + "\n" }
            let report = TextMerger().mergeReportingConflicts(
                text(dominant), withSubordinate: text(subordinate), commonAncestor: text(ancestor)
            )
            guard report.conflicts.isEmpty else { continue }
            clean += 1
            let merged = report.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for line in Set(ancestor) where dominant.filter({ $0 == line }).count <= 1 && subordinate.filter({ $0 == line }).count <= 1 {
                let copies = merged.filter { $0 == line }.count
                #expect(copies <= 1, "\(line) \(copies) times in a clean merge of\n\(text(ancestor))\n→\n\(text(dominant))\n/\n\(text(subordinate))")
            }
        }
        // Moves of different lines merge cleanly: the property is not met by reporting everything.
        #expect(clean > 30)
    }

    @Test("thousands of lines reversed on one side and shuffled on the other: reported, never doubled in silence")
    func reversedAgainstShuffled() {
        var generator = SeededGenerator(state: 0x5EED_0B5E)
        let ancestor = Self.lines(3_000, using: &generator)
        let text = { (lines: [String]) in lines.joined(separator: "\n") + "\n" }
        let report = TextMerger().mergeReportingConflicts(
            text(ancestor.reversed()), withSubordinate: text(ancestor.shuffled(using: &generator)), commonAncestor: text(ancestor)
        )
        #expect(!report.conflicts.isEmpty)
        // Each line at most once per side of the conflict, and nothing but the two sides' lines.
        let merged = report.text.split(separator: "\n").map(String.init)
        #expect(merged.count <= 2 * ancestor.count)
        #expect(Set(merged).isSubset(of: Set(ancestor)))
    }

    @Test("both sides move one line to different places: a conflict; to the same place: moved once")
    func oneLineMovedTwice() {
        let ancestor = "one\ntwo\nthree\nfour\nfive\n"
        let apart = TextMerger().mergeReportingConflicts("two\nthree\none\nfour\nfive\n", withSubordinate: "two\nthree\nfour\nfive\none\n", commonAncestor: ancestor)
        #expect(!apart.conflicts.isEmpty)
        #expect(apart.text.components(separatedBy: "\n").filter { $0 == "one" }.count == 2, "both places kept, in the conflict")
        let together = TextMerger().mergeReportingConflicts("two\nthree\none\nfour\nfive\n", withSubordinate: "two\nthree\none\nfour\nfive\n", commonAncestor: ancestor)
        #expect(together == TextMergeReport(text: "two\nthree\none\nfour\nfive\n", conflicts: []))
    }
}
