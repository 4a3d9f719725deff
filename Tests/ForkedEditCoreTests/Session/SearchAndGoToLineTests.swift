import Testing
@testable import ForkedEditCore

@Suite("Find and go to line")
struct SearchAndGoToLineTests {
    func makeSession() throws -> EditorSession {
        let text = "the cat sat\non the mat\nwith the hat\n"
        return try EditorSession(text: text, fileName: "notes.txt", columns: 80, rows: 24, writer: InMemoryDocumentWriter())
    }

    func type(_ notation: String, into session: EditorSession) throws {
        for key in try KeyNotation.parse(notation) { session.handle(.key(key)) }
    }

    @Test("^F finds from the cursor, ^N/F3 and ^P move between matches, wrapping; matches are highlighted")
    func find() throws {
        let session = try makeSession()
        try type("<C-f>the<Enter>", into: session)
        #expect(session.panes[0].state.cursor == TextPosition(line: 1, column: 3))
        try type("<F3>", into: session)
        #expect(session.panes[0].state.cursor == TextPosition(line: 2, column: 5))
        try type("<C-n>", into: session)
        #expect(session.panes[0].state.cursor == TextPosition(line: 0, column: 0), "wraps to the start")
        try type("<C-p>", into: session)
        #expect(session.panes[0].state.cursor == TextPosition(line: 2, column: 5))
        let grid = session.render()
        #expect(grid[3, 5].style == ScreenRenderer.matchStyle, "'the' on the third line is highlighted")
        #expect(grid[3, 0].style == .plain)
        try type("<Esc>", into: session)
        #expect(session.render()[3, 5].style == .plain)
        try type("<C-f><BS><BS><BS>dog<Enter>", into: session)
        #expect(session.message == "\"dog\" is not in left")
    }

    @Test("^F offers the last query selected: typing replaces it, Enter reuses it, a cursor key keeps it to edit")
    func lastQueryIsSelected() throws {
        let session = try makeSession()
        try type("<C-f>cat<Enter>", into: session)
        #expect(session.panes[0].state.cursor == TextPosition(line: 0, column: 4))
        try type("<C-f>", into: session)
        let grid = session.render()
        let row = try #require((0..<grid.rows).first { row in (0..<6).map { grid[row, $0].character } == Array("Find: ") })
        #expect(grid[row, 6].character == "c" && grid[row, 6].style.reverse, "the last query is shown selected")
        try type("hat<Enter>", into: session)
        #expect(session.panes[0].state.cursor == TextPosition(line: 2, column: 9), "typing replaced the old query, not 'cathat'")
        try type("<C-f><Enter>", into: session)
        #expect(session.message == nil || session.message?.contains("not in") == false)
        #expect(session.panes[0].state.cursor == TextPosition(line: 2, column: 9), "Enter searched for 'hat' again (the only one)")
        try type("<C-f><End>s<Enter>", into: session)
        #expect(session.message == "\"hats\" is not in left", "a cursor key keeps the query for editing")
    }

    @Test("^L goes to a line, or line:column; nonsense is refused with a message")
    func goToLine() throws {
        let session = try makeSession()
        try type("<C-l>3<Enter>", into: session)
        #expect(session.panes[0].state.cursor == TextPosition(line: 2, column: 0))
        try type("<C-l>2:5<Enter>", into: session)
        #expect(session.panes[0].state.cursor == TextPosition(line: 1, column: 4))
        try type("<C-l>two<Enter>", into: session)
        #expect(session.message?.contains("Not a line number") == true)
        try type("<C-l>99<Enter>", into: session)
        #expect(session.panes[0].state.cursor.line == 3, "past the end goes to the last line")
    }
}
