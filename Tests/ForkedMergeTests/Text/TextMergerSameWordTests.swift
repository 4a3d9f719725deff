import ForkedMerge
import Testing

/// One case of two sides changing the same word differently.
struct SameWordCase: Sendable, CustomTestStringConvertible {
    let ancestor: String
    let dominant: String
    let subordinate: String
    /// The word (or words) each side wrote in place of the ancestor's.
    let dominantWord: String
    let subordinateWord: String

    var testDescription: String { "\(ancestor) → \(dominant) / \(subordinate)" }
}

@Suite("TextMerger: two changes to one word are a conflict")
struct TextMergerSameWordTests {
    static let cases: [SameWordCase] = [
        SameWordCase(ancestor: "meet on Tuesday", dominant: "meet on Thursday", subordinate: "meet on Friday", dominantWord: "Thursday", subordinateWord: "Friday"),
        SameWordCase(ancestor: "budget", dominant: "costs", subordinate: "money", dominantWord: "costs", subordinateWord: "money"),
        SameWordCase(ancestor: "Tuesday", dominant: "Thursday", subordinate: "Wednesday", dominantWord: "Thursday", subordinateWord: "Wednesday"),
        SameWordCase(ancestor: "version 1.2.3", dominant: "version 1.2.4", subordinate: "version 1.3.0", dominantWord: "1.2.4", subordinateWord: "1.3.0"),
        SameWordCase(ancestor: "port 5432", dominant: "port 5433", subordinate: "port 6432", dominantWord: "5433", subordinateWord: "6432"),
        SameWordCase(ancestor: "x = 10", dominant: "x = 12", subordinate: "x = 20", dominantWord: "12", subordinateWord: "20"),
        SameWordCase(ancestor: "call Bob", dominant: "call Rob", subordinate: "call Bill", dominantWord: "Rob", subordinateWord: "Bill"),
        // Prices, dates, names, words with joiners.
        SameWordCase(ancestor: "costs $1,250 now", dominant: "costs $1,350 now", subordinate: "costs $1,245 now", dominantWord: "1,350", subordinateWord: "1,245"),
        SameWordCase(ancestor: "due 2026-11-28.", dominant: "due 2026-12-28.", subordinate: "due 2026-11-30.", dominantWord: "2026-12-28", subordinateWord: "2026-11-30"),
        SameWordCase(ancestor: "Dear Jonathan,\n", dominant: "Dear Jonathon,\n", subordinate: "Dear Johnathan,\n", dominantWord: "Jonathon", subordinateWord: "Johnathan"),
        SameWordCase(ancestor: "we don't go\n", dominant: "we won't go\n", subordinate: "we can't go\n", dominantWord: "won't", subordinateWord: "can't"),
        SameWordCase(ancestor: "the colour red\n", dominant: "the color red\n", subordinate: "the colours red\n", dominantWord: "color", subordinateWord: "colours"),
        SameWordCase(ancestor: "send an e-mail\n", dominant: "send an e-mails\n", subordinate: "send an x-mail\n", dominantWord: "e-mails", subordinateWord: "x-mail"),
        SameWordCase(ancestor: "see file.txt here", dominant: "see file.md here", subordinate: "see files.txt here", dominantWord: "file.md", subordinateWord: "files.txt"),
        // Letters with combining marks, and Cyrillic, Greek, Arabic words.
        SameWordCase(ancestor: "un cafe\u{301} noir", dominant: "un cafe\u{301}s noir", subordinate: "un cafi\u{301} noir", dominantWord: "cafe\u{301}s", subordinateWord: "cafi\u{301}"),
        SameWordCase(ancestor: "привет мир", dominant: "привет миры", subordinate: "привет пир", dominantWord: "миры", subordinateWord: "пир"),
        SameWordCase(ancestor: "καλη μερα", dominant: "καλη μέρα", subordinate: "καλη μερες", dominantWord: "μέρα", subordinateWord: "μερες"),
        // Korean: each Hangul syllable is a word of its own.
        SameWordCase(ancestor: "나는 학생", dominant: "나는 학교", subordinate: "나는 학원", dominantWord: "교", subordinateWord: "원"),
        // Japanese and Chinese: the same character replaced differently.
        SameWordCase(ancestor: "我喜欢猫。", dominant: "我喜欢狗。", subordinate: "我喜欢鱼。", dominantWord: "狗", subordinateWord: "鱼"),
        SameWordCase(ancestor: "ねこがすき", dominant: "いぬがすき", subordinate: "とりがすき", dominantWord: "いぬ", subordinateWord: "とり"),
        // CRLF line endings and emoji around the word.
        SameWordCase(ancestor: "a\r\nold word\r\nz\r\n", dominant: "a\r\nold ward\r\nz\r\n", subordinate: "a\r\nold world\r\nz\r\n", dominantWord: "ward", subordinateWord: "world"),
        SameWordCase(ancestor: "🎉 party 🎉", dominant: "🎉 parties 🎉", subordinate: "🎉 partly 🎉", dominantWord: "parties", subordinateWord: "partly"),
    ]

