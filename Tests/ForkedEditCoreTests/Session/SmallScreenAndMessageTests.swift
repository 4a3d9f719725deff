import Testing
@testable import ForkedEditCore

/// The edges a new user hits first: paging at the end, a tiny terminal, long messages.
@Suite("Small screens, paging and long messages")
struct SmallScreenAndMessageTests {
    func makeSession(_ text: String, columns: Int = 80, rows: Int = 24) throws -> EditorSession {
        try EditorSession(text: text, fileName: "notes.txt", columns: columns, rows: rows, writer: InMemoryDocumentWriter())
    }

    @Test("PgDn at the end keeps the pane full down to the last line")
    func pageDownAtEnd() throws {
        let lines = (1...25).map { "line \($0)" }
        let session = try makeSession(lines.joined(separator: "\n"))
        try session.type("<PgDn><PgDn><PgDn><PgDn><PgDn>")
        let rows = session.render().plainTextRows()
        let height = session.paneTextSize.height
        // The pane's rows show the last `height` lines, the last one at the bottom.
        let shown = rows[1...height].map { String($0.prefix(while: { $0 != "│" })).trimmingCharacters(in: .whitespaces) }
        #expect(shown == Array(lines.suffix(height)))
    }

    @Test("Ctrl-Q quits a terminal too small to edit in, and the quit question can be answered there")
    func quitWhenTooSmall() throws {
        let clean = try makeSession("text")
        clean.handle(.resize(columns: 30, rows: 8))
        #expect(clean.render().plainTextRows().joined(separator: " ").contains("^Q quits"))
        try clean.type("<C-q>")
        #expect(clean.isFinished)

        let typedThenQuit = try makeSession("text")
        typedThenQuit.handle(.resize(columns: 30, rows: 8))
        try typedThenQuit.type("x<C-q>")
        #expect(try typedThenQuit.documents()["left"] == "xtext", "what was typed before ^Q is applied, not lost")
        #expect(typedThenQuit.prompt == .saveBeforeQuit)

        let edited = try makeSession("text")
        try edited.type("x")
        edited.handle(.resize(columns: 20, rows: 5))
        try edited.type("<C-q>")
        #expect(edited.prompt == .saveBeforeQuit)
        #expect(edited.render().plainTextRows().joined(separator: " ").contains("y: save"))
        try edited.type("n")
        #expect(edited.isFinished)
    }

    @Test("keys typed while the terminal is too small wait, and are applied in order once it is large enough")
    func keysWaitForAUsableSize() throws {
        let session = try makeSession("text")
        session.handle(.resize(columns: 30, rows: 8))
        try session.type("abc<BS>d<Enter>")
        #expect(try session.documents()["left"] == "text", "nothing changes unseen")
        session.handle(.resize(columns: 31, rows: 9))
        #expect(try session.documents()["left"] == "text", "still too small")
        session.handle(.resize(columns: 80, rows: 24))
        #expect(try session.documents()["left"] == "abd\ntext")
        #expect(session.panes[0].state.cursor == TextPosition(line: 1, column: 0))
    }

    @Test("a message longer than the width wraps at word boundaries, whole")
    func longMessageWraps() throws {
        let session = try makeSession("text", columns: 50, rows: 20)
        let words = (1...30).map { "word\($0)" }
        session.report(.message(words.joined(separator: " ")))
        let rows = session.render().plainTextRows()
        let shown = rows.joined(separator: "\n")
        // Every word appears whole (none cut at a row's end), in order, within the status rows.
        let shownWords = shown.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
        for word in words.prefix(12) { #expect(shownWords.contains(word), "\(word) missing:\n\(shown)") }
        #expect(rows.allSatisfy { $0.count <= 50 })
        #expect(rows.last?.contains("^S") == true, "the key hints stay on the last row")
    }

    @Test("a warning stays through typing, wrapped to the width, until Esc dismisses it")
    func warningStays() throws {
        let session = try makeSession("text", columns: 60, rows: 20)
        session.report(.warning("Edits are not kept for crash recovery: /very/long/path/to/the/.notes.txt.forked: cannot create: Permission denied"))
        try session.type("abc<Right>")
        let screen = session.render().plainTextRows().joined(separator: "\n")
        #expect(screen.contains("crash recovery"), "\(screen)")
        #expect(screen.contains("Permission denied"), "\(screen)")
        try session.type("<Esc>")
        #expect(session.warning == nil)
        #expect(!session.render().plainTextRows().joined().contains("crash recovery"))
    }

    @Test("word wrap breaks at spaces and splits only words longer than a line")
    func wordWrap() {
        #expect(WordWrap.lines("the quick brown fox", width: 10) == ["the quick", "brown fox"])
        #expect(WordWrap.lines("abcdefghijkl xy", width: 5) == ["abcde", "fghij", "kl xy"])
        #expect(WordWrap.lines("", width: 5) == [""])
    }
}
