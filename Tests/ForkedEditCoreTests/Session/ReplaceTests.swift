import Testing
@testable import ForkedEditCore

@Suite("Replace")
struct ReplaceTests {
    func makeSession(_ text: String = "the cat sat\non the mat\nwith the hat\n") throws -> EditorSession {
        try EditorSession(text: text, fileName: "notes.txt", columns: 80, rows: 24, writer: InMemoryDocumentWriter())
    }

    @Test("^R replaces every match in the pane as one edit: one ^Z undoes them all, the fork holds the result")
    func replaceEverywhere() throws {
        let session = try makeSession()
        try session.type("<C-r>the<Enter>a<Enter>")
        #expect(session.paneTexts[0] == "a cat sat\non a mat\nwith a hat\n")
        #expect(session.message == "Replaced 3 matches of \"the\": ^Z undoes them all")
        #expect(try session.documents()["left"] == "a cat sat\non a mat\nwith a hat\n")
        #expect(session.paneTexts[1] == "the cat sat\non the mat\nwith the hat\n", "the other fork is untouched")
        try session.type("<C-z>")
        #expect(session.paneTexts[0] == "the cat sat\non the mat\nwith the hat\n")
        try session.type("<C-y>")
        #expect(session.paneTexts[0] == "a cat sat\non a mat\nwith a hat\n")
    }

    @Test("with a selection, only matches inside it are replaced; whole characters only")
    func replaceInSelection() throws {
        let session = try makeSession("aa aa\naa aa\n")
        try session.type("<Down><S-Right><S-Right><S-Right><C-r>aa<Enter>b<Enter>")
        #expect(session.paneTexts[0] == "aa aa\nb aa\n")
        let accents = try makeSession("cafe\u{301} cafe\n")
        try accents.type("<C-r>e<Enter>E<Enter>")
        #expect(accents.paneTexts[0] == "cafe\u{301} cafE\n", "the e inside é is not a match")
    }

    @Test("nothing to replace, Esc, an empty query and a read-only pane are each said plainly")
    func refusals() throws {
        let session = try makeSession()
        try session.type("<C-r>dog<Enter>cat<Enter>")
        #expect(session.message == "\"dog\" is not in left")
        try session.type("<C-r>the<Esc>")
        #expect(session.prompt == nil)
        try session.type("<C-r><Enter>")
        #expect(session.prompt == nil)
        #expect(session.paneTexts[0] == "the cat sat\non the mat\nwith the hat\n")
        let screen = try makeSession()
        try screen.type("<C-r>the<Enter>")
        #expect(screen.render().plainTextRows().contains { $0.contains("Replace \"the\" with:") })
    }
}
