import ForkedTestSupport
import Foundation
import Glibc
import Testing

/// Two `forked-edit FILE --sync URL --auto-merge` editors, each on its own copy of a file (two
/// "machines"), typing at once: each sees the other's text live, and both files end equal.
@Suite(.enabled(if: PostgresTestServer.isAvailable && TmuxSession.executable != nil,
                Comment(rawValue: PostgresTestServer.unavailableReason ?? "tmux is not installed")))
struct EditorSyncTmuxTests {
    /// An editor under tmux; with `pidFile`, its process id is written there (for kill -9).
    private func editor(
        _ file: URL, server: PostgresTestServer, user: String, autoMerge: Bool = true, pidFile: URL? = nil
    ) throws -> TmuxSession {
        let arguments = [try builtProduct("forked-edit"), file.path, "--sync", server.url, "--document", "plan"]
            + (autoMerge ? ["--auto-merge"] : [])
        let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
        let start = pidFile.map { "sh -c 'echo $$ > \($0.path); exec \"$0\" \"$@\"' env" } ?? "env"
        return try TmuxSession(
            command: "\(start) USER=\(user) SWIFT_BACKTRACE=interactive=no LANG=C.UTF-8 TERM=xterm-256color \(quoted); echo \"forked-edit exited with $?\"; sleep 10",
            columns: 120, rows: 30
        )
    }

    private func copies(_ names: [String], in root: URL) throws -> [URL] {
        try names.map { name in
            let directory = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let file = directory.appendingPathComponent("plan.txt")
            try Data("Plan\nsteps\n".utf8).write(to: file)
            return file
        }
    }

    @Test func anEditorKilledWhileSyncingReopensWithItsEditsAndAutoMergePublishesThem() async throws {
        try await withPostgresServer { server in
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("forked-sync-kill-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: root) }
            let files = try copies(["ann", "bob"], in: root)
            let pidFile = root.appendingPathComponent("ann.pid")
            do {
                let ann = try editor(files[0], server: server, user: "ann", autoMerge: false, pidFile: pidFile)
                defer { ann.close() }
                #expect(try ann.waitForScreen(timeout: .seconds(15)) { $0.contains("connected") } != nil, "\(ann.screenForMessage)")
                try ann.sendKeys("End")
                try ann.type(" typed before the kill")
                #expect(try ann.waitForScreen { $0.contains("Plan typed before the kill") } != nil, "\(ann.screenForMessage)")
                try await Task.sleep(for: .milliseconds(300))
                let text = try String(contentsOf: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
                let editorProcess = try #require(Int32(text))
                #expect(kill(editorProcess, SIGKILL) == 0)
                #expect(await eventually { kill(editorProcess, 0) != 0 }, "the editor did not die")
            }
            // With --auto-merge, the recovered edit is published without another keystroke.
            let ann = try editor(files[0], server: server, user: "ann")
            defer { ann.close() }
            // Back from the journal or from the repository, depending on whether the shared
            // fork was stored before the kill (every 250 ms while typing).
            let reopened = try ann.waitForScreen(timeout: .seconds(15)) { $0.contains("Plan typed before the kill") && $0.contains("this-device") }
            #expect(reopened != nil, "the edit did not come back: \(ann.screenForMessage)")
            let bob = try editor(files[1], server: server, user: "bob")
            defer { bob.close() }
            #expect(try bob.waitForScreen(timeout: .seconds(15)) { $0.contains("Plan typed before the kill") } != nil,
                    "the recovered edit never reached the other machine: \(bob.screenForMessage)")
            for pane in [ann, bob] { try pane.sendKeys("C-q") }
        }
    }

    @Test func anEditorSaysItIsOfflineForAsLongAsTheServerIsDownAndPublishesWhenItIsBack() async throws {
        try await withPostgresServer { server in
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("forked-sync-offline-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: root) }
            let files = try copies(["ann", "bob"], in: root)
            let ann = try editor(files[0], server: server, user: "ann", autoMerge: false)
            defer { ann.close() }
            #expect(try ann.waitForScreen(timeout: .seconds(15)) { $0.contains("connected") && $0.contains("· read-only, live") } != nil,
                    "\(ann.screenForMessage)")
            try server.stopServer()
            #expect(try ann.waitForScreen(timeout: .seconds(20)) { $0.contains("Sync: offline since") } != nil, "\(ann.screenForMessage)")
            try ann.sendKeys("End")
            try ann.type(" typed offline")
            // Keys clear messages, not the connection's state: on the status line and the server pane's title.
            let typed = try ann.waitForScreen { $0.contains("Plan typed offline") }
            #expect(typed?.contains("Sync: offline since") == true, "\(ann.screenForMessage)")
            #expect(typed?.contains("read-only, offline since") == true, "\(ann.screenForMessage)")
            try ann.sendKeys("F5")
            #expect(try ann.waitForScreen { $0.contains("published when the server is back") } != nil, "\(ann.screenForMessage)")

            try server.startServer()
            let back = try ann.waitForScreen(timeout: .seconds(40)) { !$0.contains("offline since") && $0.contains("· read-only, live") }
            #expect(back != nil, "\(ann.screenForMessage)")
            let bob = try editor(files[1], server: server, user: "bob")
            defer { bob.close() }
            #expect(try bob.waitForScreen(timeout: .seconds(15)) { $0.contains("Plan typed offline") } != nil,
                    "the edit made offline never reached the other machine: \(bob.screenForMessage)")
            for pane in [ann, bob] { try pane.sendKeys("C-q") }
        }
    }

