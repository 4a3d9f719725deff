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
        session.report(.message(String(repeating: "m", count: 25)))
        let row = statusRow(session)
        #expect(row.contains(String(repeating: "m", count: 25)), "\(row)")
        #expect(!row.contains("Ln "), "\(row)")
    }

    @Test("a standing state (a sync server offline) stays through keys that clear messages, until its owner clears it")
    func standingNoticeOutlivesKeys() throws {
        let session = try EditorSession(text: "one\n", fileName: "notes.txt", columns: 100, rows: 24,
                                        writer: InMemoryDocumentWriter())
        #expect(session.report(.standing("Sync: offline since 10:42:07")))
        session.report(.message("Saved"))
        #expect(statusRow(session).contains("Saved  Sync: offline since 10:42:07"), "\(statusRow(session))")
        try session.type("x<Right><Esc>")
        #expect(session.message == nil)
        #expect(statusRow(session).contains("Sync: offline since 10:42:07"), "\(statusRow(session))")
        #expect(session.report(.standing(nil)))
        #expect(!session.report(.standing(nil)), "reporting what is shown changes nothing")
        #expect(!statusRow(session).contains("Sync"), "\(statusRow(session))")
    }

    @Test("a fork's pane title shows the app's words for it instead of its state against main")
    func forkStateNotes() throws {
        let session = try EditorSession(text: "one\n", fileName: "notes.txt", columns: 100, rows: 24,
                                        writer: InMemoryDocumentWriter())
        try session.type("<Tab>x")
        #expect(try session.stateDescription(ofPane: 1) == "1 change ahead")
        #expect(session.report(.forkState(fork: "right", note: "offline since 10:42:07")))
        #expect(try session.stateDescription(ofPane: 1) == "offline since 10:42:07")
        #expect(session.render().plainTextRows()[0].contains("right · offline since 10:42:07"))
        #expect(try session.stateDescription(ofPane: 0) == "in sync", "other panes keep their state")
    }

    @Test("the merge key's message says where main goes next, knowing whether the merge changed main")
    func mainPublishingNote() throws {
        let session = try EditorSession(text: "one\n", fileName: "notes.txt", columns: 100, rows: 24,
                                        writer: InMemoryDocumentWriter())
        var asked: [Bool] = []
        session.report(.mainPublishing { changed in
            asked.append(changed)
            return changed ? "publishing to the server" : "the server has it too"
        })
        try session.type("x<F5>")
        #expect(session.message == "Merged left and right through main; publishing to the server")
        // Without an observer, a merge known to change nothing is not run; the note still says where main is.
        try session.type("<F5>")
        #expect(session.message == "Nothing to merge: left and right are in sync; the server has it too")
        #expect(asked == [true, false])
    }
}

@Suite("Status reports")
struct StatusReportTests {
    @Test("a message after the current one keeps both; a warning stays through keys; a read-only document refuses edits with its reason")
    func reports() throws {
        let session = try EditorSession(text: "one\n", fileName: "notes.txt", columns: 100, rows: 24,
                                        writer: InMemoryDocumentWriter())
        #expect(session.report(.messageAfterCurrent("first")))
        #expect(session.report(.messageAfterCurrent("second")))
        #expect(session.message == "first  second")
        #expect(session.report(.warning("edits are not kept")))
        try session.type("<Right>")
        #expect(session.message == nil)
        #expect(session.warning == "edits are not kept")
        #expect(session.report(.documentReadOnly(reason: "shared with this login read-only")))
        try session.type("x")
        #expect(session.paneTexts == ["one\n", "one\n"])
        #expect(session.message == "shared with this login read-only")
        #expect(session.report(.documentReadOnly(reason: nil)))
        try session.type("x")
        #expect(session.paneTexts[0] == "oxne\n")
    }
}
