import Foundation
import ForkedTestSupport
import Testing

/// The real editor in a real terminal: tmux runs the built binary, the test types into it and
/// reads the screen back. Skipped only where tmux is not installed.
@Suite("forked-edit in tmux", .enabled(if: TmuxSession.executable != nil, "tmux is not installed"))
struct TmuxEditorTests {
    /// A shell command line running the editor the way a user would, then reporting how it ended.
    private func editorCommand(_ arguments: [String]) throws -> String {
        let quoted = try ([ForkedEditBinary.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        return "env SWIFT_BACKTRACE=interactive=no LANG=C.UTF-8 TERM=xterm-256color \(quoted); "
            + "echo \"forked-edit exited with $?\"; sleep 10"
    }

    private func occurrences(of text: String, in screen: String) -> Int {
        screen.components(separatedBy: text).count - 1
    }

    /// The column of the divider between the two panes, on the top row.
    private func dividerColumn(in screen: String) -> Int? {
        guard let top = screen.split(separator: "\n").first, let divider = top.firstIndex(of: "│") else { return nil }
        return top.distance(from: top.startIndex, to: divider)
    }

    @Test("Type in both panes, merge with F5, save with Ctrl-S, quit with Ctrl-Q; the recording replays to the same text")
    func editMergeSaveQuit() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("note.txt")
        let sessionFile = directory.appendingPathComponent("session.jsonl")
        let castFile = directory.appendingPathComponent("session.cast")
        try "Meet at the mill.\n".write(to: file, atomically: false, encoding: .utf8)

        let tmux = try TmuxSession(
            command: try editorCommand([file.path, "--record", sessionFile.path, "--cast", castFile.path]),
            columns: 100, rows: 30
        )
        defer { tmux.close() }
        let started = try tmux.waitForScreen { occurrences(of: "Meet at the mill.", in: $0) >= 3 }
        try #require(started != nil, "the editor did not show the file: \(tmux.screenForMessage)")

        try tmux.sendKeys("End")
        try tmux.type(" Bring cake.")
        let leftEdited = try tmux.waitForScreen { $0.contains("Meet at the mill. Bring cake.") }
        try #require(leftEdited != nil, "typing in the left pane did not show: \(tmux.screenForMessage)")

        try tmux.sendKeys("Tab")
        try tmux.type("Note: ")
        let rightEdited = try tmux.waitForScreen { $0.contains("Note: Meet at the mill.\n") || $0.contains("Note: Meet at the mill. ") }
        try #require(rightEdited != nil, "typing in the right pane did not show: \(tmux.screenForMessage)")

        try tmux.sendKeys("F5")
        let merged = "Note: Meet at the mill. Bring cake."
        let afterMerge = try tmux.waitForScreen { occurrences(of: merged, in: $0) >= 3 }
        #expect(afterMerge != nil, "both panes and the merge view should show the merge: \(tmux.screenForMessage)")

        try tmux.sendKeys("C-s")
        let saved = try tmux.waitForScreen { _ in (try? String(contentsOf: file, encoding: .utf8)) == merged + "\n" }
        #expect(saved != nil, "the file holds: \((try? String(contentsOf: file, encoding: .utf8)) ?? "nothing")")

        try tmux.sendKeys("C-q")
        let exited = try tmux.waitForScreen { $0.contains("forked-edit exited with") }
        #expect(exited?.contains("forked-edit exited with 0") == true, "\(exited ?? tmux.screenForMessage)")
        #expect(exited.map { !$0.contains("Live merge") } == true, "the editor's screen should be gone after quitting")

        let replay = try runProcess(
            try ForkedEditBinary.path, ["replay", sessionFile.path, "--headless", "--print-main"]
        )
        #expect(replay.status == 0, "\(replay.standardError)")
        #expect(replay.standardOutput == merged + "\n")

        let cast = try String(contentsOf: castFile, encoding: .utf8)
        let castLines = cast.split(separator: "\n")
        #expect(castLines.first?.contains("\"version\": 2") == true)
        #expect(castLines.count > 5)
    }

    @Test("Killed with SIGTERM, the editor leaves the terminal as it found it")
    func terminalRestoredAfterSignal() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("note.txt")
        try "Signals are handled.\n".write(to: file, atomically: false, encoding: .utf8)
        let pidFile = directory.appendingPathComponent("pid")
        // The shell records the editor's process id, so the test can signal exactly that process.
        let command = try editorCommand([file.path])
            .replacingOccurrences(of: "env SWIFT_BACKTRACE", with: "echo before the editor; sh -c 'echo $$ > \(pidFile.path); exec \"$0\" \"$@\"' env SWIFT_BACKTRACE")
        let tmux = try TmuxSession(command: command, columns: 80, rows: 24)
        defer { tmux.close() }
        let started = try tmux.waitForScreen { occurrences(of: "Signals are handled.", in: $0) >= 3 }
        try #require(started != nil, "the editor did not start: \(tmux.screenForMessage)")

        let pidText = try String(contentsOf: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let pid = try #require(Int32(pidText))
        #expect(kill(pid, SIGTERM) == 0)

        let after = try tmux.waitForScreen { $0.contains("forked-edit exited with") }
        let screen = try #require(after, "the editor did not exit: \(tmux.screenForMessage)")
        #expect(screen.contains("forked-edit exited with 143"))
        #expect(screen.contains("before the editor"), "the main screen should be back: \(screen)")
        #expect(!screen.contains("Live merge"))
    }

    @Test("Without a file the demo document opens")
    func demoDocument() throws {
        let tmux = try TmuxSession(command: try editorCommand([]), columns: 100, rows: 30)
        defer { tmux.close() }
        let shown = try tmux.waitForScreen { occurrences(of: "Welcome to forked-edit", in: $0) >= 2 }
        #expect(shown != nil, "\(tmux.screenForMessage)")
        try tmux.sendKeys("C-q")
        let exited = try tmux.waitForScreen { $0.contains("forked-edit exited with") }
        #expect(exited?.contains("forked-edit exited with 0") == true, "\(exited ?? tmux.screenForMessage)")
    }

    @Test("A replay on the terminal plays the session, waits for a key, and exits cleanly")
    func terminalReplay() throws {
        let session = ReplayCommandTests.sessionsDirectory.appendingPathComponent("typing-both-panes.jsonl")
        try #require(FileManager.default.fileExists(atPath: session.path))
        let tmux = try TmuxSession(command: try editorCommand(["replay", session.path, "--instant"]), columns: 100, rows: 30)
        defer { tmux.close() }
        let finished = try tmux.waitForScreen { $0.contains("Replay finished") }
        #expect(finished != nil, "\(tmux.screenForMessage)")
        try tmux.sendKeys("Space")
        let exited = try tmux.waitForScreen { $0.contains("forked-edit exited with") }
        #expect(exited?.contains("forked-edit exited with 0") == true, "\(exited ?? tmux.screenForMessage)")
    }

    @Test("Resizing the terminal lays the editor out again at the new size")
    func resize() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("note.txt")
        try "Resize me.\n".write(to: file, atomically: false, encoding: .utf8)
        let tmux = try TmuxSession(command: try editorCommand([file.path]), columns: 100, rows: 30)
        defer { tmux.close() }
        let before = try tmux.waitForScreen { occurrences(of: "Resize me.", in: $0) >= 3 }
        let wide = try #require(before, "\(tmux.screenForMessage)")
        let wideDivider = try #require(dividerColumn(in: wide))

        try tmux.resize(columns: 60, rows: 20)
        let after = try tmux.waitForScreen { screen in
            (dividerColumn(in: screen) ?? .max) < wideDivider && occurrences(of: "Resize me.", in: screen) >= 3
        }
        #expect(after != nil, "the panes did not narrow: \(tmux.screenForMessage)")
        #expect(after.map { $0.split(separator: "\n").allSatisfy { $0.count <= 60 } } == true)

        try tmux.sendKeys("C-q")
        let exited = try tmux.waitForScreen { $0.contains("forked-edit exited with") }
        #expect(exited?.contains("forked-edit exited with 0") == true, "\(exited ?? tmux.screenForMessage)")
    }

