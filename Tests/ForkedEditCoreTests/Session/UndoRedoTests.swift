import Testing
@testable import ForkedEditCore

/// Undo as a user of other editors expects it: by word, with redo, across merges.
@Suite("Undo and redo")
struct UndoRedoTests {
    func makeSession(_ text: String = "alpha\nbeta\ngamma\n") throws -> EditorSession {
        try EditorSession(text: text, fileName: "notes.txt", columns: 80, rows: 24, writer: InMemoryDocumentWriter())
    }

    func left(_ session: EditorSession) throws -> String { try session.documents()["left"] ?? "" }

    @Test("typing undoes a word at a time, and redo makes it again")
    func wordsAndRedo() throws {
        let session = try makeSession()
        try session.type("hello world ", slowly: true)
        try session.type("<C-z>", slowly: true)
        #expect(try left(session) == "hello alpha\nbeta\ngamma\n")
        try session.type("<C-z>", slowly: true)
        #expect(try left(session) == "alpha\nbeta\ngamma\n")
        #expect(try session.stateDescription(ofPane: 0) == "in sync", "undone to main's text: nothing ahead")
        try session.type("<C-y><C-y>", slowly: true)
        #expect(try left(session) == "hello world alpha\nbeta\ngamma\n")
        try session.type("<C-y>", slowly: true)
        #expect(session.message == "Nothing to redo in left")
    }

    @Test("a paste is one edit, whatever its size")
    func pasteIsOneEdit() throws {
        let session = try makeSession()
        let big = String(repeating: "pasted line\twith a tab\n", count: 2_200)
        session.handle(.key(.paste(big)))
        #expect(session.panes[0].state.history.count == 1)
        try session.type("<C-z>", slowly: true)
        #expect(try left(session) == "alpha\nbeta\ngamma\n")
    }

    @Test("a merge keeps the undo history: undo takes back this fork's own edit, not the other fork's")
    func undoAcrossMerge() throws {
        let session = try makeSession()
        try session.type("<Down><Down><End> three<Tab>one <F5>", slowly: true)
        #expect(try left(session) == "one alpha\nbeta\ngamma three\n")
        try session.type("<C-z>", slowly: true)
        #expect(session.message != "Nothing to undo in right")
        #expect(try session.documents()["right"] == "alpha\nbeta\ngamma three\n")
        // A word and the space before it are two steps: the space closed the previous group.
        try session.type("<Tab><C-z>", slowly: true)
        #expect(try left(session) == "one alpha\nbeta\ngamma \n")
        try session.type("<C-z>", slowly: true)
        #expect(try left(session) == "one alpha\nbeta\ngamma\n")
    }

    @Test("a merge that changed the same line keeps this fork's edits on it undoable")
    func undoAcrossMergeOnTheSameLine() throws {
        let session = try makeSession("the plum cake\nsecond line\n")
        try session.type("<End> and tea<Tab><End> too<F5>", slowly: true)
        #expect(try left(session) == "the plum cake too and tea\nsecond line\n")
        // " too" was typed as two steps, the space and the word.
        try session.type("<C-z>", slowly: true)
        #expect(session.message != "Nothing to undo in right")
        try session.type("<C-z>", slowly: true)
        let documents = try session.documents()
        #expect(documents["right"] == "the plum cake and tea\nsecond line\n", "\(documents)")
        try session.type("<Tab><C-z><C-z><C-z>", slowly: true)
        let leftText = try left(session)
        #expect(leftText == "the plum cake too\nsecond line\n", "\(session.message)")
    }

    @Test("hunks within changed lines stop at words, so an edit beside a merged change stays undoable")
    func wordHunks() {
        let old = "the plum cake and tea\nsecond\n"
        let new = "the plum cake too and tea\nsecond\n"
        let hunks = LineHunks.between(old, new)
        #expect(hunks.count == 1)
        #expect(hunks.allSatisfy { $0.range.isEmpty && $0.newLength == 4 && (13...14).contains($0.range.lowerBound) })
        // Two changes on one line are two hunks; the text between them is not touched.
        let twice = LineHunks.between("a b c d e\n", "A b c d E\n")
        #expect(twice == [TextHunk(range: 0..<1, newLength: 1), TextHunk(range: 8..<9, newLength: 1)])
    }

    @Test("line hunks locate changed lines in UTF-8 offsets")
    func lineHunks() {
        #expect(LineHunks.between(["a", "b", "c"], ["a", "B!", "c"]) == [TextHunk(range: 2..<4, newLength: 3)])
        #expect(LineHunks.between(["a", "c"], ["a", "b", "c"]) == [TextHunk(range: 2..<2, newLength: 2)])
        #expect(LineHunks.between(["x"], ["x"]).isEmpty)
    }
}
