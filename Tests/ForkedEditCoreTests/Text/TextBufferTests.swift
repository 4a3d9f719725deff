import Testing
@testable import ForkedEditCore

@Suite("TextBuffer")
struct TextBufferTests {
    @Test("text splits into lines and joins back unchanged", arguments: ["", "a", "a\n", "\n\n", "one\ntwo\nthree", "漢\te\u{301}\n👩‍💻"])
    func roundTrip(text: String) {
        let buffer = TextBuffer(text: text)
        #expect(buffer.text == text)
        #expect(buffer.lineCount == text.filter { $0 == "\n" }.count + 1)
    }

    @Test("replace inserts and deletes across lines and reports where the insertion ends")
    func replace() {
        var buffer = TextBuffer(text: "hello\nworld")
        let end = buffer.replace(from: TextPosition(line: 0, column: 2), to: TextPosition(line: 1, column: 3), with: "Y\nZ")
        #expect(buffer.text == "heY\nZld")
        #expect(end == TextPosition(line: 1, column: 1))
        #expect(buffer.text(from: .start, to: TextPosition(line: 1, column: 1)) == "heY\nZ")
    }

    @Test("a combining mark typed after its base joins it")
    func combiningInsert() {
        var buffer = TextBuffer(text: "ex")
        let end = buffer.replace(from: TextPosition(line: 0, column: 1), to: TextPosition(line: 0, column: 1), with: "\u{301}")
        #expect(buffer.text == "e\u{301}x")
        #expect(buffer.characterCount(inLine: 0) == 2)
        #expect(end == TextPosition(line: 0, column: 1))
    }

    @Test("UTF-8 offsets and positions convert both ways")
    func utf8Offsets() {
        let buffer = TextBuffer(text: "aé\n漢字x")
        #expect(buffer.utf8Offset(of: TextPosition(line: 1, column: 2)) == 4 + 6)
        #expect(buffer.position(atUTF8Offset: 10) == TextPosition(line: 1, column: 2))
        // An offset inside a multi-byte character lands at that character's start.
        #expect(buffer.position(atUTF8Offset: 5) == TextPosition(line: 1, column: 0))
        #expect(buffer.position(atUTF8Offset: 999) == buffer.endPosition)
    }
}
