import ForkedTestSupport
import Testing
@testable import ForkedMerge

/// The audit's later rounds read only where the merge done again changed (``ChangedOutput``):
/// they find exactly what reading the whole output again finds.
@Suite("Word audit rounds read only the changed output")
struct ChangedOutputTests {
    private func piece(_ source: MergeSource, _ range: Range<Int>) -> MergePiece {
        MergePiece(source: source, range: range, origin: source == .ancestor ? .ancestor : source == .dominant ? .dominant : .subordinate)
    }

    private func regions(_ old: [MergePiece], _ new: [MergePiece], flagged: [Range<Int>] = []) -> [Range<Int>] {
        let changed = ChangedOutput(
            previous: old, previousOffsets: old.outputOffsets,
            previousInConflict: Array(repeating: false, count: old.count), flagged: flagged
        )
        return changed.regions(of: new, offsets: new.outputOffsets, inConflict: Array(repeating: false, count: new.count))
    }

    @Test("the same pieces change nothing; a changed piece far from both ends is read with a window around it")
    func regionsAroundChanges() {
        // Ten ancestor pieces of 1,000 bytes with a dominant insertion after the fifth.
        let old = (0..<10).map { piece(.ancestor, ($0 * 1_000)..<($0 * 1_000 + 1_000)) }
        #expect(regions(old, old).isEmpty)
        var new = old
        new.insert(piece(.dominant, 0..<5), at: 5)
        let window = 2 * WordUnits.window
        #expect(regions(old, new) == [(5_000 - window)..<(5_005 + window)])
        // A piece replaced by another, and a piece removed: each read where it was.
        var replaced = old
        replaced[2] = piece(.subordinate, 0..<1_000)
        #expect(regions(old, replaced) == [(2_000 - window)..<(3_000 + window)])
        var removed = old
        removed.remove(at: 7)
        #expect(regions(old, removed) == [(7_000 - window)..<(7_000 + window)])
        // A word found last round is read again even where its piece is the same.
        #expect(regions(old, old, flagged: [8_100..<8_104]) == [(8_000 - window)..<(9_000 + window)])
    }

    @Test("merges of long texts with many same-word edits: the changed-output audit equals the full one", arguments: 0..<4)
    func incrementalEqualsFull(seed: UInt64) {
        var generator = WordEditGenerator(random: SeededGenerator(state: 0xA0D1_7000 + seed))
        var corrections = 0
        for _ in 0..<40 {
            var ancestor = ""
            var dominant = ""
            var subordinate = ""
            // Forty paragraphs: the audit's findings are scattered over a few kilobytes.
            for _ in 0..<40 {
                let tokens = generator.tokens()
                let focus = Int.random(in: 0..<tokens.count, using: &generator.random)
                ancestor += tokens.joined() + "\n\n"
                dominant += generator.edited(tokens, focus: focus) + "\n\n"
                subordinate += generator.edited(tokens, focus: focus) + "\n\n"
            }
            let merger = TextMerger()
            let incremental = merger.mergeReportingConflicts(dominant, withSubordinate: subordinate, commonAncestor: ancestor)
            let full = TextMergeComputation.$incrementalAudit.withValue(false) {
                merger.mergeReportingConflicts(dominant, withSubordinate: subordinate, commonAncestor: ancestor)
            }
            #expect(incremental.text == full.text)
            #expect(incremental.conflicts == full.conflicts)
            let origins = merger.mergeWithOrigins(dominant, withSubordinate: subordinate, commonAncestor: ancestor)
            let fullOrigins = TextMergeComputation.$incrementalAudit.withValue(false) {
                merger.mergeWithOrigins(dominant, withSubordinate: subordinate, commonAncestor: ancestor)
            }
            #expect(origins.statistics.auditCorrections == fullOrigins.statistics.auditCorrections)
            corrections += origins.statistics.auditCorrections
        }
        // The audit acted, so later rounds ran.
        #expect(corrections > 40)
    }
}
