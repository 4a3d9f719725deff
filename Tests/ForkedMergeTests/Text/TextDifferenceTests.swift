import ForkedTestSupport
import Testing
@testable import ForkedMerge

@Suite("TextDifference")
struct TextDifferenceTests {
    private func rebuilt(_ difference: TextDifference) -> (old: String, new: String) {
        let segments = difference.segments
        return (
            segments.filter { $0.kind != .inserted }.map(\.text).joined(),
            segments.filter { $0.kind != .deleted }.map(\.text).joined()
        )
    }

    @Test(arguments: [
        ("", ""), ("", "new"), ("old", ""), ("return x * 2", "return x - 3"),
        ("the cat sat", "the rsat"), ("a\nb\nc\n", "a\nB\nc\nd\n"), ("👨‍👩‍👧‍👦 and 🏳️‍🌈", "👨‍👩‍👧 and 🏳️"),
        ("cafe\u{301} au lait", "cafe au lait"), ("x\r\ny", "x\ny"),
    ])
    func segmentsRebuildBothTexts(old: String, new: String) {
        let difference = TextDifference(from: old, to: new)
        let (rebuiltOld, rebuiltNew) = rebuilt(difference)
        #expect(rebuiltOld == old)
        #expect(rebuiltNew == new)
    }

    @Test func changesAreWholeWords() {
        let difference = TextDifference(from: "return x * 2", to: "return x - 3")
        #expect(difference.segments.filter { $0.kind == .deleted }.map(\.text) == ["*", "2"])
        #expect(difference.segments.filter { $0.kind == .inserted }.map(\.text) == ["-", "3"])
        let word = TextDifference(from: "the cat sat", to: "the cart sat")
        #expect(word.segments.filter { $0.kind != .kept }.map(\.text) == ["cat", "cart"])
    }

    @Test func aChangedEmojiIsOneWholeCharacter() {
        let difference = TextDifference(from: "hi 👍 there", to: "hi 👍🏽 there")
        for segment in difference.segments { #expect(!segment.text.unicodeScalars.first!.properties.isEmojiModifier) }
        #expect((difference.insertedCharacterCount, difference.deletedCharacterCount) == (1, 1))
    }

    @Test func countsAreCharacters() {
        let difference = TextDifference(from: "hello", to: "hello wörld")
        #expect(difference.insertedCharacterCount == 6)
        #expect(difference.deletedCharacterCount == 0)
        #expect(TextDifference(from: "same", to: "same").changes.isEmpty)
    }

    @Test("a line added among repeated text is shown as a whole line, not slid across a line break")
    func addedLineIsAWholeLine() {
        let difference = TextDifference(from: "Version one line.\nVersion two line.\n",
                                        to: "Version 1 line.\nVersion two line.\nVersion three line.\n")
        #expect(difference.segments.filter { $0.kind == .inserted }.map(\.text) == ["1", "Version three line.\n"])
        let removed = TextDifference(from: "a line.\nb line.\nc line.\n", to: "a line.\nc line.\n")
        #expect(removed.segments.filter { $0.kind == .deleted }.map(\.text) == ["b line.\n"])
    }

    @Test("hunks show changed lines with context under @@ line numbers")
    func hunksWithContext() {
        let old = (1...20).map { "line \($0) of the text" }.joined(separator: "\n") + "\n"
        var new = old.replacingOccurrences(of: "line 5 of", with: "line five of")
        new = new.replacingOccurrences(of: "line 16 of the text\n", with: "line 16 of the text\nan added line\n")
        let hunks = TextDifference(from: old, to: new).hunks(context: 2)
        #expect(hunks.map(\.header) == ["@@ -3,5 +3,5 @@", "@@ -15,4 +15,5 @@"])
        #expect(hunks[0].lines[2] == [TextDifference.Segment(text: "line ", kind: .kept), TextDifference.Segment(text: "5", kind: .deleted),
                                      TextDifference.Segment(text: "five", kind: .inserted), TextDifference.Segment(text: " of the text", kind: .kept)])
        #expect(hunks[1].lines[2] == [TextDifference.Segment(text: "an added line", kind: .inserted)])
        #expect(TextDifference(from: old, to: new).hunks(context: 10).count == 1, "contexts that touch share a hunk")
        #expect(TextDifference(from: "a\n", to: "a\nb").hunks(context: 0).map(\.header) == ["@@ -1,0 +2,1 @@"])
    }

    /// Over random line edits: each hunk's old side is exactly the old lines its header names,
    /// and its new side the new lines; hunks are in order and apart.
    @Test("hunk headers name exactly the lines their old and new sides hold", arguments: 0..<4)
    func hunkHeadersMatchTheirLines(batch: UInt64) {
        var random = SeededGenerator(state: 0xD1FF + batch)
        let words = ["line", "two", "x", "Version", "the", "1.2", "猫", ""]
        func line() -> String { (0..<Int.random(in: 0...3, using: &random)).map { _ in words.randomElement(using: &random) ?? "" }.joined(separator: " ") }
        for _ in 0..<300 {
            let oldLines = (0..<Int.random(in: 0...12, using: &random)).map { _ in line() }
            var newLines = oldLines
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let index = Int.random(in: 0...newLines.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: newLines.insert(line(), at: index)
                case 1 where index < newLines.count: newLines.remove(at: index)
                default: if index < newLines.count { newLines[index] = line() }
                }
            }
            let old = oldLines.joined(separator: "\n") + (Bool.random(using: &random) ? "\n" : "")
            let new = newLines.joined(separator: "\n") + (Bool.random(using: &random) ? "\n" : "")
            let difference = TextDifference(from: old, to: new)
            let (rebuiltOld, rebuiltNew) = rebuilt(difference)
            #expect(rebuiltOld == old && rebuiltNew == new)
            let context = Int.random(in: 0...3, using: &random)
            let hunks = difference.hunks(context: context)
            #expect(hunks.isEmpty == (old == new))
            let allOld = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let allNew = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            // The old lines a hunk covers, 0-based (a hunk covering none sits after line `oldStart`).
            func covered(_ hunk: TextDifference.Hunk) -> Range<Int> {
                hunk.oldCount == 0 ? hunk.oldStart..<hunk.oldStart : (hunk.oldStart - 1)..<(hunk.oldStart - 1 + hunk.oldCount)
            }
            for (hunk, next) in zip(hunks, hunks.dropFirst()) {
                #expect(covered(hunk).upperBound < covered(next).lowerBound, "at least one line apart: \(old.debugDescription) → \(new.debugDescription)")
            }
            for hunk in hunks {
                let oldSide = hunk.lines.flatMap { $0.filter { $0.kind != .inserted }.map(\.text) }.joined()
                let newSide = hunk.lines.flatMap { $0.filter { $0.kind != .deleted }.map(\.text) }.joined()
                let oldFirst = hunk.oldCount == 0 ? hunk.oldStart : hunk.oldStart - 1
                let newFirst = hunk.newCount == 0 ? hunk.newStart : hunk.newStart - 1
                #expect(oldSide == allOld[oldFirst..<(oldFirst + hunk.oldCount)].joined(),
                        "\(old.debugDescription) → \(new.debugDescription) context \(context): \(hunk)")
                #expect(newSide == allNew[newFirst..<(newFirst + hunk.newCount)].joined(),
                        "\(old.debugDescription) → \(new.debugDescription) context \(context): \(hunk)")
            }
        }
    }
}
