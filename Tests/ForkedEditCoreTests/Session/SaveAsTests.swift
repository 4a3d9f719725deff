import Testing
@testable import ForkedEditCore

/// Save As where the name is wrong: a clear message, and the name can be fixed.
@Suite("Save As")
struct SaveAsTests {

    @Test("a name in a missing directory is refused clearly, does not stick, and Ctrl-S asks again")
    func missingDirectory() throws {
        let writer = InMemoryDocumentWriter(missingDirectories: ["/nowhere"])
        let session = try EditorSession(text: "text", fileName: nil, columns: 80, rows: 24, writer: writer)
        try session.type("x<C-s>/nowhere/notes.txt<Enter>")
        #expect(session.message?.contains("/nowhere does not exist") == true, "\(session.message ?? "")")
        #expect(session.fileName == nil)
        try session.type("<C-s>")
        #expect(session.prompt == .fileName(typed: ""))
        try session.type("/tmp/notes.txt<Enter>")
        #expect(writer.files["/tmp/notes.txt"] == "xtext")
    }

    @Test("Ctrl-O asks for a name starting from the current one and saves there; the new name sticks")
    func saveAsKey() throws {
        let writer = InMemoryDocumentWriter()
        try writer.write("text", toFile: "notes.txt")
        let session = try EditorSession(text: "text", fileName: "notes.txt", columns: 80, rows: 24, writer: writer)
        try session.type("x<C-o>")
        #expect(session.prompt == .fileName(typed: "notes.txt"))
        try session.type("<Home>copy-of-<Enter>")
        #expect(writer.files["copy-of-notes.txt"] == "xtext")
        #expect(writer.files["notes.txt"] == "text", "the old file is left as it was")
        #expect(session.fileName == "copy-of-notes.txt")
        try session.type("y<C-s>")
        #expect(writer.files["copy-of-notes.txt"] == "xytext")
        try session.type("<C-o><Esc>")
        #expect(session.message == "Save cancelled")
    }

    @Test("~ is the home directory")
    func tilde() throws {
        let writer = InMemoryDocumentWriter(homeDirectory: "/home/ada")
        let session = try EditorSession(text: "text", fileName: nil, columns: 80, rows: 24, writer: writer)
        try session.type("<C-s>~/notes.txt<Enter>")
        #expect(writer.files["/home/ada/notes.txt"] == "text")
        #expect(session.fileName == "/home/ada/notes.txt")
    }

    @Test("Left, Right, Home, End, Backspace and Delete edit the typed name")
    func editingTheName() throws {
        let writer = InMemoryDocumentWriter()
        let session = try EditorSession(text: "text", fileName: nil, columns: 80, rows: 24, writer: writer)
        try session.type("<C-s>note.txt<Left><Left><Left><Left>s<Home>my-<End><BS>d<Left><Del>")
        #expect(session.prompt == .fileName(typed: "my-notes.tx"))
        try session.type("<Enter>")
        #expect(writer.files["my-notes.tx"] == "text")
    }
}
