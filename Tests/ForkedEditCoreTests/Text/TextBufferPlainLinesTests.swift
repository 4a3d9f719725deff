import Testing
@testable import ForkedEditCore

/// Lines of printable ASCII take arithmetic shortcuts (a character is a byte and a column);
/// they must answer exactly what walking the line answers, through any edit.
@Suite("TextBuffer on plain ASCII lines")
struct TextBufferPlainLinesTests {
    /// Every question the shortcuts answer, asked of `buffer` and answered by walking.
    private func expectSameAnswersAsWalking(_ buffer: TextBuffer, _ context: String) {
        for number in 0..<buffer.lineCount {
            let line = buffer.lines[number]
            #expect(buffer.isPlainASCII(line: number) == line.utf8.allSatisfy { (0x20..<0x7F).contains($0) }, "\(context)")
            #expect(buffer.characterCount(inLine: number) == line.count, "\(context)")
            for column in [0, 1, line.count / 2, line.count, line.count + 3] {
                let position = TextPosition(line: number, column: column)
                let clampedColumn = min(column, line.count)
                #expect(buffer.displayColumn(of: position) == TextColumns.displayColumn(ofCharacter: clampedColumn, in: line), "\(context)")
                #expect(buffer.index(column, inLine: number) == buffer.index(column, in: line), "\(context)")
                #expect(buffer.column(atDisplayColumn: column, inLine: number)
                    == TextColumns.character(atDisplayColumn: column, in: line), "\(context)")
                let offset = buffer.utf8Offset(of: position)
                #expect(buffer.position(atUTF8Offset: offset) == buffer.clamped(position), "\(context)")
            }
        }
    }

    @Test("edits that make a line plain or not keep every answer equal to walking the line")
    func editsKeepAnswers() {
        var buffer = TextBuffer(text: "plain line\nwith tab\there\nnaïve\n\nend")
        expectSameAnswersAsWalking(buffer, "opened")
        let edits: [(TextPosition, TextPosition, String)] = [
            (TextPosition(line: 0, column: 5), TextPosition(line: 0, column: 5), "é"),      // plain -> not
            (TextPosition(line: 0, column: 5), TextPosition(line: 0, column: 6), ""),       // back to plain
            (TextPosition(line: 1, column: 4), TextPosition(line: 1, column: 5), " "),      // the tab replaced: plain
            (TextPosition(line: 2, column: 2), TextPosition(line: 2, column: 3), "i"),      // ï replaced: plain
            (TextPosition(line: 0, column: 3), TextPosition(line: 2, column: 1), "x\n漢\ny"), // across lines
            (TextPosition(line: 3, column: 0), TextPosition(line: 3, column: 0), "\u{301}"), // combining mark at a start
            (TextPosition(line: 4, column: 0), TextPosition(line: 4, column: 0), "abc"),
            (TextPosition(line: 0, column: 0), TextPosition(line: 5, column: 9), "all\tgone"),
        ]
        for (start, end, text) in edits {
            let expectedEnd = buffer.replace(from: start, to: end, with: text)
            let context = "after replacing \(start)...\(end) with \(text.debugDescription): \(buffer.text.debugDescription)"
            // The flags kept through the edit are the ones a fresh buffer computes.
            #expect(buffer == TextBuffer(text: buffer.text), "\(context)")
            #expect(expectedEnd == buffer.clamped(expectedEnd), "\(context)")
            expectSameAnswersAsWalking(buffer, context)
        }
    }

    @Test("typing at the end of a plain line ends the insertion after the typed text")
    func typingAtEnd() {
        var buffer = TextBuffer(text: String(repeating: "word ", count: 1_000))
        let end = buffer.replace(from: buffer.endPosition, to: buffer.endPosition, with: "more")
        #expect(end == TextPosition(line: 0, column: 5_004))
        #expect(buffer.isPlainASCII(line: 0))
        let mark = buffer.replace(from: end, to: end, with: "\u{301}")
        #expect(mark == TextPosition(line: 0, column: 5_004), "the mark joins the e before it")
        #expect(!buffer.isPlainASCII(line: 0))
    }
}
