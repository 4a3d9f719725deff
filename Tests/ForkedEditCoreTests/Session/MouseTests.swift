import Testing
@testable import ForkedEditCore

@Suite("Mouse")
struct MouseTests {
    @Test("a click focuses the pane under it and puts the cursor on the clicked character; the wheel moves by three lines")
    func clickAndWheel() throws {
        let text = (1...30).map { "line \($0) 漢字" }.joined(separator: "\n")
        let session = try EditorSession(text: text, fileName: nil, columns: 80, rows: 24, writer: InMemoryDocumentWriter())
        guard case .regular(let regions) = EditorLayout(columns: 80, rows: 24) else { throw LayoutTooSmall() }
        let right = regions.paneTexts[1]
        // Row 2 of the right pane's text is line 3; display column 8 is the right half of 漢.
        session.handle(.key(.click(row: right.row + 2, column: right.column + 8)))
        #expect(session.focusedPane == 1)
        #expect(session.panes[1].state.cursor == TextPosition(line: 2, column: 7))
        session.handle(.key(.wheelDown))
        #expect(session.panes[1].state.cursor.line == 5)
        session.handle(.key(.wheelUp))
        #expect(session.panes[1].state.cursor.line == 2)
        // A click outside the panes changes nothing.
        session.handle(.key(.click(row: 23, column: 3)))
        #expect(session.focusedPane == 1)
        #expect(try KeyNotation.parse("<Click:3,41><WheelUp><WheelDown>") == [.click(row: 3, column: 41), .wheelUp, .wheelDown])
        #expect(KeyNotation.format([.click(row: 3, column: 41)]) == "<Click:3,41>")
    }

    struct LayoutTooSmall: Error {}
}
