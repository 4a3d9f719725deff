import Testing
@testable import ForkedEditCore

@Suite("Find and go to line")
struct SearchAndGoToLineTests {
    func makeSession() throws -> EditorSession {
        let text = "the cat sat\non the mat\nwith the hat\n"
        return try EditorSession(text: text, fileName: "notes.txt", columns: 80, rows: 24, writer: InMemoryDocumentWriter())
    }

    @Test("^F finds from the cursor, ^N/F3 and ^P move between matches, wrapping; matches are highlighted")
    func find() throws {
        let session = try makeSession()
        try session.type("<C-f>the<Enter>")
        #expect(session.panes[0].state.cursor == TextPosition(line: 1, column: 3))
        try session.type("<F3>")
        #expect(session.panes[0].state.cursor == TextPosition(line: 2, column: 5))
        try session.type("<C-n>")
        #expect(session.panes[0].state.cursor == TextPosition(line: 0, column: 0), "wraps to the start")
        try session.type("<C-p>")
        #expect(session.panes[0].state.cursor == TextPosition(line: 2, column: 5))
        let grid = session.render()
        #expect(grid[3, 5].style == ScreenRenderer.matchStyle, "'the' on the third line is highlighted")
        #expect(grid[3, 0].style == .plain)
        try session.type("<Esc>")
        #expect(session.render()[3, 5].style == .plain)
        try session.type("<C-f><BS><BS><BS>dog<Enter>")
        #expect(session.message == "\"dog\" is not in left")
    }

    @Test("^F offers the last query selected: typing replaces it, Enter reuses it, a cursor key keeps it to edit")
    func lastQueryIsSelected() throws {
        let session = try makeSession()
        try session.type("<C-f>cat<Enter>")
        #expect(session.panes[0].state.cursor == TextPosition(line: 0, column: 4))
        try session.type("<C-f>")
        let grid = session.render()
        let row = try #require((0..<grid.rows).first { row in (0..<6).map { grid[row, $0].character } == Array("Find: ") })
        #expect(grid[row, 6].character == "c" && grid[row, 6].style.reverse, "the last query is shown selected")
        try session.type("hat<Enter>")
        #expect(session.panes[0].state.cursor == TextPosition(line: 2, column: 9), "typing replaced the old query, not 'cathat'")
        try session.type("<C-f><Enter>")
        #expect(session.message == nil || session.message?.contains("not in") == false)
        #expect(session.panes[0].state.cursor == TextPosition(line: 2, column: 9), "Enter searched for 'hat' again (the only one)")
        try session.type("<C-f><End>s<Enter>")
        #expect(session.message == "\"hats\" is not in left", "a cursor key keeps the query for editing")
    }

    @Test("^L goes to a line, or line:column; nonsense is refused with a message")
    func goToLine() throws {
        let session = try makeSession()
        try session.type("<C-l>3<Enter>")
        #expect(session.panes[0].state.cursor == TextPosition(line: 2, column: 0))
        try session.type("<C-l>2:5<Enter>")
        #expect(session.panes[0].state.cursor == TextPosition(line: 1, column: 4))
        try session.type("<C-l>two<Enter>")
        #expect(session.message?.contains("Not a line number") == true)
        try session.type("<C-l>99<Enter>")
        #expect(session.panes[0].state.cursor.line == 3, "past the end goes to the last line")
    }
}
