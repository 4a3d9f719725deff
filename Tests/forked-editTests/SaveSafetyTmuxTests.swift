import Foundation
import ForkedTestSupport
import Testing

/// Saving never loses what is on disk: a change another program made while the editor runs is
/// merged in, and a file nobody may write is refused, not replaced.
@Suite("forked-edit saves safely", .enabled(if: TmuxSession.executable != nil, "tmux is not installed"))
struct SaveSafetyTmuxTests {
    private func editor(_ file: URL) throws -> TmuxSession {
        let command = "env SWIFT_BACKTRACE=interactive=no LANG=C.UTF-8 TERM=xterm-256color '\(try ForkedEditBinary.path)' '\(file.path)'"
            + "; echo \"forked-edit exited with $?\"; sleep 10"
        return try TmuxSession(command: command, columns: 180, rows: 30)
    }

    @Test("a change made on disk while the editor is open is merged into the save, not overwritten")
    func outsideChangeSurvivesSave() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("ext.txt")
        try "first line\n".write(to: file, atomically: false, encoding: .utf8)
        let tmux = try editor(file)
        defer { tmux.close() }
        let started = try tmux.waitForScreen { $0.contains("first line") && $0.contains("left") }
        try #require(started != nil, "the editor did not start: \(tmux.screenForMessage)")
        // Another program appends a line; the editor has not seen it when the user types and saves.
        try "first line\nadded elsewhere\n".write(to: file, atomically: false, encoding: .utf8)
        try tmux.type("X")
        try tmux.sendKeys("C-s")
        let saved = try tmux.waitForScreen { $0.contains("saved") }
        #expect(saved != nil, "\(tmux.screenForMessage)")
        #expect(try String(contentsOf: file, encoding: .utf8) == "Xfirst line\nadded elsewhere\n")
        try tmux.sendKeys("C-q")
        #expect(try tmux.waitForScreen { $0.contains("forked-edit exited with 0") } != nil, "\(tmux.screenForMessage)")
    }

    @Test("a name typed as ~/… is saved in $HOME, as a shell would read it")
    func tildeMeansHome() throws {
        let home = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        let command = "env SWIFT_BACKTRACE=interactive=no LANG=C.UTF-8 TERM=xterm-256color HOME='\(home.path)' "
            + "'\(try ForkedEditBinary.path)' '\(home.appendingPathComponent("start.txt").path)'; echo \"forked-edit exited with $?\"; sleep 10"
        let tmux = try TmuxSession(command: command, columns: 180, rows: 30)
        defer { tmux.close() }
        try #require(try tmux.waitForScreen { $0.contains("left") } != nil, "the editor did not start: \(tmux.screenForMessage)")
        try tmux.type("at home")
        try tmux.sendKeys("C-o")
        try #require(try tmux.waitForScreen { $0.contains("File name to write") } != nil, "\(tmux.screenForMessage)")
        // The prompt offers the current name; erase it.
        for _ in home.appendingPathComponent("start.txt").path { try tmux.sendKeys("BSpace") }
        try tmux.type("~/typed.txt")
        try tmux.sendKeys("Enter")
        let saved = home.appendingPathComponent("typed.txt")
        let written = try tmux.waitForScreen { _ in (try? String(contentsOf: saved, encoding: .utf8)) == "at home" }
        #expect(written != nil, "\(tmux.screenForMessage)")
        try tmux.sendKeys("C-q")
        _ = try tmux.waitForScreen { $0.contains("forked-edit exited with") }
    }

    @Test("a read-only file is not replaced: the editor says so and keeps the edits")
    func readOnlyFileIsRefused() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("locked.txt")
        try "do not touch\n".write(to: file, atomically: false, encoding: .utf8)
        chmod(file.path, 0o444)
        let tmux = try editor(file)
        defer { tmux.close() }
        // Said at open, before any key: waited for as a whole screen, since a capture can catch
        // the first frame half drawn (the panes before the status line) on a busy machine.
        let started = try tmux.waitForScreen { $0.contains("do not touch") && $0.contains("locked.txt is read-only") }
        #expect(started != nil, "not said at open: \(tmux.screenForMessage)")
        try tmux.type("edit ")
        try tmux.sendKeys("C-s")
        let refused = try tmux.waitForScreen { $0.contains("Not saved") && $0.contains("read-only") }
        #expect(refused != nil, "\(tmux.screenForMessage)")
        #expect(refused?.contains("edit do not touch") == true, "the edit is still on screen")
        #expect(try String(contentsOf: file, encoding: .utf8) == "do not touch\n")
        var status = stat()
        #expect(stat(file.path, &status) == 0 && status.st_mode & 0o777 == 0o444)
        // Ctrl-S now asks for another name.
        try tmux.sendKeys("C-s")
        #expect(try tmux.waitForScreen { $0.contains("File name to write") } != nil, "\(tmux.screenForMessage)")
        let copy = directory.appendingPathComponent("copy.txt")
        try tmux.type(copy.path)
        try tmux.sendKeys("Enter")
        #expect(try tmux.waitForScreen { $0.contains("saved") } != nil, "\(tmux.screenForMessage)")
        #expect(try String(contentsOf: copy, encoding: .utf8) == "edit do not touch\n")
        #expect(try String(contentsOf: file, encoding: .utf8) == "do not touch\n")
    }
}
