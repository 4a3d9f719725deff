import Foundation
import ForkedTestSupport
import Testing

/// The editor keeps every keystroke: killed with SIGKILL (no chance to save or clean up), it
/// reopens with every edit back. Several processes edit one file, each in its own fork.
/// Skipped only where tmux is not installed.
@Suite("forked-edit keeps every keystroke", .enabled(if: TmuxSession.executable != nil, "tmux is not installed"))
struct PersistenceTmuxTests {
    /// A shell command line that records the editor's process id, then becomes the editor.
    private func editorCommand(_ arguments: [String], pidFile: URL) throws -> String {
        let quoted = try ([ForkedEditBinary.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        return "sh -c 'echo $$ > \(pidFile.path); exec \"$0\" \"$@\"' env SWIFT_BACKTRACE=interactive=no "
            + "LANG=C.UTF-8 TERM=xterm-256color \(quoted); echo \"forked-edit exited with $?\"; sleep 10"
    }

    private func occurrences(of text: String, in screen: String) -> Int {
        screen.components(separatedBy: text).count - 1
    }

    private func processID(in pidFile: URL) throws -> Int32 {
        let text = try String(contentsOf: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        return try #require(Int32(text))
    }

    /// Kills the editor with SIGKILL a moment after its last keystroke (no chance to save or
    /// clean up) and waits for the process itself to be gone: the shell's "Killed" line can
    /// wrap the screen text unpredictably, so the screen is no witness here.
    private func killEditor(pidFile: URL, in tmux: TmuxSession) throws {
        usleep(300_000)
        let editor = try processID(in: pidFile)
        #expect(kill(editor, SIGKILL) == 0)
        var alive = true
        for _ in 0..<500 where alive {
            alive = kill(editor, 0) == 0
            if alive { usleep(10_000) }
        }
        try #require(!alive, "the editor did not die: \(tmux.screenForMessage)")
    }

    @Test("Typed text in both panes survives kill -9 and reopens in place")
    func killNineThenReopen() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("note.txt")
        let pidFile = directory.appendingPathComponent("pid")
        try "Shopping list:\n".write(to: file, atomically: false, encoding: .utf8)

        do {
            let tmux = try TmuxSession(command: try editorCommand([file.path], pidFile: pidFile), columns: 100, rows: 30)
            defer { tmux.close() }
            let started = try tmux.waitForScreen { occurrences(of: "Shopping list:", in: $0) >= 3 }
            try #require(started != nil, "the editor did not start: \(tmux.screenForMessage)")
            try tmux.sendKeys("End")
            try tmux.type(" eggs")
            try tmux.sendKeys("Enter")
            try tmux.type("milk")
            try tmux.sendKeys("Tab")
            try tmux.type("TODO ")
            let typed = try tmux.waitForScreen { $0.contains("TODO Shopping list:") && $0.contains("milk") }
            try #require(typed != nil, "typing did not show: \(tmux.screenForMessage)")
            try killEditor(pidFile: pidFile, in: tmux)
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == "Shopping list:\n", "nothing was saved")

        let tmux = try TmuxSession(command: try editorCommand([file.path], pidFile: pidFile), columns: 100, rows: 30)
        defer { tmux.close() }
        // The status line is drawn after the panes: a capture taken while the terminal is still
        // being drawn can show the panes without it, so the whole frame is the condition.
        let reopened = try tmux.waitForScreen {
            $0.contains("Shopping list: eggs") && $0.contains("TODO Shopping list:") && $0.contains("Recovered")
        }
        let screen = try #require(reopened, "the edits did not come back, or the status line does not say so: \(tmux.screenForMessage)")
        #expect(screen.contains("milk"))
        // Typing goes on where the cursor was: right after "milk" in the left pane.
        try tmux.type("!")
        let continued = try tmux.waitForScreen { $0.contains("milk!") }
        #expect(continued != nil, "the cursor was not restored: \(tmux.screenForMessage)")
        try tmux.sendKeys("C-q")
        let asked = try tmux.waitForScreen { $0.contains("y/n") || $0.contains("Save") }
        #expect(asked != nil, "\(tmux.screenForMessage)")
        try tmux.type("n")
        let exited = try tmux.waitForScreen { $0.contains("forked-edit exited with 0") }
        #expect(exited != nil, "\(tmux.screenForMessage)")
    }

    @Test("After Save As, typed text survives kill -9 and reopens with the new file")
    func killNineAfterSaveAs() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("draft.txt")
        let renamed = directory.appendingPathComponent("final.txt")
        let pidFile = directory.appendingPathComponent("pid")
        try "Chapter one\n".write(to: file, atomically: false, encoding: .utf8)

        do {
            let tmux = try TmuxSession(command: try editorCommand([file.path], pidFile: pidFile), columns: 120, rows: 30)
            defer { tmux.close() }
            try #require(try tmux.waitForScreen { occurrences(of: "Chapter one", in: $0) >= 3 } != nil, "\(tmux.screenForMessage)")
            try tmux.sendKeys("C-o")
            try #require(try tmux.waitForScreen { $0.contains("File name to write") } != nil, "\(tmux.screenForMessage)")
            for _ in file.path { try tmux.sendKeys("BSpace") }
            try tmux.type(renamed.path)
            try tmux.sendKeys("Enter")
            try #require(try tmux.waitForScreen { $0.contains("saved 1 line to") } != nil, "\(tmux.screenForMessage)")
            try tmux.type("Draft: ")
            try #require(try tmux.waitForScreen { $0.contains("Draft: Chapter one") } != nil, "\(tmux.screenForMessage)")
            try killEditor(pidFile: pidFile, in: tmux)
        }
        #expect(try String(contentsOf: renamed, encoding: .utf8) == "Chapter one\n", "the edit after Save As was not saved")

        let tmux = try TmuxSession(command: try editorCommand([renamed.path], pidFile: pidFile), columns: 120, rows: 30)
        defer { tmux.close() }
        let reopened = try tmux.waitForScreen { $0.contains("Draft: Chapter one") && $0.contains("Recovered") }
        #expect(reopened != nil, "the edit typed after Save As did not come back with final.txt: \(tmux.screenForMessage)")
        try tmux.sendKeys("C-q")
        _ = try tmux.waitForScreen { $0.contains("y/n") || $0.contains("Save") }
        try tmux.type("n")
        #expect(try tmux.waitForScreen { $0.contains("forked-edit exited with 0") } != nil, "\(tmux.screenForMessage)")
    }

    @Test("Where the state directory cannot be made, the editor still opens and says edits are not kept")
    func stateDirectoryCannotBeMade() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("plain.txt")
        let pidFile = directory.appendingPathComponent("pid")
        try "Read me.\n".write(to: file, atomically: false, encoding: .utf8)
        // A plain file where the state directory would go: as unwritable as it gets, even for root.
        try "in the way\n".write(to: directory.appendingPathComponent(".plain.txt.forked"), atomically: false, encoding: .utf8)
        let tmux = try TmuxSession(command: try editorCommand([file.path], pidFile: pidFile), columns: 100, rows: 30)
        defer { tmux.close() }
        let shown = try tmux.waitForScreen { $0.contains("Read me.") && $0.contains("not kept") }
        #expect(shown != nil, "\(tmux.screenForMessage)")
        try tmux.sendKeys("C-q")
        let exited = try tmux.waitForScreen { $0.contains("forked-edit exited with 0") }
        #expect(exited != nil, "\(tmux.screenForMessage)")
    }

