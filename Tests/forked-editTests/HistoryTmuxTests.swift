import Foundation
import ForkedTestSupport
import Testing

/// The versions recorded while editing can be listed, shown, compared and restored.
@Suite("forked-edit history commands", .enabled(if: TmuxSession.executable != nil, "tmux is not installed"))
struct HistoryTmuxTests {
    private func run(_ arguments: [String]) throws -> ProcessOutcome {
        try runProcess(try ForkedEditBinary.path, arguments, timeout: .seconds(10))
    }

    @Test("edit and save in the editor, then log, show, diff and restore from the command line")
    func logShowDiffRestore() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("story.txt")
        try "The cat sat.\n".write(to: file, atomically: false, encoding: .utf8)

        let none = try run(["log", file.path])
        #expect(none.status == 2)
        #expect(none.standardError.contains("no history"), "\(none.standardError)")

        let command = "env SWIFT_BACKTRACE=interactive=no LANG=C.UTF-8 TERM=xterm-256color '\(try ForkedEditBinary.path)' '\(file.path)'"
            + "; echo \"forked-edit exited with $?\"; sleep 10"
        let tmux = try TmuxSession(command: command, columns: 120, rows: 30)
        defer { tmux.close() }
        try #require(try tmux.waitForScreen { $0.contains("The cat sat.") && $0.contains("left") } != nil, "\(tmux.screenForMessage)")
        try tmux.sendKeys("End")
        try tmux.type(" It purred.")
        try tmux.sendKeys("C-s")
        try #require(try tmux.waitForScreen { $0.contains("saved") } != nil, "\(tmux.screenForMessage)")
        try tmux.sendKeys("C-q")
        try #require(try tmux.waitForScreen { $0.contains("forked-edit exited with 0") } != nil, "\(tmux.screenForMessage)")
        #expect(try String(contentsOf: file, encoding: .utf8) == "The cat sat. It purred.\n")

        let log = try run(["log", file.path])
        #expect(log.status == 0, "\(log.standardError)")
        let lines = log.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count >= 2, "\(log.standardOutput)")
        #expect(lines.contains { $0.contains("+") && $0.contains("purred") }, "\(log.standardOutput)")

        let limited = try run(["log", file.path, "--limit", "1"])
        #expect(limited.standardOutput.split(separator: "\n").count == 1)

        let show = try run(["show", file.path, "@~1"])
        #expect(show.status == 0, "\(show.standardError)")
        #expect(show.standardOutput == "The cat sat.\n")

        let diff = try run(["diff", file.path, "@~1", "@"])
        #expect(diff.standardOutput == "@@ -1,1 +1,1 @@\nThe cat sat.{+ It purred.+}\n", "\(diff.standardOutput)")
        let whole = try run(["diff", file.path, "@~1", "@", "--whole"])
        #expect(whole.standardOutput == "The cat sat.{+ It purred.+}\n", "\(whole.standardOutput)")

        let unknown = try run(["show", file.path, "ffffffffff"])
        #expect(unknown.status == 2)
        #expect(unknown.standardError.contains("unknown version"), "\(unknown.standardError)")

        let restore = try run(["restore", file.path, "@~1"])
        #expect(restore.status == 0, "\(restore.standardError)")
        #expect(try String(contentsOf: file, encoding: .utf8) == "The cat sat.\n")
        // Restoring adds a version; nothing is rewritten.
        let after = try run(["log", file.path])
        #expect(after.standardOutput.split(separator: "\n").count == lines.count + 1, "\(after.standardOutput)")
        #expect(try run(["show", file.path, "@~1"]).standardOutput == "The cat sat. It purred.\n")
    }

    @Test("F4 in the editor steps back to an earlier version and Enter restores it as one undoable edit")
    func historyViewInTheEditor() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("story.txt")
        try "The cat sat.\n".write(to: file, atomically: false, encoding: .utf8)
        let command = "env SWIFT_BACKTRACE=interactive=no LANG=C.UTF-8 TERM=xterm-256color '\(try ForkedEditBinary.path)' '\(file.path)'"
            + "; echo \"forked-edit exited with $?\"; sleep 10"
        let tmux = try TmuxSession(command: command, columns: 120, rows: 30)
        defer { tmux.close() }
        try #require(try tmux.waitForScreen { $0.contains("The cat sat.") && $0.contains("left") } != nil, "\(tmux.screenForMessage)")
        try tmux.sendKeys("F4")
        #expect(try tmux.waitForScreen { $0.contains("No versions of left yet") } != nil, "\(tmux.screenForMessage)")
        try tmux.sendKeys("End")
        try tmux.type(" It purred.")
        try tmux.sendKeys("C-s")
        try #require(try tmux.waitForScreen { $0.contains("saved") } != nil, "\(tmux.screenForMessage)")
        try tmux.type(" Then it slept.")
        try tmux.sendKeys("C-s")
        try #require(try tmux.waitForScreen { $0.contains("It purred. Then it slept.") && $0.contains("saved") } != nil)

        try tmux.sendKeys("F4")
        let opened = try tmux.waitForScreen { $0.contains("left @ ") && $0.contains("What ") }
        #expect(opened != nil, "the history view did not open: \(tmux.screenForMessage)")
        try tmux.sendKeys("Left")
        let older = try tmux.waitForScreen { screen in
            // The left pane's first line, up to the divider.
            let line = screen.split(separator: "\n").dropFirst().first?.split(separator: "│").first ?? ""
            return line.hasPrefix("The cat sat. It purred.") && !line.contains("slept")
        }
        #expect(older != nil, "Left did not step back: \(tmux.screenForMessage)")
        try tmux.sendKeys("Enter")
        #expect(try tmux.waitForScreen { $0.contains("Restored left to version") } != nil, "\(tmux.screenForMessage)")
        try tmux.sendKeys("C-s")
        let saved = try tmux.waitForScreen { _ in (try? String(contentsOf: file, encoding: .utf8)) == "The cat sat. It purred.\n" }
        #expect(saved != nil, "the file holds \((try? String(contentsOf: file, encoding: .utf8)) ?? "nothing")")
        try tmux.sendKeys("C-q")
        #expect(try tmux.waitForScreen { $0.contains("forked-edit exited with 0") } != nil, "\(tmux.screenForMessage)")
    }
}
