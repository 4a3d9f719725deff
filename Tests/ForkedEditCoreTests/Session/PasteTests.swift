import Testing
@testable import ForkedEditCore

/// A paste is text: one edit in the focused fork, tabs and line breaks included.
@Suite("Paste and literal tabs")
struct PasteTests {
    func makeSession() throws -> EditorSession {
        try EditorSession(text: "start\n", fileName: "notes.txt", columns: 80, rows: 24, writer: InMemoryDocumentWriter())
    }

    @Test("a pasted text with tabs and line breaks lands whole in the focused fork, as one undoable edit")
    func pasteWithTabs() throws {
        let session = try makeSession()
        session.handle(.key(.paste("a\tb\r\nc\td\n")))
        #expect(session.focusedPane == 0, "a tab inside a paste does not switch panes")
        #expect(try session.documents()["left"] == "a\tb\nc\td\nstart\n")
        #expect(try session.documents()["right"] == "start\n")
        session.handle(.key(.control("z")))
        #expect(try session.documents()["left"] == "start\n", "one undo removes the whole paste")
    }

    @Test("Ctrl-V Tab types a tab; Tab alone still switches panes")
    func literalTab() throws {
        let session = try makeSession()
        for key in try KeyNotation.parse("<C-v><Tab>x<Tab>y") { session.handle(.key(key)) }
        #expect(try session.documents()["left"] == "\txstart\n")
        #expect(try session.documents()["right"] == "ystart\n")
    }

    @Test("pastes are written and read back in key notation, '<' included")
    func notation() throws {
        let keys: [Key] = [.text("a"), .paste("x\t<y>\nz"), .tab]
        let notation = KeyNotation.format(keys)
        #expect(notation == "a<Paste>x\t<lt>y>\nz</Paste><Tab>")
        #expect(try KeyNotation.parse(notation) == keys)
        #expect(throws: KeyNotationError.self) { try KeyNotation.parse("<Paste>never ends") }
    }
}
