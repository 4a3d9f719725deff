import Testing
@testable import ForkedEditCore

/// Save As where the name is wrong: a clear message, and the name can be fixed.
@Suite("Save As")
struct SaveAsTests {
    func type(_ notation: String, into session: EditorSession) throws {
        for key in try KeyNotation.parse(notation) { session.handle(.key(key)) }
    }

    @Test("a name in a missing directory is refused clearly, does not stick, and Ctrl-S asks again")
    func missingDirectory() throws {
        let writer = InMemoryDocumentWriter(missingDirectories: ["/nowhere"])
        let session = try EditorSession(text: "text", fileName: nil, columns: 80, rows: 24, writer: writer)
        try type("x<C-s>/nowhere/notes.txt<Enter>", into: session)
        #expect(session.message?.contains("/nowhere does not exist") == true, "\(session.message ?? "")")
        #expect(session.fileName == nil)
        try type("<C-s>", into: session)
        #expect(session.prompt == .fileName(typed: ""))
        try type("/tmp/notes.txt<Enter>", into: session)
        #expect(writer.files["/tmp/notes.txt"] == "xtext")
    }

    @Test("Ctrl-O asks for a name starting from the current one and saves there; the new name sticks")
    func saveAsKey() throws {
        let writer = InMemoryDocumentWriter()
        try writer.write("text", toFile: "notes.txt")
        let session = try EditorSession(text: "text", fileName: "notes.txt", columns: 80, rows: 24, writer: writer)
        try type("x<C-o>", into: session)
        #expect(session.prompt == .fileName(typed: "notes.txt"))
        try type("<Home>copy-of-<Enter>", into: session)
        #expect(writer.files["copy-of-notes.txt"] == "xtext")
        #expect(writer.files["notes.txt"] == "text", "the old file is left as it was")
        #expect(session.fileName == "copy-of-notes.txt")
        try type("y<C-s>", into: session)
        #expect(writer.files["copy-of-notes.txt"] == "xytext")
        try type("<C-o><Esc>", into: session)
        #expect(session.message == "Save cancelled")
    }

    @Test("~ is the home directory")
    func tilde() throws {
        let writer = InMemoryDocumentWriter(homeDirectory: "/home/ada")
        let session = try EditorSession(text: "text", fileName: nil, columns: 80, rows: 24, writer: writer)
        try type("<C-s>~/notes.txt<Enter>", into: session)
        #expect(writer.files["/home/ada/notes.txt"] == "text")
        #expect(session.fileName == "/home/ada/notes.txt")
    }

    @Test("Left, Right, Home, End, Backspace and Delete edit the typed name")
    func editingTheName() throws {
        let writer = InMemoryDocumentWriter()
        let session = try EditorSession(text: "text", fileName: nil, columns: 80, rows: 24, writer: writer)
        try type("<C-s>note.txt<Left><Left><Left><Left>s<Home>my-<End><BS>d<Left><Del>", into: session)
        #expect(session.prompt == .fileName(typed: "my-notes.tx"))
        try type("<Enter>", into: session)
        #expect(writer.files["my-notes.tx"] == "text")
    }
}
