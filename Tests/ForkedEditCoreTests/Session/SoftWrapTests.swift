import Testing
@testable import ForkedEditCore

@Suite("Soft wrap")
struct SoftWrapTests {

    /// The left pane's text rows (up to the divider), trailing spaces dropped.
    func leftRows(_ session: EditorSession, count: Int = 4) -> [String] {
        session.render().plainTextRows().dropFirst().prefix(count).map { row in
            let left = row.split(separator: "│", omittingEmptySubsequences: false).first ?? ""
            return String(left.reversed().drop { $0 == " " }.reversed())
        }
    }

    @Test("F6 wraps long lines at the pane's width; the cursor at a line's end sits on its last row")
    func wraps() throws {
        let line = "the quick brown fox jumps over the lazy dog"
        let session = try EditorSession(text: line + "\nnext\n", fileName: nil, columns: 41, rows: 16, writer: InMemoryDocumentWriter())
        #expect(leftRows(session)[0] == "the quick brown fox>", "without wrap the line is cut at the pane's edge, marked")
        #expect(leftRows(session)[1] == "next")
        try session.type("<F6>")
        #expect(session.message?.hasPrefix("Soft wrap on") == true)
        #expect(leftRows(session) == ["the quick brown fox", "jumps over the lazy", "dog", "next"])
        try session.type("<End>")
        let cursor = try #require(session.render().cursor)
        #expect(cursor.row == 3 && cursor.column == 3, "\(cursor)")
        try session.type("<F6>")
        #expect(session.message == "Soft wrap off")
    }

    @Test("with wrap on, moving down through long lines scrolls so the cursor stays visible")
    func scrolls() throws {
        let long = String(repeating: "word ", count: 12)
        let text = (0..<10).map { "\($0) \(long)" }.joined(separator: "\n") + "\n"
        let session = try EditorSession(text: text, fileName: nil, columns: 41, rows: 16, writer: InMemoryDocumentWriter())
        try session.type("<F6>")
        // Each line takes 4 rows of the 20-column pane, and Down moves by rows.
        for _ in 0..<24 { try session.type("<Down>") }
        #expect(session.panes[0].state.cursor.line == 6)
        #expect(session.panes[0].state.topLine > 0)
        let cursor = try #require(session.render().cursor, "the cursor is on screen")
        #expect(cursor.column == 0)
        let rows = leftRows(session, count: 8)
        #expect(rows[cursor.row - 1].hasPrefix("6 word"), "\(rows), cursor \(cursor)")
    }

    @Test("with wrap on, Up and Down move by screen rows, keeping the column within the row")
    func movesByRows() throws {
        let line = "the quick brown fox jumps over the lazy dog"
        let session = try EditorSession(text: line + "\nnext\n", fileName: nil, columns: 41, rows: 16, writer: InMemoryDocumentWriter())
        try session.type("<F6><Right><Right><Down>")
        // The pane is 20 columns wide.
        #expect(session.panes[0].state.cursor == TextPosition(line: 0, column: 22), "the second row of the same line")
        try session.type("<Down>")
        #expect(session.panes[0].state.cursor == TextPosition(line: 0, column: 42), "the third row, at its column")
        try session.type("<Down>")
        #expect(session.panes[0].state.cursor == TextPosition(line: 1, column: 2), "the next line")
        try session.type("<Up><Up>")
        #expect(session.panes[0].state.cursor == TextPosition(line: 0, column: 22))
        try session.type("<F6><Down>")
        #expect(session.panes[0].state.cursor.line == 1, "without wrap, Down goes to the next line")
    }

    @Test("wrap breaks between words: a word that does not fit the row moves whole to the next")
    func wrapsAtWords() throws {
        // The pane is 20 columns wide; "text" would straddle column 20.
        let line = "a little longer text that wraps"
        let session = try EditorSession(text: line + "\n", fileName: nil, columns: 41, rows: 16, writer: InMemoryDocumentWriter())
        try session.type("<F6>")
        #expect(leftRows(session, count: 2) == ["a little longer", "text that wraps"])
        // The cursor on "t" of "text" is at the second row's start, and Up goes to the first row.
        try session.type("<C-Right><C-Right><C-Right><Right>")
        #expect(session.panes[0].state.cursor == TextPosition(line: 0, column: 16))
        let cursor = try #require(session.render().cursor)
        #expect(cursor.row == 2 && cursor.column == 0, "\(cursor)")
        try session.type("<Up>")
        #expect(session.panes[0].state.cursor == TextPosition(line: 0, column: 0))
        try session.type("<End><Up>")
        #expect(session.panes[0].state.cursor.column == 15, "past the first row's end: its last column")
    }

    @Test("without wrap, a line cut at the pane's edge ends in '>'; a line that fits does not")
    func continuationMarker() throws {
        let session = try EditorSession(text: "a line far longer than the twenty columns\nshort\n猫猫猫猫猫猫猫猫猫猫猫猫\n",
                                        fileName: nil, columns: 41, rows: 16, writer: InMemoryDocumentWriter())
        let rows = leftRows(session, count: 3)
        #expect(rows[0] == "a line far longer t>", "\(rows)")
        #expect(rows[1] == "short")
        #expect(rows[2].hasSuffix(">") && !rows[2].hasPrefix(">"), "a wide character cut by the mark is blanked: \(rows)")
    }
}
