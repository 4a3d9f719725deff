import Testing
@testable import ForkedEditCore

@Suite("PaneState")
struct PaneStateTests {
    @Test("typing, Enter, Backspace and Delete edit at the cursor")
    func editing() {
        var pane = PaneState(text: "abc")
        pane.move(.right, pageHeight: 10)
        pane.insert("XY")
        #expect(pane.buffer.text == "aXYbc")
        pane.insert("\n")
        #expect(pane.buffer.text == "aXY\nbc")
        #expect(pane.cursor == TextPosition(line: 1, column: 0))
        pane.deleteBackward()
        #expect(pane.buffer.text == "aXYbc")
        #expect(pane.cursor == TextPosition(line: 0, column: 3))
        pane.deleteForward()
        #expect(pane.buffer.text == "aXYc")
        pane.move(.lineEnd, pageHeight: 10)
        let deletedAtEnd = pane.deleteForward()
        #expect(deletedAtEnd == false)
    }

    @Test("the cursor moves by grapheme over combining marks, emoji and CJK")
    func graphemeMovement() {
        var pane = PaneState(text: "e\u{301}👩‍💻漢x")
        pane.move(.right, pageHeight: 10)
        #expect(pane.cursorDisplayColumn == 1)
        pane.move(.right, pageHeight: 10)
        #expect(pane.cursorDisplayColumn == 3)
        pane.move(.right, pageHeight: 10)
        #expect(pane.cursorDisplayColumn == 5)
        pane.deleteBackward()
        #expect(pane.buffer.text == "e\u{301}👩‍💻x")
        pane.move(.left, pageHeight: 10)
        pane.deleteBackward()
        #expect(pane.buffer.text == "👩‍💻x")
    }

    @Test("vertical moves keep the display column across short and wide lines")
    func verticalGoal() {
        var pane = PaneState(text: "abcdef\nab\n漢字漢字")
        pane.move(.lineEnd, pageHeight: 10)
        pane.move(.down, pageHeight: 10)
        #expect(pane.cursor == TextPosition(line: 1, column: 2))
        pane.move(.down, pageHeight: 10)
        #expect(pane.cursor == TextPosition(line: 2, column: 3))
        pane.move(.down, pageHeight: 10)
        #expect(pane.cursor == TextPosition(line: 2, column: 4))
        pane.move(.up, pageHeight: 10)
        pane.move(.up, pageHeight: 10)
        pane.move(.up, pageHeight: 10)
        #expect(pane.cursor == .start)
    }

    @Test("undo reverts edits one at a time, restoring the cursor")
    func undo() {
        var pane = PaneState(text: "one\ntwo")
        pane.move(.lineEnd, pageHeight: 10)
        pane.insert("!")
        pane.insert("\n")
        pane.move(.down, pageHeight: 10)
        pane.deleteBackward()
        #expect(pane.buffer.text == "one!\ntwo")
        let undone1 = pane.undo()
        #expect(undone1)
        #expect(pane.buffer.text == "one!\n\ntwo")
        let undone2 = pane.undo()
        #expect(undone2)
        #expect(pane.buffer.text == "one!\ntwo")
        #expect(pane.cursor == TextPosition(line: 0, column: 4))
        let undone3 = pane.undo()
        #expect(undone3)
        #expect(pane.buffer.text == "one\ntwo")
        let undone4 = pane.undo()
        #expect(undone4 == false)
    }

    @Test("paging moves by a screenful and scrolling follows the cursor")
    func pagingAndScrolling() {
        var pane = PaneState(text: (0..<100).map { "line \($0)" }.joined(separator: "\n"))
        pane.move(.pageDown, pageHeight: 10)
        pane.scrollToCursor(width: 20, height: 10)
        #expect(pane.cursor.line == 9)
        #expect(pane.topLine == 9)
        pane.move(.pageUp, pageHeight: 10)
        pane.scrollToCursor(width: 20, height: 10)
        #expect(pane.cursor.line == 0)
        #expect(pane.topLine == 0)
    }

    @Test("long lines scroll horizontally to keep the cursor visible")
    func horizontalScroll() {
        var pane = PaneState(text: String(repeating: "x", count: 10_000))
        pane.move(.lineEnd, pageHeight: 10)
        pane.scrollToCursor(width: 40, height: 10)
        #expect(pane.leftColumn <= 10_000)
        #expect(pane.leftColumn + 40 > 10_000)
        pane.move(.lineStart, pageHeight: 10)
        pane.scrollToCursor(width: 40, height: 10)
        #expect(pane.leftColumn == 0)
    }
}

@Suite("PaneState pasting")
struct PaneStatePastingTests {
    @Test("a pasted run with Windows or old Mac line breaks inserts plain line breaks")
    func pastedLineBreaks() {
        var pane = PaneState(text: "")
        pane.insert("a\r\nb\rc\nd")
        #expect(pane.buffer.text == "a\nb\nc\nd")
        #expect(pane.buffer.lineCount == 4)
        #expect(pane.cursor == TextPosition(line: 3, column: 1))
    }
}
