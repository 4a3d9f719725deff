import Testing
@testable import ForkedEditCore

@Suite("TextEdit")
struct TextEditTests {
    @Test("an edit applied to a string replaces exactly its byte range")
    func appliedToString() {
        let edit = TextEdit(utf8Offset: 4, removedUTF8Count: 3, inserted: "ca\u{301}t\n")
        #expect(edit.applied(to: "the dog sat").map { Array($0.utf8) } == Array("the ca\u{301}t\n sat".utf8))
        #expect(edit.utf8Range == 4..<7)
        #expect(edit.insertedUTF8Range == 4..<10)
        #expect(edit.utf8Delta == 3)
    }

    @Test("an edit outside the text or cutting a character in two applies to nothing")
    func appliedToAnotherText() {
        #expect(TextEdit(utf8Offset: 5, removedUTF8Count: 0, inserted: "x").applied(to: "abc") == nil)
        #expect(TextEdit(utf8Offset: 2, removedUTF8Count: 2, inserted: "x").applied(to: "abc") == nil)
        #expect(TextEdit(utf8Offset: -1, removedUTF8Count: 0, inserted: "x").applied(to: "abc") == nil)
        // "漢" is three bytes: an offset of 1 falls inside it.
        #expect(TextEdit(utf8Offset: 1, removedUTF8Count: 0, inserted: "x").applied(to: "漢") == nil)
        #expect(TextEdit(utf8Offset: 3, removedUTF8Count: 0, inserted: "x").applied(to: "漢") == "漢x")
    }

    @Test("the inverse takes the text back, byte for byte")
    func inverse() throws {
        let text = "caf\u{E9} au lait"
        let edit = TextEdit(utf8Offset: 0, removedUTF8Count: 5, inserted: "cafe\u{301}")
        let after = try #require(edit.applied(to: text))
        #expect(Array(after.utf8) == Array("cafe\u{301} au lait".utf8))
        let back = try #require(edit.inverse(restoring: "caf\u{E9}").applied(to: after))
        #expect(Array(back.utf8) == Array(text.utf8))
    }

    @Test("rewriting a word into a canonically equivalent spelling is an edit, and undoes")
    func canonicallyEquivalentRewrite() throws {
        var pane = PaneState(text: "caf\u{E9}\nx")
        let rewritten = pane.replace(from: .start, to: TextPosition(line: 0, column: 4), with: "cafe\u{301}", grouping: false)
        #expect(rewritten)
        #expect(Array(pane.buffer.text.utf8) == Array("cafe\u{301}\nx".utf8))
        let undone = pane.undo()
        #expect(undone)
        #expect(Array(pane.buffer.text.utf8) == Array("caf\u{E9}\nx".utf8))
    }

    @Test("every edit a pane makes, and every undo and redo, applied by range to the old text gives the buffer's text")
    func paneEditsApplyByRange() throws {
        var seedState: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            // A fixed linear congruential sequence, so a failure reproduces.
            seedState = seedState &* 6364136223846793005 &+ 1442695040888963407
            return Int((seedState >> 33) % UInt64(max(1, bound)))
        }
        var pane = PaneState(text: "first line\nsecond\n\nfourth 漢字\nfifth e\u{301}")
        var text = pane.buffer.text
        let pieces = ["", "a", "\n", "b\nc", "漢", "👍🏽", "\n\n", " "]
        for step in 0..<600 {
            let changed: Bool
            switch next(6) {
            case 0: changed = pane.undo()
            case 1: changed = pane.redo()
            default:
                let buffer = pane.buffer
                let startLine = next(buffer.lineCount)
                let start = TextPosition(line: startLine, column: next(buffer.characterCount(inLine: startLine) + 1))
                let endLine = min(buffer.lineCount - 1, startLine + next(3))
                let end = max(start, TextPosition(line: endLine, column: next(buffer.characterCount(inLine: endLine) + 1)))
                changed = pane.replace(from: start, to: end, with: pieces[next(pieces.count)], grouping: next(2) == 0)
            }
            let edit = pane.takeLastChange()
            #expect(pane.takeLastChange() == nil, "handed over once")
            guard changed else { continue }
            let applied = try #require(edit?.applied(to: text), "step \(step)")
            #expect(Array(applied.utf8) == Array(pane.buffer.text.utf8), "step \(step)")
            text = applied
        }
    }
}
