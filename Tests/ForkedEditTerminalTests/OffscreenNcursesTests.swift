import CNcurses
import ForkedEditCore
import Testing
@testable import ForkedEditTerminal

/// The real ncurses backend, running without a terminal: what it draws is read back from
/// ncurses' own picture of the screen. ncurses has one screen per process, hence `.serialized`.
@Suite("ncurses backend, off-screen", .serialized)
struct OffscreenNcursesTests {
    private func grid(_ lines: [String], columns: Int, rows: Int, style: CellStyle = .plain) -> CellGrid {
        var grid = CellGrid(columns: columns, rows: rows)
        for (row, line) in lines.enumerated() {
            var column = 0
            for character in line {
                let width = DisplayWidth.columns(of: character)
                grid[row, column] = Cell(character: character, width: width, style: style)
                if width == 2 { grid[row, column + 1] = Cell(character: " ", width: 0, style: style) }
                column += width
            }
        }
        return grid
    }

    @Test("Starts at the requested size and shuts down more than once without harm")
    func lifecycle() throws {
        let terminal = try NcursesTerminal.offscreen(columns: 40, rows: 12)
        #expect(terminal.size == (40, 12))
        terminal.shutdown()
        terminal.shutdown()
        #expect(throws: TerminalSessionError.shutDown) { try terminal.draw(CellGrid(columns: 40, rows: 12)) }
    }

    @Test("Only one ncurses screen can run at a time")
    func oneScreenAtATime() throws {
        let terminal = try NcursesTerminal.offscreen(columns: 20, rows: 5)
        defer { terminal.shutdown() }
        #expect(throws: TerminalStartupError.alreadyActive) { try NcursesTerminal.offscreen(columns: 20, rows: 5) }
    }

    @Test("Draws text, wide characters and combining marks where the grid puts them")
    func drawsText() throws {
        let terminal = try NcursesTerminal.offscreen(columns: 30, rows: 4)
        defer { terminal.shutdown() }
        let lines = ["hello, world", "世界 and e\u{301}", "", "bottom line"]
        try terminal.draw(grid(lines, columns: 30, rows: 4))
        #expect((0..<4).map(terminal.renderedRow) == lines)
        #expect(terminal.renderedCell(row: 1, column: 5)?.text == "a")
    }

    @Test("Colours and attributes reach the screen")
    func drawsStyles() throws {
        let terminal = try NcursesTerminal.offscreen(columns: 20, rows: 3)
        defer { terminal.shutdown() }
        let warning = CellStyle(foreground: .yellow, background: .blue, bold: true, underline: true)
        var screen = grid(["plain"], columns: 20, rows: 3)
        screen[1, 0] = Cell(character: "!", style: warning)
        screen[2, 0] = Cell(character: "r", style: CellStyle(reverse: true))
        try terminal.draw(screen)
        #expect(terminal.renderedCell(row: 0, column: 0) == RenderedCell(text: "p", style: .plain))
        #expect(terminal.renderedCell(row: 1, column: 0) == RenderedCell(text: "!", style: warning))
        #expect(terminal.renderedCell(row: 2, column: 0)?.style == CellStyle(reverse: true))
    }

    @Test("Redraws only what changed, including a wide character replaced by narrow ones")
    func redrawsChanges() throws {
        let terminal = try NcursesTerminal.offscreen(columns: 12, rows: 2)
        defer { terminal.shutdown() }
        try terminal.draw(grid(["世界 one", "two"], columns: 12, rows: 2))
        try terminal.draw(grid(["ab界 one", "twice"], columns: 12, rows: 2))
        #expect(terminal.renderedRow(0) == "ab界 one")
        #expect(terminal.renderedRow(1) == "twice")
        try terminal.draw(grid(["x", ""], columns: 12, rows: 2))
        #expect(terminal.renderedRow(0) == "x")
        #expect(terminal.renderedRow(1) == "")
    }

    @Test("A grid that splits a wide character still draws consistently")
    func malformedWideCharacters() throws {
        let terminal = try NcursesTerminal.offscreen(columns: 10, rows: 1)
        defer { terminal.shutdown() }
        try terminal.draw(grid(["世界xy"], columns: 10, rows: 1))
        var broken = grid(["世界xy"], columns: 10, rows: 1)
        broken[0, 0] = Cell(character: "a")      // The continuation at column 1 is now an orphan.
        broken[0, 3] = Cell(character: "b")      // 界 at column 2 lost its continuation.
        // The grid itself blanks the other half of a wide character written over.
        try terminal.draw(broken)
        #expect(terminal.renderedRow(0) == "a  bxy")
        // Drawn from scratch, the same grid looks the same.
        terminal.invalidate()
        try terminal.draw(broken)
        #expect(terminal.renderedRow(0) == "a  bxy")
    }

