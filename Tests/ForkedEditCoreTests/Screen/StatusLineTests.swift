import Testing
@testable import ForkedEditCore

/// The status line tells where the cursor is, as editors do.
@Suite("Status line")
struct StatusLineTests {
    private func statusRow(_ session: EditorSession) -> String {
        let rows = session.render().plainTextRows()
        return rows[rows.count - 2]
    }

    @Test("the focused pane's line and column, counted from 1, follow the cursor and the focus")
    func cursorPosition() throws {
        let session = try EditorSession(text: "one\ntwo\nthree", fileName: "notes.txt", columns: 80, rows: 24,
                                        writer: InMemoryDocumentWriter())
        #expect(statusRow(session).hasSuffix("Ln 1, Col 1"), "\(statusRow(session))")
        for key in try KeyNotation.parse("<Down><Down><End>") { session.handle(.key(key)) }
        #expect(statusRow(session).hasSuffix("Ln 3, Col 6"), "\(statusRow(session))")
        #expect(statusRow(session).hasPrefix(" notes.txt"))
        session.handle(.key(.tab))
        #expect(statusRow(session).hasSuffix("Ln 1, Col 1"), "the other pane's cursor: \(statusRow(session))")
    }

    @Test("a message that needs the room keeps it: the position is left out, never written over it")
    func messageKeepsRoom() throws {
        let session = try EditorSession(text: "x", fileName: "notes.txt", columns: 40, rows: 12,
                                        writer: InMemoryDocumentWriter())
        session.message = String(repeating: "m", count: 25)
        let row = statusRow(session)
        #expect(row.contains(String(repeating: "m", count: 25)), "\(row)")
        #expect(!row.contains("Ln "), "\(row)")
    }
}
