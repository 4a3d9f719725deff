import Testing
@testable import ForkedEditCore

@Suite("ScreenRenderer")
struct ScreenRendererTests {
    func content(left: String = "hello", right: String = "world", help: Bool = false, prompt: StatusPrompt? = nil) -> ScreenContent {
        ScreenContent(
            panes: [
                PaneContent(forkName: "left", pane: PaneState(text: left), forkState: "1 change ahead"),
                PaneContent(forkName: "right", pane: PaneState(text: right), forkState: "in sync"),
            ],
            focusedPane: 0,
            lower: LowerViewContent(title: "Live merge", summary: "left +1 -0", runs: [
                OriginRun(text: "hel", origin: .unchanged), OriginRun(text: "LO", origin: .leftFork),
            ]),
            status: StatusContent(fileName: "notes.txt", isModified: true, prompt: prompt),
            showsHelp: help
        )
    }

    @Test("panes, merge view, status and hints land in their regions")
    func regularScreen() {
        let grid = ScreenRenderer.render(content(), columns: 40, rows: 12)
        let rows = grid.plainTextRows()
        #expect(rows[0] == "» left · 1 change a│  right · in sync")
        #expect(rows[1] == "hello              │world")
        #expect(rows[5].hasPrefix(" Live merge  left +1 -0"))
        #expect(rows[6] == "helLO")
        #expect(rows[10] == " notes.txt [modified]       Ln 1, Col 1")
        #expect(rows[11].hasPrefix("^S Save  ^Q Quit"))
        #expect(grid.cursor?.row == 1)
        #expect(grid.cursor?.column == 0)
        #expect(grid[6, 3].style == ScreenRenderer.style(for: .leftFork))
        #expect(grid[6, 0].style == ScreenRenderer.style(for: .leftFork), "LO changed the word hel: all of it is coloured")
        #expect(grid[0, 0].style.reverse)
    }

    @Test("another person's cursor is marked in its pane and named on the title; a position past the text is clamped")
    func peerCursors() {
        var screen = content(right: "world\nsecond line")
        screen.panes[1].peerCursors = [PeerCursor(name: "bob", position: TextPosition(line: 1, column: 3))]
        let grid = ScreenRenderer.render(screen, columns: 80, rows: 12)
        let rows = grid.plainTextRows()
        #expect(rows[0].contains("right · in sync · bob at Ln 2"), "\(rows[0])")
        let divider = rows[1].distance(from: rows[1].startIndex, to: rows[1].firstIndex(of: "│") ?? rows[1].endIndex)
        #expect(grid[2, divider + 1 + 3].style == ScreenRenderer.peerCursorStyle)
        #expect(grid[2, divider + 1 + 2].style == .plain)
        #expect(grid.cursor?.row == 1, "the own cursor stays where it is")

        screen.panes[1].peerCursors = [PeerCursor(name: "bob", position: TextPosition(line: 9, column: 40))]
        let clamped = ScreenRenderer.render(screen, columns: 80, rows: 12)
        #expect(clamped[2, divider + 1 + "second line".count].style == ScreenRenderer.peerCursorStyle)
    }

    @Test("a cursor's presence text reads back; other text is refused")
    func peerCursorPresence() {
        let cursor = PeerCursor(name: "ann smith", position: TextPosition(line: 4, column: 7))
        #expect(PeerCursor(presence: cursor.presence) == cursor)
        #expect(PeerCursor(presence: "x 1 ann") == nil)
        #expect(PeerCursor(presence: "-1 1 ann") == nil)
        #expect(PeerCursor(presence: "") == nil)
    }

    @Test("wide characters and tabs are laid out on the grid")
    func wideAndTabs() {
        let grid = ScreenRenderer.render(content(left: "漢\tx", right: "e\u{301}"), columns: 40, rows: 12)
        #expect(grid.plainTextRows()[1] == "漢      x          │e\u{301}")
        #expect(grid[1, 1].width == 0)
    }

    @Test("a screen below the minimum shows only the enlarge message")
    func tooSmall() {
        let grid = ScreenRenderer.render(content(), columns: 30, rows: 8)
        let text = grid.plainTextRows().joined(separator: "\n")
        #expect(text.contains("Terminal too small"))
        #expect(text.contains("now 30x8"))
        #expect(!text.contains("hello"))
        #expect(grid.cursor == nil)
    }

    @Test("help overlays the screen and prompts replace the status line")
    func helpAndPrompts() {
        let help = ScreenRenderer.render(content(help: true), columns: 80, rows: 24).plainTextRows().joined()
        #expect(help.contains("Help (any key closes)"))
        #expect(help.contains("merge both forks"))
        let prompt = ScreenRenderer.render(content(prompt: .fileName(typed: "out.txt")), columns: 80, rows: 24)
        #expect(prompt.plainTextRows()[22].hasPrefix("File name to write: out.txt"))
        #expect(prompt.cursor?.row == 22)
        #expect(prompt.cursor?.column == 27)
        let quit = ScreenRenderer.render(content(prompt: .saveBeforeQuit), columns: 80, rows: 24)
        #expect(quit.plainTextRows()[22].hasPrefix("Save merged text before quitting? y: save  n: quit, keep edits  Esc: stay"))
    }

    @Test("only the visible part of a long line is drawn, from the scroll offset")
    func horizontalScroll() {
        var pane = PaneState(text: (0..<2000).map { String($0 % 10) }.joined())
        pane.move(.lineEnd, pageHeight: 4)
        pane.scrollToCursor(width: 19, height: 4)
        var screen = content()
        screen.panes[0].pane = pane
        let grid = ScreenRenderer.render(screen, columns: 40, rows: 12)
        let visible = grid.plainTextRows()[1].prefix(19)
        #expect(visible.allSatisfy(\.isNumber) || visible.last == " " || visible.count < 19)
        #expect(grid.cursor?.row == 1)
        let cursorColumn = grid.cursor?.column ?? -1
        #expect(cursorColumn >= 0 && cursorColumn < 19)
        // The character just left of the cursor is the line's last one, "9".
        #expect(grid[1, cursorColumn - 1].character == "9")
    }
}
