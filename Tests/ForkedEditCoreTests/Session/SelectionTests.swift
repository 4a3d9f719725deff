import Testing
@testable import ForkedEditCore

@Suite("Selection, cut, copy and paste")
struct SelectionTests {

    @Test("Shift-arrows select (shown reversed); ^C copies, ^K cuts, ^U pastes, in either pane")
    func cutCopyPaste() throws {
        let session = try EditorSession(text: "hello world\nsecond", fileName: nil, columns: 80, rows: 24, writer: InMemoryDocumentWriter())
        try session.type("<S-Right><S-Right><S-Right><S-Right><S-Right>")
        #expect(session.panes[0].state.selectedText == "hello")
        let grid = session.render()
        #expect(grid[1, 0].style == ScreenRenderer.selectionStyle)
        #expect(grid[1, 5].style == .plain)
        try session.type("<C-c><Tab><C-u>")
        #expect(try session.documents()["right"] == "hellohello world\nsecond")
        try session.type("<Tab><End><S-Right><C-k>")
        #expect(try session.documents()["left"] == "hello worldsecond")
        #expect(session.clipboard == "\n")
        try session.type("<C-z>")
        #expect(try session.documents()["left"] == "hello world\nsecond", "a cut is one undoable edit")
    }

    @Test("typing replaces the selection; a move without Shift ends it")
    func typingReplaces() throws {
        let session = try EditorSession(text: "abc def", fileName: nil, columns: 80, rows: 24, writer: InMemoryDocumentWriter())
        try session.type("<S-Right><S-Right>X<Right><S-Right><Left>Y")
        #expect(try session.documents()["left"] == "XcY def")
        #expect(session.panes[0].state.selection == nil)
        try session.type("<C-k>")
        #expect(session.message?.contains("Nothing selected") == true)
    }
}
