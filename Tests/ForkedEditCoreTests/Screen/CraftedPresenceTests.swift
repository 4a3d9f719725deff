import Testing
@testable import ForkedEditCore

/// Presence notes as another device could send them: a line of 2^63 − 1 made the title bar's
/// `line + 1` trap on every device showing it.
@Suite("Crafted presence")
struct CraftedPresenceTests {
    @Test("a presence naming line or column 2^63 − 1 is refused", arguments: [
        "9223372036854775807 0 bob", "0 9223372036854775807 bob", "9223372036854775808 0 bob",
    ])
    func presenceAtIntMax(_ presence: String) {
        #expect(PeerCursor(presence: presence) == nil)
        #expect(PeerCursor(presence: "9223372036854775806 9223372036854775806 bob")?.position.line == Int.max - 1)
    }

    @Test("a cursor at line 2^63 − 1 made in code is drawn without trapping")
    func renderedAtIntMax() {
        var right = PaneContent(forkName: "right", pane: PaneState(text: "world"), forkState: "in sync")
        right.peerCursors = [PeerCursor(name: "bob", position: TextPosition(line: Int.max, column: Int.max))]
        let content = ScreenContent(
            panes: [PaneContent(forkName: "left", pane: PaneState(text: "hello"), forkState: "in sync"), right],
            focusedPane: 0,
            lower: LowerViewContent(title: "Live merge", summary: "", runs: []),
            status: StatusContent(fileName: "notes.txt", isModified: false, prompt: nil),
            showsHelp: false
        )
        let grid = ScreenRenderer.render(content, columns: 200, rows: 12)
        #expect(grid.plainTextRows()[0].contains("bob at Ln \(Int.max)"))
    }
}
