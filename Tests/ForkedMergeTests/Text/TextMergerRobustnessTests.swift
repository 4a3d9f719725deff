import ForkedMerge
import Testing

@Suite("TextMerger robustness")
struct TextMergerRobustnessTests {
    private func merge(_ dominant: String, _ subordinate: String, ancestor: String) throws -> String {
        try TextMerger().merge(dominant, withSubordinate: subordinate, commonAncestor: ancestor)
    }

    @Test("empty strings in any position")
    func emptyStrings() throws {
        #expect(try merge("", "", ancestor: "") == "")
        #expect(try merge("a", "", ancestor: "") == "a")
        #expect(try merge("", "b", ancestor: "a") == "b")
        #expect(try merge("", "", ancestor: "abc") == "")
    }

    @Test("texts of only newlines")
    func onlyNewlines() throws {
        #expect(try merge("\n\n\n", "\n", ancestor: "\n\n") == "\n\n")
        #expect(try merge("\r\n\r\n", "\n\n\n", ancestor: "\n\n") == "\r\n\r\n\n")
    }

    @Test("lone combining marks, ZWJ, BOM and control characters")
    func awkwardScalars() throws {
        #expect(try merge("\u{301}x", "\u{301}", ancestor: "\u{301}") == "\u{301}x")
        // "a" and "b" typed at one place would make "ab", a word neither side wrote: a conflict.
        let glued = TextMerger().mergeReportingConflicts("\u{FEFF}a", withSubordinate: "\u{FEFF}b", commonAncestor: "\u{FEFF}")
        #expect(glued.conflicts.count == 1)
        #expect(glued.text == "\u{FEFF}a \u{FEFF}b")
        #expect(try merge("\u{200D}👩", "\u{200D}", ancestor: "\u{200D}") == "\u{200D}👩")
        #expect(try merge("\u{0}\u{7}", "\u{1B}", ancestor: "") == "\u{0}\u{7} \u{1B}")
    }

    @Test("long runs of one repeated character keep small edits small")
    func repeatedCharacter() throws {
        let ancestor = String(repeating: "a", count: 200_000)
        var dominant = ancestor
        dominant.insert("X", at: dominant.index(dominant.startIndex, offsetBy: 1_000))
        var subordinate = ancestor
        subordinate.insert("Y", at: subordinate.index(subordinate.startIndex, offsetBy: 150_000))
        var expected = dominant
        expected.insert("Y", at: expected.index(expected.startIndex, offsetBy: 150_001))
        #expect(try merge(dominant, subordinate, ancestor: ancestor) == expected)
    }

    @Test("both sides append a word to every one of 20,000 lines: a clean merge, each line with both words")
    func everyLineAppended() {
        let words = ["alpha", "beta", "gamma", "delta", "pi", "nu", "xi", "tau", "rho", "mu"]
        var state: UInt64 = 7
        let lines = (0..<20_000).map { index in
            "line \(index) " + (0..<5).map { _ in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return words[Int(state >> 33) % words.count]
            }.joined(separator: " ")
        }
        func text(_ suffix: String) -> String { lines.map { $0 + suffix + "\n" }.joined() }
        // Every line differs from the ancestor on both sides, so the whole text is one changed
        // block: aligned by word chunks that end at every line (a chunk running across line
        // ends changed on every line, left gaps hundreds of lines long to character diffs, and
        // some of them came out as a conflict of whole lines).
        let report = TextMerger().mergeReportingConflicts(text(" A"), withSubordinate: text(" B"), commonAncestor: text(""))
        #expect(report.conflicts.isEmpty)
        #expect(report.text == text(" A B"))
    }

    @Test("long texts without spaces or newlines (CJK) merge edits at both ends")
    func spacelessText() throws {
        let ancestor = String(repeating: "会议室天气很好", count: 5_000)
        let merged = try merge("开始" + ancestor, ancestor + "结束", ancestor: ancestor)
        #expect(merged == "开始" + ancestor + "结束")
    }

    @Test("a 10 MB single line with edits on both sides merges")
    func tenMegabyteLine() throws {
        let words = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa"]
        var ancestor = ""
        ancestor.reserveCapacity(10_000_100)
        var state: UInt64 = 42
        while ancestor.utf8.count < 10_000_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            ancestor += words[Int(state >> 33) % words.count]
            ancestor += " "
        }
        let dominant = "START " + ancestor
        let subordinate = ancestor + "END"
        let merged = try merge(dominant, subordinate, ancestor: ancestor)
        #expect(merged == "START " + ancestor + "END")
    }
}

@Suite("TextMerger large conflicts")
struct TextMergerLargeConflictTests {
    @Test("one side deleting a long text while the other edits it throughout stays fast and reports the edits")
    func deleteAllAgainstManyEdits() throws {
        let line = "the quick brown fox jumps over the lazy dog\n"
        let ancestor = String(repeating: line, count: 2_000)
        var subordinateLines = Array(repeating: line, count: 2_000)
        for index in stride(from: 0, to: subordinateLines.count, by: 5) {
            subordinateLines[index] = "the quick brown fox jumps over the lazy dog number\(index)\n"
        }
        let subordinate = subordinateLines.joined()
        let clock = ContinuousClock()
        var report = TextMergeReport(text: "", conflicts: [])
        let elapsed = clock.measure {
            report = TextMerger().mergeReportingConflicts("", withSubordinate: subordinate, commonAncestor: ancestor)
        }
        // The deletion wins and is reported with the edits it took; no edited line is lost (one
        // at the very start stays as its own line, as it does in a text of ten lines), and no
        // unedited line comes back.
        #expect(report.conflicts.map(\.kept) == [.deletion])
        let edited = report.conflicts.first?.subordinate ?? ""
        #expect(report.text.split(separator: "\n").allSatisfy { $0.contains("number") })
        for index in stride(from: 0, to: 2_000, by: 5) {
            let line = "number\(index)\n"
            #expect(edited.contains(line) || report.text.contains(line))
        }
        #expect(elapsed < .seconds(20))
    }
}

extension TextMergerLargeConflictTests {
    @Test("one side rewriting a long text while the other rewrites words throughout stays fast and loses nothing")
    func rewriteAllAgainstManyRewrites() throws {
        let line = "the quick brown fox jumps over the lazy dog\n"
        let ancestor = String(repeating: line, count: 2_000)
        let subordinate = String(repeating: "the quick red fox leaps over the lazy cat\n", count: 2_000)
        let clock = ContinuousClock()
        var merged = ""
        let elapsed = try clock.measure {
            merged = try TextMerger().merge("all new text\n", withSubordinate: subordinate, commonAncestor: ancestor)
        }
        #expect(merged.contains("all new text"))
        #expect(merged.contains("leaps"))
        #expect(elapsed < .seconds(20))
    }
}
