import Testing
@testable import ForkedEditCore

@Suite("EditorSession")
struct EditorSessionTests {
    func makeSession(_ text: String = "alpha\nbeta\ngamma", file: String? = "notes.txt", writer: InMemoryDocumentWriter = InMemoryDocumentWriter()) throws -> EditorSession {
        try EditorSession(text: text, fileName: file, columns: 80, rows: 24, writer: writer)
    }

    @Test("opens with focus left, both cursors at the start, forks in sync")
    func opening() throws {
        let session = try makeSession()
        #expect(session.focusedPane == 0)
        #expect(session.panes.map(\.state.cursor) == [.start, .start])
        #expect(try session.stateDescription(ofPane: 0) == "in sync")
        #expect(!session.isModified)
    }

    @Test("each pane edits its own fork and the live merge combines them")
    func editingBothForks() throws {
        let session = try makeSession()
        try session.type("<End> one<Tab><Down><Down><End> three")
        let documents = try session.documents()
        #expect(documents["left"] == "alpha one\nbeta\ngamma")
        #expect(documents["right"] == "alpha\nbeta\ngamma three")
        #expect(documents["main"] == "alpha\nbeta\ngamma")
        #expect(session.liveMerge.text == "alpha one\nbeta\ngamma three")
        #expect(session.liveMerge.dominantPane == 1)
        #expect(try session.stateDescription(ofPane: 0) == "1 change ahead")
        #expect(session.isModified)
    }

    @Test("merge brings both forks and main to the merged text, cursors stay on their text")
    func merge() throws {
        let session = try makeSession()
        try session.type("<Down><End>!<Tab>X<F5>")
        let documents = try session.documents()
        #expect(documents["main"] == "Xalpha\nbeta!\ngamma")
        #expect(documents["left"] == documents["main"])
        #expect(documents["right"] == documents["main"])
        #expect(try session.stateDescription(ofPane: 0) == "in sync")
        #expect(try session.stateDescription(ofPane: 1) == "in sync")
        try session.type("<F5>")
        #expect(session.message == "Nothing to merge: left and right are in sync")
        // Left was after "beta!" and stays there; right was after its "X".
        #expect(session.panes[0].state.cursor == TextPosition(line: 1, column: 5))
        #expect(session.panes[1].state.cursor == TextPosition(line: 0, column: 1))
    }

    @Test("undo works per fork")
    func undoPerFork() throws {
        let session = try makeSession()
        try session.type("ab<Tab>c<Left>d<C-z>")
        #expect(try session.documents()["right"] == "calpha\nbeta\ngamma")
        try session.type("<Tab><C-z><C-z>")
        #expect(try session.documents()["left"] == "alpha\nbeta\ngamma")
        #expect(session.message == "Nothing to undo in left")
        #expect(try session.documents()["right"] == "calpha\nbeta\ngamma")
    }

    @Test("save merges and writes through the injected writer")
    func save() throws {
        let writer = InMemoryDocumentWriter()
        let session = try makeSession(writer: writer)
        try session.type("hi <Tab><End> there<C-s>")
        #expect(writer.files["notes.txt"] == "hi alpha there\nbeta\ngamma")
        #expect(!session.isModified)
        #expect(session.message?.contains("saved 3 lines") == true)
    }

    @Test("without a file name, save asks for one on the status line")
    func saveAs() throws {
        let writer = InMemoryDocumentWriter()
        let session = try makeSession(file: nil, writer: writer)
        try session.type("x<C-s>")
        #expect(session.prompt == .fileName(typed: ""))
        try session.type("out.tx<BS>xt<Enter>")
        #expect(session.prompt == nil)
        #expect(session.fileName == "out.txt")
        #expect(writer.files["out.txt"] == "xalpha\nbeta\ngamma")
    }

    @Test("a failing save is reported and leaves the document modified")
    func failingSave() throws {
        let writer = InMemoryDocumentWriter(failingPaths: ["notes.txt"])
        let session = try makeSession(writer: writer)
        try session.type("x<C-s>")
        #expect(session.message?.contains("Could not save notes.txt") == true)
        #expect(session.isModified)
    }

