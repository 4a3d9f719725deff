import Foundation
import ForkedTestSupport
import Testing

/// `forked-edit forks FILE`: lists the forks kept beside a file, shows which a running editor
/// holds, and removes one that no editor holds.
@Suite("forked-edit forks", .enabled(if: TmuxSession.executable != nil, "tmux is not installed"))
struct ForksCommandTests {
    @Test("a file without stored forks is one clear line and exit 2")
    func noState() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("plain.txt")
        try "text\n".write(to: file, atomically: false, encoding: .utf8)
        let outcome = try runProcess(try ForkedEditBinary.path, ["forks", file.path])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("has no stored forks"), "\(outcome.standardError)")
        #expect(outcome.standardError.contains("no .plain.txt.forked beside it"), "\(outcome.standardError)")
        #expect(outcome.standardError.split(separator: "\n").count == 1)
        // A directory left holding only the history is not said to be missing.
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent(".plain.txt.forked/history"), withIntermediateDirectories: true
        )
        let historyOnly = try runProcess(try ForkedEditBinary.path, ["forks", file.path])
        #expect(historyOnly.status == 2)
        #expect(historyOnly.standardError.contains("holds only its history"), "\(historyOnly.standardError)")
    }

    @Test("forks are listed with their standing, held ones marked and protected; others can be removed")
    func listAndRemove() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("list.txt")
        try "one\n".write(to: file, atomically: false, encoding: .utf8)
        let binary = try ForkedEditBinary.path
        let command = "env SWIFT_BACKTRACE=interactive=no LANG=C.UTF-8 TERM=xterm-256color '\(binary)' '\(file.path)'"
            + "; echo \"forked-edit exited with $?\"; sleep 10"
        let tmux = try TmuxSession(command: command, columns: 100, rows: 30)
        defer { tmux.close() }
        let started = try tmux.waitForScreen { $0.contains("one") && $0.contains("left") }
        try #require(started != nil, "the editor did not start: \(tmux.screenForMessage)")
        try tmux.type("new ")
        _ = try tmux.waitForScreen { $0.contains("new one") }

        let whileOpen = try runProcess(binary, ["forks", file.path])
        #expect(whileOpen.status == 0, "\(whileOpen.standardError)")
        let held = whileOpen.standardOutput.split(separator: "\n").filter { $0.contains("open in forked-edit") }
        #expect(held.count == 2, "both forks are held by the editor: \(whileOpen.standardOutput)")
        let refused = try runProcess(binary, ["forks", file.path, "--remove", "right"])
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("open in a running forked-edit"), "\(refused.standardError)")

        try tmux.sendKeys("C-q")
        _ = try tmux.waitForScreen { $0.contains("before quitting") }
        try tmux.type("n")
        let exited = try tmux.waitForScreen { $0.contains("forked-edit exited with 0") }
        try #require(exited != nil, "\(tmux.screenForMessage)")

        let afterQuit = try runProcess(binary, ["forks", file.path])
        #expect(afterQuit.status == 0)
        #expect(!afterQuit.standardOutput.contains("open in forked-edit"), "\(afterQuit.standardOutput)")
        let left = afterQuit.standardOutput.split(separator: "\n").first { $0.contains("left") }.map(String.init) ?? ""
        #expect(left.contains("ahead of main by"), "the unsaved edit keeps left ahead: \(afterQuit.standardOutput)")
        #expect(left.contains("8 characters"), "\(afterQuit.standardOutput)")

        let removed = try runProcess(binary, ["forks", file.path, "--remove", "right"])
        #expect(removed.status == 0, "\(removed.standardError)")
        let listed = try runProcess(binary, ["forks", file.path])
        #expect(listed.standardOutput.contains("1 fork besides main"), "\(listed.standardOutput)")
        #expect(!listed.standardOutput.contains("right"))
        let unknown = try runProcess(binary, ["forks", file.path, "--remove", "nobody"])
        #expect(unknown.status == 2)
        #expect(unknown.standardError.contains("no fork named 'nobody'"), "\(unknown.standardError)")
        #expect(try String(contentsOf: file, encoding: .utf8) == "one\n", "the file itself is untouched")
    }
}