    @Test func theServersForkIsHeldWhileAnEditorSyncsTheFile() async throws {
        try await withPostgresServer { server in
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("forked-sync-held-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: root) }
            let file = try copies(["ann"], in: root)[0]
            let ann = try editor(file, server: server, user: "ann")
            defer { ann.close() }
            #expect(try ann.waitForScreen(timeout: .seconds(15)) { $0.contains("connected") } != nil, "\(ann.screenForMessage)")
            let binary = try builtProduct("forked-edit")
            let listing = try runToEnd(binary, ["forks", file.path])
            #expect(listing.output.contains("postgres-server") && listing.output.contains("open in forked-edit"), "\(listing.output)")
            let removal = try runToEnd(binary, ["forks", file.path, "--remove", "postgres-server"])
            #expect(removal.status != 0 && removal.output.contains("open in a running forked-edit"), "\(removal.output)")
            // A second exchange on the same file (another fork of it) would take this one's uploads for its own.
            let second = try runToEnd(binary, [file.path, "--sync", server.url, "--document", "plan", "--fork", "other"])
            #expect(second.status == 2 && second.output.contains("already synced by another forked-edit"), "\(second.output)")
            try ann.type("still here")
            #expect(try ann.waitForScreen { $0.contains("still herePlan") && !$0.contains("no fork named") } != nil, "\(ann.screenForMessage)")
            try ann.sendKeys("C-q")
        }
    }

    @Test func twoEditorsTypingAtOnceSeeEachOthersTextAndSaveTheSameFile() async throws {
        try await withPostgresServer { server in
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("forked-sync-tmux-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: root) }
            let files = try copies(["ann", "bob"], in: root)
            let ann = try editor(files[0], server: server, user: "ann")
            defer { ann.close() }
            #expect(try ann.waitForScreen(timeout: .seconds(15)) { $0.contains("connected") } != nil, "\(ann.screenForMessage)")
            let bob = try editor(files[1], server: server, user: "bob")
            defer { bob.close() }
            #expect(try bob.waitForScreen(timeout: .seconds(15)) { $0.contains("connected") } != nil, "\(bob.screenForMessage)")

            try ann.sendKeys("End")
            try bob.sendKeys("Down")
            try bob.sendKeys("End")
            for word in [" one", " two", " three"] {
                try ann.type(" ann" + word)
                try bob.type(" bob" + word)
                try await Task.sleep(for: .milliseconds(100))
            }
            let annLine = "Plan ann one ann two ann three"
            let bobLine = "steps bob one bob two bob three"
            #expect(try bob.waitForScreen(timeout: .seconds(15)) { $0.contains(annLine) } != nil, "bob never saw ann's typing: \(bob.screenForMessage)")
            #expect(try ann.waitForScreen(timeout: .seconds(15)) { $0.contains(bobLine) } != nil, "ann never saw bob's typing: \(ann.screenForMessage)")

            // Each shows where the other's cursor is, in the shared document's pane.
            #expect(try ann.waitForScreen(timeout: .seconds(10)) { $0.contains("bob at Ln 2") } != nil, "\(ann.screenForMessage)")
            #expect(try bob.waitForScreen(timeout: .seconds(10)) { $0.contains("ann at Ln 1") } != nil, "\(bob.screenForMessage)")

            for pane in [ann, bob] { try pane.sendKeys("C-s") }
            let expected = "\(annLine)\n\(bobLine)\n"
            let saved = await eventually {
                files.allSatisfy { (try? String(contentsOf: $0, encoding: .utf8)) == expected }
            }
            #expect(saved, "the files hold \(files.map { (try? String(contentsOf: $0, encoding: .utf8)) ?? "nothing" })")
            // Each editor's local history went up beside the published versions, with its heads.
            let historiesUploaded = await eventually {
                (try? server.psql("SELECT count(DISTINCT device) FROM forked_history_heads WHERE head = 'main'")) == "2"
                    && (Int((try? server.psql("SELECT count(*) FROM forked_commits WHERE generation IS NULL")) ?? "") ?? 0) > 2
            }
            #expect(historiesUploaded, "\((try? server.psql("SELECT device, head FROM forked_history_heads")) ?? "")")
            for pane in [ann, bob] { try pane.sendKeys("C-q") }
            #expect(try ann.waitForScreen(timeout: .seconds(15)) { $0.contains("forked-edit exited with 0") } != nil, "\(ann.screenForMessage)")
            #expect(try bob.waitForScreen(timeout: .seconds(15)) { $0.contains("forked-edit exited with 0") } != nil, "\(bob.screenForMessage)")
            // Each one's history (F4, `forked-edit log`) names the other as the maker of the
            // versions that came in from the server, not `main`.
            for (file, other) in zip(files, ["bob", "ann"]) {
                let log = try runToEnd(try builtProduct("forked-edit"), ["log", file.path])
                #expect(log.status == 0 && log.output.contains("  \(other)  "), "\(log.output)")
                // This device's own typing is never credited to the other, and each change is
                // listed once: by the fork that made it, or by the merge that brought it in.
                let own = other == "bob" ? "ann" : "bob"
                let lines = log.output.split(separator: "\n")
                #expect(!lines.contains { $0.contains("  \(other)  ") && $0.contains("\(own) ") }, "\(own)'s log credits \(other) with \(own)'s text:\n\(log.output)")
                let listingOwnWord = lines.filter { $0.contains("\(own) three") && !$0.contains("merge:") }
                #expect(listingOwnWord.count <= 1, "\(own)'s log lists one change more than once:\n\(log.output)")
            }
        }
    }

    /// Issue 44's rule over sync: two machines replace one word at the same moment. The merge
    /// keeps both words whole, and both screens say so: the one whose merge found the conflict,
    /// and the other, told through its presence.
    @Test func twoEditorsReplacingOneWordBothShowTheConflictAndKeepBothWords() async throws {
        try await withPostgresServer { server in
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("forked-sync-word-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: root) }
            let files = try copies(["ann", "bob"], in: root)
            for file in files { try Data("The budget is approved\nsecond line\n".utf8).write(to: file) }
            let ann = try editor(files[0], server: server, user: "ann")
            defer { ann.close() }
            let bob = try editor(files[1], server: server, user: "bob")
            defer { bob.close() }
            for pane in [ann, bob] {
                #expect(try pane.waitForScreen(timeout: .seconds(15)) { $0.contains("connected") } != nil, "\(pane.screenForMessage)")
            }
            for pane in [ann, bob] {
                try pane.sendKeys("Right", "Right", "Right", "Right")
                for _ in 0..<6 { try pane.sendKeys("Delete") }
            }
            try ann.type("costs")
            try bob.type("money")
            let bothWords = { (screen: String) in
                screen.contains("The costs money is approved") || screen.contains("The money costs is approved")
            }
            for pane in [ann, bob] {
                let shown = try pane.waitForScreen(timeout: .seconds(15)) { bothWords($0) && $0.contains("both versions kept at 1 conflict (line 1)") }
                #expect(shown != nil, "a screen does not show the kept conflict: \(pane.screenForMessage)")
            }
            for pane in [ann, bob] { try pane.sendKeys("C-s") }
            let saved = await eventually {
                let texts = files.compactMap { try? String(contentsOf: $0, encoding: .utf8) }
                return texts.count == 2 && texts[0] == texts[1] && bothWords(texts[0]) && !texts[0].contains("budget")
            }
            #expect(saved, "the files hold \(files.map { (try? String(contentsOf: $0, encoding: .utf8)) ?? "nothing" })")
            for pane in [ann, bob] { try pane.sendKeys("C-q") }
        }
    }

    @Test func anotherFileWithTheSameNameDoesNotJoinTheDocumentUnlessNamed() async throws {
        try await withPostgresServer { server in
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("forked-sync-names-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: root) }
            let files = try copies(["ann", "bob"], in: root)
            try Data("Bob's own plan\nnothing like Ann's\n".utf8).write(to: files[1])
            // Ann's editor publishes plan.txt under its login and file name, as the document "postgres/plan.txt".
            let binary = try builtProduct("forked-edit")
            let ann = try TmuxSession(
                command: "env USER=ann SWIFT_BACKTRACE=interactive=no LANG=C.UTF-8 TERM=xterm-256color '\(binary)' '\(files[0].path)' --sync '\(server.url)' --auto-merge; sleep 10",
                columns: 120, rows: 30
            )
            defer { ann.close() }
            #expect(try ann.waitForScreen(timeout: .seconds(15)) { $0.contains("connected") } != nil, "\(ann.screenForMessage)")
            try ann.type("Ann ")
            let published = await eventually {
                (try? server.psql("SELECT count(*) FROM forked_commits WHERE document = 'postgres/plan.txt'")).flatMap { Int($0) } ?? 0 > 0
            }
            #expect(published)

            // Bob's unrelated plan.txt is refused before the screen is touched: one line, exit 2.
            let (status, output) = try runToEnd(binary, [files[1].path, "--sync", server.url])
            #expect(status == 2, "\(output)")
            #expect(output.split(separator: "\n").count == 1 && output.contains("is another file's document") && output.contains("--document"), "\(output)")
            #expect(try String(contentsOf: files[1], encoding: .utf8) == "Bob's own plan\nnothing like Ann's\n")
            #expect(try server.psql("SELECT count(*) FROM forked_commits WHERE document = 'postgres/plan.txt' AND origin LIKE '%bob%'") == "0")
            try ann.sendKeys("C-q")
        }
    }
}