    @Test("A file that does not exist yet is created on the first save, with the forks named by --forks")
    func newFileWithNamedForks() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("new.txt")
        let tmux = try TmuxSession(command: try editorCommand([file.path, "--forks", "alice,bob"]), columns: 100, rows: 30)
        defer { tmux.close() }
        let started = try tmux.waitForScreen { $0.contains("alice") && $0.contains("bob") }
        #expect(started != nil, "\(tmux.screenForMessage)")
        #expect(!FileManager.default.fileExists(atPath: file.path))

        try tmux.type("Hello, new file")
        let typed = try tmux.waitForScreen { occurrences(of: "Hello, new file", in: $0) >= 2 }
        #expect(typed != nil, "\(tmux.screenForMessage)")
        try tmux.sendKeys("C-s")
        let saved = try tmux.waitForScreen { _ in (try? String(contentsOf: file, encoding: .utf8)) == "Hello, new file" }
        #expect(saved != nil, "the file holds: \((try? String(contentsOf: file, encoding: .utf8)) ?? "nothing")")
        try tmux.sendKeys("C-q")
        let exited = try tmux.waitForScreen { $0.contains("forked-edit exited with") }
        #expect(exited?.contains("forked-edit exited with 0") == true, "\(exited ?? tmux.screenForMessage)")
    }
}