    @Test("The bottom-right cell is drawn too")
    func bottomRightCorner() throws {
        let terminal = try NcursesTerminal.offscreen(columns: 5, rows: 2)
        defer { terminal.shutdown() }
        try terminal.draw(grid(["", "abcde"], columns: 5, rows: 2))
        #expect(terminal.renderedRow(1) == "abcde")
    }

    @Test("A wide character in the last column is replaced rather than cut in half")
    func wideCharacterAtTheEdge() throws {
        let terminal = try NcursesTerminal.offscreen(columns: 4, rows: 1)
        defer { terminal.shutdown() }
        var screen = grid(["abc"], columns: 4, rows: 1)
        screen[0, 3] = Cell(character: "世", width: 2)
        try terminal.draw(screen)
        #expect(terminal.renderedRow(0) == "abc\u{FFFD}")
    }

    @Test("Keys typed go through get_wch and come out as editor events")
    func readsKeys() throws {
        let terminal = try NcursesTerminal.offscreen(columns: 20, rows: 5)
        defer { terminal.shutdown() }
        let text: [RawTerminalInput] = "hi世".unicodeScalars.map { .character($0.value) }
        try terminal.pushInput(text + [.character(19), .keyCode(cnc_key_function(5)), .keyCode(KEY_LEFT), .character(127)])
        var events: [InputEvent] = []
        while let event = try terminal.nextEvent(timeoutMilliseconds: 0) { events.append(event) }
        #expect(events == [.key(.text("hi世")), .key(.control("s")), .key(.function(5)), .key(.left), .key(.backspace)])
    }

    @Test("Home, End and F-keys sent the way tmux and VT220s send them are known to ncurses under any TERM")
    func alternateSequences() throws {
        let terminal = try NcursesTerminal.offscreen(columns: 20, rows: 5)
        defer { terminal.shutdown() }
        for (sequence, keyCode) in AlternateKeySequences.all {
            #expect(key_defined(sequence) == keyCode, "\(sequence.debugDescription)")
        }
    }

    @Test("Waiting for input that never comes returns nil after the timeout, without spinning")
    func timeout() throws {
        let terminal = try NcursesTerminal.offscreen(columns: 20, rows: 5)
        defer { terminal.shutdown() }
        let clock = ContinuousClock()
        let start = clock.now
        #expect(try terminal.nextEvent(timeoutMilliseconds: 30) == nil)
        #expect(clock.now - start >= .milliseconds(25))
    }

    @Test("Start-up errors read as one line with a hint")
    func startupErrorMessages() {
        let errors: [TerminalStartupError] = [
            .notATerminal, .localeNotUTF8(codeset: "ANSI_X3.4-1968"), .unknownTerminal("vt9000"), .unknownTerminal(nil),
        ]
        for error in errors {
            #expect(!error.description.isEmpty && !error.description.contains("\n"))
        }
        #expect(TerminalStartupError.unknownTerminal("vt9000").description.contains("vt9000"))
    }

    @Test("An unknown terminal type is an error, not an exit")
    func unknownTerminalType() {
        #expect(throws: TerminalStartupError.unknownTerminal("no-such-terminal-type")) {
            try NcursesTerminal.offscreen(columns: 10, rows: 3, terminalType: "no-such-terminal-type")
        }
    }

    @Test("UTF-8 intent is read from LC_ALL, then LC_CTYPE, then LANG")
    func localeIntent() {
        #expect(UTF8Locale.asksForUTF8(["LANG": "en_US.UTF-8"]))
        #expect(UTF8Locale.asksForUTF8(["LANG": "C.utf8"]))
        #expect(!UTF8Locale.asksForUTF8(["LC_ALL": "C", "LANG": "en_US.UTF-8"]))
        #expect(UTF8Locale.asksForUTF8(["LC_ALL": "", "LC_CTYPE": "de_DE.UTF-8@euro", "LANG": "C"]))
        #expect(!UTF8Locale.asksForUTF8([:]))
    }
}