    @Test("Two processes with --fork each edit their own fork and see the other's live")
    func twoProcessesShareOneFile() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("plan.txt")
        try "Plan\nsteps\n".write(to: file, atomically: false, encoding: .utf8)
        let alicePid = directory.appendingPathComponent("alice.pid")
        let bobPid = directory.appendingPathComponent("bob.pid")

        let alice = try TmuxSession(command: try editorCommand([file.path, "--fork", "alice"], pidFile: alicePid), columns: 100, rows: 30)
        defer { alice.close() }
        try #require(try alice.waitForScreen { $0.contains("alice") && $0.contains("Plan") } != nil, "\(alice.screenForMessage)")
        let bob = try TmuxSession(command: try editorCommand([file.path, "--fork", "bob"], pidFile: bobPid), columns: 100, rows: 30)
        defer { bob.close() }
        try #require(try bob.waitForScreen { $0.contains("bob") && $0.contains("alice") } != nil, "\(bob.screenForMessage)")

        let second = try runProcess(try ForkedEditBinary.path, [file.path, "--fork", "alice"], timeout: .seconds(10))
        #expect(second.status == 2)
        #expect(second.standardError.contains("fork 'alice'"), "a second editor of one fork is refused: \(second.standardError)")

        try alice.sendKeys("End")
        try alice.type(" by alice")
        // Half a second in the editor, plus slack for tmux and a loaded machine.
        let seen = try bob.waitForScreen(timeout: .seconds(1)) { $0.contains("Plan by alice") }
        #expect(seen != nil, "bob's read-only pane did not show alice's edit: \(bob.screenForMessage)")

