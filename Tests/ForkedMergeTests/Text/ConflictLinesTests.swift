import Forked
@testable import ForkedMerge
import ForkedTestSupport
import Testing

/// Where a text merge's conflicts are, in lines, and how a merge tells ``MergeConflictLog``.
struct ConflictLinesTests {
    @Test func aMergeInsideACollectionReportsItsConflictsWithTheirLines() throws {
        let ancestor = "one\nthe cat sat\nend\n"
        let (text, conflicts) = try MergeConflictLog.collecting {
            try TextMerger().merge("one\nthe dog sat\nend\n", withSubordinate: "one\nthe cow sat\nend\n", commonAncestor: ancestor)
        }
        let report = TextMerger().mergeReportingConflicts("one\nthe dog sat\nend\n", withSubordinate: "one\nthe cow sat\nend\n", commonAncestor: ancestor)
        #expect(text == report.text && text == "one\nthe dog cow sat\nend\n")
        #expect(conflicts == report.keptConflicts)
        #expect(conflicts.map(\.lines) == [1..<2])
        // Changes to different words keep nothing, and report nothing.
        let (_, clean) = try MergeConflictLog.collecting {
            try TextMerger().merge("the dog sat", withSubordinate: "the cat stood", commonAncestor: "the cat sat")
        }
        #expect(clean.isEmpty)
    }

    @Test func linesOfFixedRanges() {
        let text = "ab\ncd\nef\n"
        #expect(ConflictLines.lines(of: [0..<2, 3..<6], in: text) == [0..<1, 1..<2])
        #expect(ConflictLines.lines(of: [0..<9], in: text) == [0..<3])
        #expect(ConflictLines.lines(of: [5..<5], in: text) == [1..<2])
        #expect(ConflictLines.lines(of: [9..<9], in: text) == [3..<4])
    }

    /// The lines of random ranges of random texts, against counting line breaks one by one.
    @Test func linesAgreeWithCountingByHand() {
        var generator = SeededGenerator(state: 44)
        for _ in 0..<500 {
            let text = String((0..<Int.random(in: 0...60, using: &generator)).map { _ in "ab\né猫".randomElement(using: &generator)! })
            let count = text.utf8.count
            var bounds = (0..<Int.random(in: 0...6, using: &generator)).map { _ in Int.random(in: 0...count, using: &generator) }.sorted()
            if bounds.count % 2 == 1 { bounds.removeLast() }
            let ranges = stride(from: 0, to: bounds.count, by: 2).map { bounds[$0]..<bounds[$0 + 1] }
            let bytes = Array(text.utf8)
            func line(at offset: Int) -> Int { bytes[..<offset].filter { $0 == 0x0A }.count }
            let expected = ranges.map { range in
                line(at: range.lowerBound)..<(line(at: max(range.lowerBound, range.upperBound - 1)) + 1)
            }
            #expect(ConflictLines.lines(of: ranges, in: text) == expected, "\(ranges) in \(Array(text.utf8))")
        }
    }
}
