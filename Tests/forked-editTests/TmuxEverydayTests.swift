import Foundation
import ForkedTestSupport
import Testing

/// What a user of nano or micro expects from a real terminal: quitting always works, a
/// terminal that cannot draw is refused, a paste is text.
@Suite("forked-edit in tmux, every day", .enabled(if: TmuxSession.executable != nil, "tmux is not installed"))
struct TmuxEverydayTests {
    /// A shell command line running the editor with `TERM`, then reporting how it ended.
    private func editorCommand(_ arguments: [String], term: String = "xterm-256color") throws -> String {
        let quoted = try ([ForkedEditBinary.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        return "env SWIFT_BACKTRACE=interactive=no LANG=C.UTF-8 TERM=\(term) \(quoted); "
            + "echo \"forked-edit exited with $?\"; sleep 10"
    }

    @Test("TERM=dumb exits with status 2 and a message instead of drawing garbage")
    func dumbTerminal() throws {
        let tmux = try TmuxSession(command: try editorCommand([], term: "dumb"), columns: 100, rows: 30)
        defer { tmux.close() }
        let exited = try tmux.waitForScreen { $0.contains("forked-edit exited with") }
        let screen = try #require(exited, "\(tmux.screenForMessage)")
        #expect(screen.contains("forked-edit exited with 2"), "\(screen)")
        #expect(screen.contains("cannot move the cursor"), "\(screen)")
        #expect(!screen.contains("Welcome"), "\(screen)")
    }

    @Test("A terminal too small to edit in still quits with Ctrl-Q")
    func quitWhenTooSmall() throws {
        let tmux = try TmuxSession(command: try editorCommand([]), columns: 30, rows: 8)
        defer { tmux.close() }
        // ncurses may be caught half-way through drawing the message, so wait for all of it.
        let shown = try tmux.waitForScreen { $0.contains("too small") && $0.contains("^Q quits") }
        try #require(shown != nil, "the message should say how to quit: \(tmux.screenForMessage)")
        try tmux.sendKeys("C-q")
        let exited = try tmux.waitForScreen { $0.contains("forked-edit exited with") }
        #expect(exited?.contains("forked-edit exited with 0") == true, "\(exited ?? tmux.screenForMessage)")
    }

    @Test("A paste with tabs and line breaks lands whole in the focused pane's fork")
    func bracketedPaste() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("paste.txt")
        try "end\n".write(to: file, atomically: false, encoding: .utf8)
        let tmux = try TmuxSession(command: try editorCommand([file.path]), columns: 100, rows: 30)
        defer { tmux.close() }
        try #require(try tmux.waitForScreen { $0.components(separatedBy: "end").count >= 4 } != nil, "\(tmux.screenForMessage)")
        try tmux.paste("one\ttwo\nthree\tfour\n")
        try tmux.sendKeys("C-s")
        let saved = try tmux.waitForScreen { _ in (try? String(contentsOf: file, encoding: .utf8)) == "one\ttwo\nthree\tfour\nend\n" }
        #expect(saved != nil, "the file holds: \((try? String(contentsOf: file, encoding: .utf8))?.debugDescription ?? "nothing")")
        try tmux.sendKeys("C-q")
        _ = try tmux.waitForScreen { $0.contains("forked-edit exited with") }
    }

    @Test("Copy puts the selection on the system clipboard (OSC 52; tmux keeps it as a buffer)")
    func systemClipboard() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("clip.txt")
        try "clip me\n".write(to: file, atomically: false, encoding: .utf8)
        let tmux = try TmuxSession(command: try editorCommand([file.path]), columns: 100, rows: 30)
        defer { tmux.close() }
        try tmux.command("set-option", "-s", "set-clipboard", "on")
        try #require(try tmux.waitForScreen { $0.components(separatedBy: "clip me").count >= 4 } != nil, "\(tmux.screenForMessage)")
        try tmux.sendKeys("S-Right", "S-Right", "S-Right", "S-Right", "C-c")
        #expect(try tmux.waitForScreen { $0.contains("Copied 4 characters") } != nil, "\(tmux.screenForMessage)")
        let clipboard = try tmux.waitForScreen { _ in (try? tmux.command("show-buffer")) == "clip" }
        #expect(clipboard != nil, "tmux's buffer holds: \((try? tmux.command("show-buffer")) ?? "nothing")")
        try tmux.sendKeys("C-q")
        _ = try tmux.waitForScreen { $0.contains("forked-edit exited with") }
    }

    @Test("Emoji sequences show whole, at their width, with the text after them in place")
    func emojiSequences() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("emoji.txt")
        // tmux keeps at most 21 bytes per cell, so the family has three members here.
        try "A👨‍👩‍👧B\nC🇩🇪D\n".write(to: file, atomically: false, encoding: .utf8)
        let tmux = try TmuxSession(command: try editorCommand([file.path]), columns: 100, rows: 30)
        defer { tmux.close() }
        // Whole clusters are written after ncurses draws the screen, so a capture can fall between
        // the two writes: wait for the screen to settle with both sequences whole.
        let shown = try tmux.waitForScreen { $0.components(separatedBy: "A👨‍👩‍👧B").count >= 3 && $0.contains("C🇩🇪D") }
        #expect(shown != nil, "the family and the flag show whole in both panes: \(tmux.screenForMessage)")
        try tmux.sendKeys("C-q")
        _ = try tmux.waitForScreen { $0.contains("forked-edit exited with") }
    }
}