        try bob.sendKeys("Down")
        try bob.sendKeys("End")
        try bob.type(" by bob")
        try bob.sendKeys("F5")
        let bobMerged = try bob.waitForScreen { $0.contains("Merged bob") }
        #expect(bobMerged != nil, "\(bob.screenForMessage)")
        try alice.sendKeys("F5")
        let merged = try alice.waitForScreen { $0.contains("Plan by alice") && $0.contains("steps by bob") && $0.contains("in sync") }
        #expect(merged != nil, "alice's merge did not bring in bob's edit: \(alice.screenForMessage)")

        try alice.sendKeys("C-s")
        let saved = try alice.waitForScreen { _ in (try? String(contentsOf: file, encoding: .utf8)) == "Plan by alice\nsteps by bob\n" }
        #expect(saved != nil, "the file holds: \((try? String(contentsOf: file, encoding: .utf8)) ?? "nothing")")
        for (tmux, pidFile) in [(alice, alicePid), (bob, bobPid)] {
            _ = kill(try processID(in: pidFile), SIGKILL)
            _ = tmux.waitForExit(timeout: .seconds(1))
        }
    }
}

/// Damaged editing state stops the editor with a message naming the way out; `--fresh`
/// moves the state aside (kept, renamed) and starts again from the file.
@Suite("forked-edit with damaged editing state")
struct DamagedStateTests {
    @Test("Without a terminal to ask, damaged state is refused with a hint; --fresh moves it aside")
    func damagedStateNeedsFresh() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("note.txt")
        try "text\n".write(to: file, atomically: false, encoding: .utf8)
        let repository = directory.appendingPathComponent(".note.txt.forked/repository")
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        try Data("garbage".utf8).write(to: repository.appendingPathComponent("manifest.json"))

        let refused = try runProcess(try ForkedEditBinary.path, [file.path], timeout: .seconds(10))
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("damaged"), "\(refused.standardError)")
        #expect(refused.standardError.contains("--fresh"), "\(refused.standardError)")
        #expect(FileManager.default.fileExists(atPath: repository.appendingPathComponent("manifest.json").path))

        // The terminal is still missing, so the editor stops after moving the state aside.
        let fresh = try runProcess(try ForkedEditBinary.path, [file.path, "--fresh"], timeout: .seconds(10))
        #expect(fresh.standardError.contains("moved the damaged state to"), "\(fresh.standardError)")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        let moved = try #require(names.first { $0.hasPrefix(".note.txt.forked.corrupt-") }, "\(names)")
        let kept = directory.appendingPathComponent(moved).appendingPathComponent("repository/manifest.json")
        #expect(try Data(contentsOf: kept) == Data("garbage".utf8))
    }
}
