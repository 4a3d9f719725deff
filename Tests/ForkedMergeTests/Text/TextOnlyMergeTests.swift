@testable import ForkedMerge
import Foundation
import Testing
import ForkedTestSupport

/// `merge` and `mergeReportingConflicts` diff by characters only the lines both sides changed
/// (or changed next to each other); their text and conflicts must be those of the full diffs.
@Suite("Text-only merges refine only where both sides changed")
struct TextOnlyMergeTests {
    @Test("a changed block meets the other side's when they overlap or touch, in line numbers")
    func linesMeeting() {
        let hunks = [
            DiffHunk(ancestor: 0..<1, side: 0..<1),
            DiffHunk(ancestor: 5..<5, side: 5..<6),
            DiffHunk(ancestor: 9..<12, side: 10..<11),
        ]
        let others = [
            DiffHunk(ancestor: 1..<2, side: 1..<3),
            DiffHunk(ancestor: 7..<8, side: 8..<8),
            DiffHunk(ancestor: 12..<12, side: 12..<13),
        ]
        #expect(TextMergeComputation.linesMeeting(hunks, others) == [true, false, true])
        #expect(TextMergeComputation.linesMeeting(others, hunks) == [true, false, true])
        #expect(TextMergeComputation.linesMeeting(hunks, []) == [false, false, false])
    }

    /// Words on lines, some lines edited (a word replaced, a letter typed, the line removed, a
    /// line added after it), so edits of the two sides fall on the same, adjacent and distant lines.
    private func edited(_ lines: [String], _ generator: inout SeededGenerator) -> String {
        var result: [String] = []
        for line in lines {
            switch Int.random(in: 0..<10, using: &generator) {
            case 0: result.append(line.replacingOccurrences(of: "fox", with: "cat"))
            case 1: result.append(line.replacingOccurrences(of: "o", with: "oo"))
            case 2: continue
            case 3: result.append(line); result.append("added \(Int.random(in: 0..<3, using: &generator)) fox")
            default: result.append(line)
            }
        }
        return result.joined()
    }

    @Test("text and conflicts equal those of the full diffs on random edits of both sides", arguments: 0..<4)
    func equalsFullDiffs(seed: UInt64) {
        var generator = SeededGenerator(state: seed)
        let words = ["the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "o"]
        for _ in 0..<150 {
            let lines = (0..<Int.random(in: 1...14, using: &generator)).map { _ in
                (0..<Int.random(in: 1...5, using: &generator)).map { _ in words.randomElement(using: &generator) ?? "" }
                    .joined(separator: " ") + "\n"
            }
            let ancestor = lines.joined()
            let dominant = edited(lines, &generator)
            let subordinate = edited(lines, &generator)
            let full = TextMerger().mergeWithOrigins(dominant, withSubordinate: subordinate, commonAncestor: ancestor)
            let report = TextMerger().mergeReportingConflicts(dominant, withSubordinate: subordinate, commonAncestor: ancestor)
            #expect(report.text == full.text, "ancestor \(ancestor.debugDescription)")
            #expect(report.conflicts == full.conflicts, "ancestor \(ancestor.debugDescription)")
            #expect((try? TextMerger().merge(dominant, withSubordinate: subordinate, commonAncestor: ancestor)) == full.text)
        }
    }
}
