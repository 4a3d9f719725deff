import Forked
import Testing
@testable import ForkedEditCore

/// F7 reloads the focused fork from the file on disk as one undoable edit.
@Suite("Reload from disk")
struct ReloadFromDiskTests {
    private func makeSession(_ text: String, writer: InMemoryDocumentWriter) throws -> EditorSession {
        try writer.write(text, toFile: "reload.txt")
        return try EditorSession(text: text, fileName: "reload.txt", columns: 80, rows: 24, writer: writer)
    }

    @Test("F7 sets the focused fork's unsaved edits aside for the file's text; Ctrl-Z brings them back")
    func reloadAndUndo() throws {
        let writer = InMemoryDocumentWriter()
        let session = try makeSession("one\ntwo\nthree\n", writer: writer)
        try session.type("<Down><End> edited<Tab>right ")
        #expect(session.paneTexts == ["one\ntwo edited\nthree\n", "right one\ntwo\nthree\n"])
        try session.type("<Tab><F7>")
        #expect(session.paneTexts == ["one\ntwo\nthree\n", "right one\ntwo\nthree\n"], "only the focused fork is reloaded")
        #expect(try session.documents()["left"] == "one\ntwo\nthree\n")
        #expect(session.message == "Reloaded left from reload.txt: ^Z brings back what it held")
        try session.type("<C-z>")
        #expect(session.paneTexts[0] == "one\ntwo edited\nthree\n")
        #expect(try session.documents()["left"] == "one\ntwo edited\nthree\n")
    }

    @Test("F7 reads the file now: a change another program made comes into main and both forks, and the focused fork becomes the file")
    func outsideChange() throws {
        let writer = InMemoryDocumentWriter()
        let session = try makeSession("alpha\nbeta\n", writer: writer)
        try session.type("<Down><End>!<Tab><Down>?")
        writer.changeOutside("reload.txt", to: "ALPHA\nbeta\ngamma\n")
        try session.type("<F7>")
        let documents = try session.documents()
        #expect(documents["main"] == "ALPHA\nbeta\ngamma\n")
        #expect(documents["left"] == "ALPHA\nbeta!\ngamma\n", "the other fork keeps its edit and takes in the outside change")
        #expect(documents["right"] == "ALPHA\nbeta\ngamma\n")
        #expect(session.paneTexts == ["ALPHA\nbeta!\ngamma\n", "ALPHA\nbeta\ngamma\n"])
    }

    @Test("F7 on a fork that holds the file, with no file, or on a missing file says so and changes nothing")
    func nothingToReload() throws {
        let writer = InMemoryDocumentWriter()
        let session = try makeSession("same\n", writer: writer)
        try session.type("<F7>")
        #expect(session.message == "left already holds reload.txt as it is on disk")
        let unnamed = try EditorSession(text: "text\n", fileName: nil, columns: 80, rows: 24, writer: writer)
        try unnamed.type("x<F7>")
        #expect(unnamed.message?.hasPrefix("Nothing to reload") == true)
        #expect(unnamed.paneTexts[0] == "xtext\n")
        let missing = try EditorSession(text: "new\n", fileName: "missing.txt", columns: 80, rows: 24, writer: writer)
        try missing.type("x<F7>")
        #expect(missing.message == "missing.txt is not on disk: nothing to reload")
        #expect(missing.paneTexts[0] == "xnew\n")
    }

    @Test("a reload journals only what differs: one edit of the changed middle, not the whole text")
    func minimalEdit() throws {
        var pane = PaneState(text: "head\nmiddle 漢字 e\u{301}\ntail\n")
        let changed = pane.replaceText(with: "head\nmiddle 字 e\u{301}!\ntail\n")
        #expect(changed)
        let taken = pane.takeLastChange()
        let edit = try #require(taken)
        #expect(edit.removedUTF8Count < 12)
        #expect(edit.inserted.utf8.count < 10)
        #expect(Array(pane.buffer.text.utf8) == Array("head\nmiddle 字 e\u{301}!\ntail\n".utf8))
        let same = pane.buffer.text
        let changedAgain = pane.replaceText(with: same)
        #expect(!changedAgain, "the same text is no edit")
        let emptied = pane.replaceText(with: "")
        #expect(emptied)
        #expect(pane.buffer.text.isEmpty)
        let undone = pane.undo()
        #expect(undone)
        #expect(Array(pane.buffer.text.utf8) == Array("head\nmiddle 字 e\u{301}!\ntail\n".utf8))
    }
}
