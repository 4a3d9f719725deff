import Testing
@testable import ForkedEditCore

@Suite("TextBuffer splicing")
struct TextBufferSplicingTests {
    /// Applies one replacement and checks the spliced text is exactly the joined text.
    private func expectSplice(_ text: String, from start: TextPosition, to end: TextPosition, with replacement: String) {
        let old = TextBuffer(text: text)
        var new = old
        new.replace(from: start, to: end, with: replacement)
        let spliced = new.text(splicingInto: text)
        #expect(Array(spliced.utf8) == Array(new.text.utf8), "\(text.debugDescription) \(start)-\(end) \(replacement.debugDescription)")
    }

    @Test("single-line and multi-line edits at the start, middle and end splice to the joined text")
    func edits() {
        let text = "alpha\nbeta\ngamma\ndelta"
        let positions = [
            TextPosition(line: 0, column: 0), TextPosition(line: 0, column: 5), TextPosition(line: 1, column: 2),
            TextPosition(line: 2, column: 5), TextPosition(line: 3, column: 0), TextPosition(line: 3, column: 5),
        ]
        for start in positions {
            for end in positions where end >= start {
                for replacement in ["", "x", "\n", "one\ntwo", "\n\n", "gamma\ndelta"] {
                    expectSplice(text, from: start, to: end, with: replacement)
                }
            }
        }
    }

    @Test("edits in empty, one-line and blank-line texts splice to the joined text")
    func smallTexts() {
        for text in ["", "a", "\n", "\n\n", "a\n", "\na"] {
            let buffer = TextBuffer(text: text)
            for replacement in ["", "x", "\n", "y\n"] {
                expectSplice(text, from: .start, to: buffer.endPosition, with: replacement)
                expectSplice(text, from: buffer.endPosition, to: buffer.endPosition, with: replacement)
            }
        }
    }

    @Test("a line rewritten into a canonically equivalent spelling keeps the new bytes")
    func canonicalEquivalence() {
        // "é" precomposed and "e" + combining acute are == as Strings, but not the same bytes.
        expectSplice("caf\u{E9}\nx", from: .start, to: TextPosition(line: 0, column: 4), with: "cafe\u{301}")
    }

    @Test("any old text gives exactly the buffer's text", arguments: ["", "one", "one\n", "\none\n2 two", "x\n2 two", "something else"])
    func unrelatedOldText(oldText: String) {
        let buffer = TextBuffer(text: "one\n2 two")
        #expect(Array(buffer.text(splicingInto: oldText).utf8) == Array("one\n2 two".utf8))
    }

    @Test("repeated random edits keep the spliced text equal to the joined text")
    func randomEdits() {
        var seedState: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            // A fixed linear congruential sequence, so a failure reproduces.
            seedState = seedState &* 6364136223846793005 &+ 1442695040888963407
            return Int((seedState >> 33) % UInt64(max(1, bound)))
        }
        var buffer = TextBuffer(text: "first line\nsecond\n\nfourth 漢字\nfifth e\u{301}")
        var text = buffer.text
        let pieces = ["", "a", "\n", "b\nc", "漢", "\u{301}", "\n\n"]
        for _ in 0..<500 {
            let startLine = next(buffer.lineCount)
            let start = TextPosition(line: startLine, column: next(buffer.characterCount(inLine: startLine) + 1))
            let endLine = min(buffer.lineCount - 1, startLine + next(3))
            let end = max(start, TextPosition(line: endLine, column: next(buffer.characterCount(inLine: endLine) + 1)))
            buffer.replace(from: start, to: end, with: pieces[next(pieces.count)])
            let spliced = buffer.text(splicingInto: text)
            #expect(Array(spliced.utf8) == Array(buffer.text.utf8))
            text = spliced
        }
    }
}