    @Test("the merge reports a conflict and keeps both words whole, dominant first", arguments: cases)
    func sameWordConflicts(_ sample: SameWordCase) {
        for report in [
            TextMerger().mergeReportingConflicts(sample.dominant, withSubordinate: sample.subordinate, commonAncestor: sample.ancestor),
            { let result = TextMerger().mergeWithOrigins(sample.dominant, withSubordinate: sample.subordinate, commonAncestor: sample.ancestor)
              return TextMergeReport(text: result.text, conflicts: result.conflicts) }(),
        ] {
            #expect(!report.conflicts.isEmpty, "no conflict: \(report.text.debugDescription)")
            let text = report.text
            let dominantRange = text.range(of: sample.dominantWord)
            let subordinateRange = text.range(of: sample.subordinateWord, range: (dominantRange?.upperBound ?? text.startIndex)..<text.endIndex)
            #expect(dominantRange != nil && subordinateRange != nil, "both words whole, dominant first: \(text.debugDescription)")
            let conflicted = report.conflicts.map { String(text.utf8[text.utf8.index(text.utf8.startIndex, offsetBy: $0.utf8Range.lowerBound)..<text.utf8.index(text.utf8.startIndex, offsetBy: $0.utf8Range.upperBound)]) ?? "" }
            #expect(conflicted.contains { $0.contains(sample.dominantWord) && $0.contains(sample.subordinateWord) }, "the conflict holds both: \(conflicted)")
        }
        let merged = try? TextMerger().merge(sample.dominant, withSubordinate: sample.subordinate, commonAncestor: sample.ancestor)
        #expect(merged == TextMerger().mergeReportingConflicts(sample.dominant, withSubordinate: sample.subordinate, commonAncestor: sample.ancestor).text)
    }

    @Test("the same change on both sides is applied once, with no conflict")
    func sameChangeOnce() throws {
        let report = TextMerger().mergeReportingConflicts("meet on Thursday", withSubordinate: "meet on Thursday!", commonAncestor: "meet on Tuesday")
        #expect(report.text == "meet on Thursday!")
        #expect(report.conflicts.isEmpty)
    }

    @Test("changes to different words of one line merge cleanly, character-precise")
    func differentWordsMergeCleanly() throws {
        let cases: [(String, String, String, String)] = [
            ("the cat sat on the mat", "the cats sat on the mat", "the cat sat on the hat", "the cats sat on the hat"),
            ("meet on Tuesday at noon", "meet on Thursday at noon", "meet on Tuesday at 1 pm", "meet on Thursday at 1 pm"),
            ("version 1.2.3 of port 5432", "version 1.2.4 of port 5432", "version 1.2.3 of port 6432", "version 1.2.4 of port 6432"),
            ("我喜欢猫。", "我非常喜欢猫。", "我喜欢猫和狗。", "我非常喜欢猫和狗。"),
            ("나는 학생 입니다", "너는 학생 입니다", "나는 학생 이었다", "너는 학생 이었다"),
            ("a colour, a flavour", "a color, a flavour", "a colour, a flavor", "a color, a flavor"),
        ]
        for (ancestor, dominant, subordinate, expected) in cases {
            let report = TextMerger().mergeReportingConflicts(dominant, withSubordinate: subordinate, commonAncestor: ancestor)
            #expect(report.text == expected)
            #expect(report.conflicts.isEmpty, "\(ancestor): \(report.conflicts)")
        }
    }
}

@Suite("TextMerger: a line one side wrote is never cut by a line break")
struct TextMergerLineRuleTests {
    @Test("a blank line typed among lines the other side rewrote is a conflict, not a break inside the rewritten line")
    func blankLineInsideRewrite() {
        let report = TextMerger().mergeReportingConflicts(
            "b\nnew new line\n", withSubordinate: "a\n\n\n\nold line\n", commonAncestor: "a\n\n\nold line\n"
        )
        #expect(!report.conflicts.isEmpty, "\(report.text.debugDescription)")
        #expect(!report.text.contains("new new\n line"))
        #expect(report.text.contains("new new line"))
    }
}
