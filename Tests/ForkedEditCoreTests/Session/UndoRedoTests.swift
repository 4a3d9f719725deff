import Testing
@testable import ForkedEditCore

/// Undo as a user of other editors expects it: by word, with redo, across merges.
@Suite("Undo and redo")
struct UndoRedoTests {
    func makeSession(_ text: String = "alpha\nbeta\ngamma\n") throws -> EditorSession {
        try EditorSession(text: text, fileName: "notes.txt", columns: 80, rows: 24, writer: InMemoryDocumentWriter())
    }

    func type(_ notation: String, into session: EditorSession) throws {
        // Typed one key at a time, as a terminal delivers slow typing.
        for key in try KeyNotation.parse(notation) {
            if case .text(let text) = key {
                for character in text { session.handle(.key(.text(String(character)))) }
            } else {
                session.handle(.key(key))
            }
        }
    }

    func left(_ session: EditorSession) throws -> String { try session.documents()["left"] ?? "" }

    @Test("typing undoes a word at a time, and redo makes it again")
    func wordsAndRedo() throws {
        let session = try makeSession()
        try type("hello world ", into: session)
        try type("<C-z>", into: session)
        #expect(try left(session) == "hello alpha\nbeta\ngamma\n")
        try type("<C-z>", into: session)
        #expect(try left(session) == "alpha\nbeta\ngamma\n")
        #expect(try session.stateDescription(ofPane: 0) == "in sync", "undone to main's text: nothing ahead")
        try type("<C-y><C-y>", into: session)
        #expect(try left(session) == "hello world alpha\nbeta\ngamma\n")
        try type("<C-y>", into: session)
        #expect(session.message == "Nothing to redo in left")
    }

    @Test("a paste is one edit, whatever its size")
    func pasteIsOneEdit() throws {
        let session = try makeSession()
        let big = String(repeating: "pasted line\twith a tab\n", count: 2_200)
        session.handle(.key(.paste(big)))
        #expect(session.panes[0].state.history.count == 1)
        try type("<C-z>", into: session)
        #expect(try left(session) == "alpha\nbeta\ngamma\n")
    }

    @Test("a merge keeps the undo history: undo takes back this fork's own edit, not the other fork's")
    func undoAcrossMerge() throws {
        let session = try makeSession()
        try type("<Down><Down><End> three<Tab>one <F5>", into: session)
        #expect(try left(session) == "one alpha\nbeta\ngamma three\n")
        try type("<C-z>", into: session)
        #expect(session.message != "Nothing to undo in right")
        #expect(try session.documents()["right"] == "alpha\nbeta\ngamma three\n")
        // A word and the space before it are two steps: the space closed the previous group.
        try type("<Tab><C-z>", into: session)
        #expect(try left(session) == "one alpha\nbeta\ngamma \n")
        try type("<C-z>", into: session)
        #expect(try left(session) == "one alpha\nbeta\ngamma\n")
    }

    @Test("line hunks locate changed lines in UTF-8 offsets")
    func lineHunks() {
        #expect(LineHunks.between(["a", "b", "c"], ["a", "B!", "c"]) == [TextHunk(range: 2..<4, newLength: 3)])
        #expect(LineHunks.between(["a", "c"], ["a", "b", "c"]) == [TextHunk(range: 2..<2, newLength: 2)])
        #expect(LineHunks.between(["x"], ["x"]).isEmpty)
    }
}
