import ForkedMerge
import ForkedTestSupport
import Testing

/// Random short texts built from the characters the word rule treats specially (joiners,
/// digits, Han and Hangul, combining marks next to precomposed letters, emoji, CRLF), edited
/// at random on both sides: every merge stays inside its three texts and its three entry
/// points agree.
@Suite("TextMerger: random edits of words, joiners and normalisation forms")
struct TextMergerRandomCharacterTests {
    /// Units a text is built from; "é" appears both precomposed and as "e" with a combining
    /// accent, so one side's edit can be a change of normalisation only.
    static let units: [String] = [
        "a", "b", "c", "ab", "1", "2", ".", "'", "-", ",", "’", " ", " ", "\n", "\r\n", "\t",
        "猫", "狗", "e\u{301}", "é", "😀", "x", "_", "한",
    ]

    /// A side's edit that changed only "e" + combining accent to "é" at the end, beside the other
    /// side's deletion of the word before it: the merge set the normalisation aside and then
    /// grew a range over it counted without it, one byte past the side's end (a crash).
    @Test func aNormalisationSetAsideBesideAnotherChangeStaysInsideTheSide() throws {
        let ancestor = "é’狗-_e\u{301}"
        let dominant = "é’ 2猫c_狗-_é"
        let subordinate = "é-é"
        try expectAgreement(ancestor, dominant, subordinate)
        let merged = try TextMerger().merge(dominant, withSubordinate: subordinate, commonAncestor: ancestor)
        // Both sides' words are there, as a conflict: nothing beyond the three texts.
        #expect(merged.contains("猫c"))
    }

    @Test("random edits merge inside the texts, the same through every entry point", arguments: 0..<8)
    func randomEdits(batch: Int) throws {
        var generator = SeededGenerator(state: 0xC4A2_0000 + UInt64(batch))
        for _ in 0..<500 {
            let ancestor = text(units: Int.random(in: 0...40, using: &generator), &generator)
            let dominant = edited(ancestor, &generator)
            let subordinate = Int.random(in: 0..<4, using: &generator) == 0 ? edited(dominant, &generator) : edited(ancestor, &generator)
            try expectAgreement(String(ancestor), String(dominant), String(subordinate))
        }
    }

    private func expectAgreement(_ ancestor: String, _ dominant: String, _ subordinate: String) throws {
        let merger = TextMerger()
        let text = try merger.merge(dominant, withSubordinate: subordinate, commonAncestor: ancestor)
        let report = merger.mergeReportingConflicts(dominant, withSubordinate: subordinate, commonAncestor: ancestor)
        let result = merger.mergeWithOrigins(dominant, withSubordinate: subordinate, commonAncestor: ancestor)
        let cases = "\(ancestor.debugDescription) → \(dominant.debugDescription) / \(subordinate.debugDescription)"
        #expect(text == report.text, "\(cases)")
        #expect(report.text == result.text, "\(cases)")
        #expect(report.conflicts.map(\.utf8Range) == result.conflicts.map(\.utf8Range), "\(cases)")
        for conflict in report.conflicts {
            #expect(conflict.utf8Range.upperBound <= report.text.utf8.count, "\(cases)")
        }
        if dominant == ancestor { #expect(text == subordinate, "\(cases)") }
        if subordinate == ancestor || subordinate == dominant { #expect(text == dominant, "\(cases)") }
    }

    private func text(units count: Int, _ generator: inout SeededGenerator) -> [Character] {
        Array((0..<count).map { _ in Self.units[Int.random(in: 0..<Self.units.count, using: &generator)] }.joined())
    }

    /// Up to five insertions, deletions and replacements at random places.
    private func edited(_ original: [Character], _ generator: inout SeededGenerator) -> [Character] {
        var characters = original
        for _ in 0..<Int.random(in: 0...5, using: &generator) {
            let place = Int.random(in: 0...characters.count, using: &generator)
            let end = min(characters.count, place + Int.random(in: 1...5, using: &generator))
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: characters.insert(contentsOf: text(units: Int.random(in: 1...4, using: &generator), &generator), at: place)
            case 1: characters.removeSubrange(place..<end)
            default: characters.replaceSubrange(place..<end, with: text(units: Int.random(in: 1...3, using: &generator), &generator))
            }
        }
        return characters
    }
}