    @Test("quit asks when modified: Esc stays, n quits, y saves and quits")
    func quitFlow() throws {
        let unmodified = try makeSession()
        try unmodified.type("<C-q>")
        #expect(unmodified.isFinished)

        let writer = InMemoryDocumentWriter()
        let session = try makeSession(writer: writer)
        try session.type("x<C-q>")
        #expect(session.prompt == .saveBeforeQuit)
        try session.type("<Esc>")
        #expect(session.prompt == nil && !session.isFinished)
        try session.type("<C-q>q")
        #expect(session.prompt == .saveBeforeQuit)
        try session.type("y")
        #expect(session.isFinished)
        #expect(writer.files["notes.txt"] == "xalpha\nbeta\ngamma")

        let discarding = try makeSession(writer: writer)
        try discarding.type("z<C-q>n")
        #expect(discarding.isFinished)
        #expect(writer.files["notes.txt"] == "xalpha\nbeta\ngamma")
    }

    @Test("help closes on any key without that key editing")
    func help() throws {
        let session = try makeSession()
        try session.type("<F1>")
        #expect(session.showsHelp)
        try session.type("x")
        #expect(!session.showsHelp)
        #expect(try session.documents()["left"] == "alpha\nbeta\ngamma")
    }

    @Test("F2 switches the lower view to the common ancestor and back")
    func ancestorView() throws {
        let session = try makeSession()
        try session.type("new <F2>")
        #expect(session.render().plainTextRows()[12].hasPrefix("alpha"))
        try session.type("<F2>")
        #expect(session.render().plainTextRows()[12].hasPrefix("new alpha"))
    }

    @Test("fork names must be two distinct names other than main")
    func forkNames() {
        #expect(throws: EditorSessionError.self) {
            try EditorSession(text: "", fileName: nil, forkNames: ["a", "a"], columns: 80, rows: 24, writer: InMemoryDocumentWriter())
        }
        #expect(throws: EditorSessionError.self) {
            try EditorSession(text: "", fileName: nil, forkNames: ["main", "b"], columns: 80, rows: 24, writer: InMemoryDocumentWriter())
        }
    }

    @Test("Windows line breaks are edited as single breaks and saved back as CRLF")
    func crlf() throws {
        let writer = InMemoryDocumentWriter()
        let session = try makeSession("one\r\ntwo", writer: writer)
        #expect(session.panes[0].state.buffer.lineCount == 2)
        try session.type("<Down>2<C-s>")
        #expect(writer.files["notes.txt"] == "one\r\n2two")
    }

    @Test("resizing re-lays out, too small shows a message, enlarging recovers")
    func resize() throws {
        let session = try makeSession()
        session.handle(.resize(columns: 30, rows: 10))
        #expect(session.render().plainTextRows().joined().contains("Terminal too small"))
        try session.type("waited")
        session.handle(.resize(columns: 50, rows: 14))
        try session.type("k")
        let rows = session.render().plainTextRows()
        #expect(rows[1].hasPrefix("waitedkalpha"), "keys typed while too small are applied once it is large enough")
        #expect(rows.count == 14)
    }

    @Test("the live merge view colours text by the fork it came from")
    func mergeColours() throws {
        let session = try makeSession()
        try session.type("L<Tab><Down>R")
        let grid = session.render()
        guard case .regular(let regions) = EditorLayout(columns: 80, rows: 24) else {
            Issue.record("expected a regular layout")
            return
        }
        let top = regions.lowerText.row
        #expect(grid.plainTextRows()[top] == "Lalpha")
        #expect(grid.plainTextRows()[top + 1] == "Rbeta")
        #expect(grid[top, 0].style == ScreenRenderer.style(for: .leftFork))
        #expect(grid[top, 1].style == ScreenRenderer.style(for: .leftFork), "the L changed the word: all of it is coloured")
        #expect(grid[top + 1, 0].style == ScreenRenderer.style(for: .rightFork))
        #expect(session.screenContent().lower.summary == "left +1 -0  right +1 -0")
    }
}
