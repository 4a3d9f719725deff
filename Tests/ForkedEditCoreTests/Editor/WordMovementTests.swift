import Testing
@testable import ForkedEditCore

@Suite("Word and document moves")
struct WordMovementTests {
    @Test("Ctrl-Left/Right move by words across punctuation and lines; Ctrl-Home/End to the ends")
    func moves() throws {
        var pane = PaneState(text: "one, two_2 three\nfour")
        pane.move(.wordRight, pageHeight: 10)
        #expect(pane.cursor == TextPosition(line: 0, column: 3))
        pane.move(.wordRight, pageHeight: 10)
        #expect(pane.cursor == TextPosition(line: 0, column: 10))
        pane.move(.wordRight, pageHeight: 10)
        pane.move(.wordRight, pageHeight: 10)
        #expect(pane.cursor == TextPosition(line: 1, column: 4))
        pane.move(.wordLeft, pageHeight: 10)
        #expect(pane.cursor == TextPosition(line: 1, column: 0))
        pane.move(.wordLeft, pageHeight: 10)
        #expect(pane.cursor == TextPosition(line: 0, column: 11))
        pane.move(.documentStart, pageHeight: 10)
        #expect(pane.cursor == .start)
        pane.move(.documentEnd, pageHeight: 10)
        #expect(pane.cursor == TextPosition(line: 1, column: 4))
    }

    @Test("the keys are recorded and replayed by name")
    func notation() throws {
        let keys: [Key] = [.controlLeft, .controlRight, .controlHome, .controlEnd]
        #expect(KeyNotation.format(keys) == "<C-Left><C-Right><C-Home><C-End>")
        #expect(try KeyNotation.parse("<C-Left><C-Right><C-Home><C-End>") == keys)
    }
}
