import ForkedTestSupport
import Foundation
import Testing

/// `forked-edit sync-setup`, `share` and `members`, and the editor with a document shared
/// read-only or not at all: the real binary, three logins on a real server.
@Suite(.enabled(if: PostgresTestServer.isAvailable && TmuxSession.executable != nil,
                Comment(rawValue: PostgresTestServer.unavailableReason ?? "tmux is not installed")))
struct SharingCommandTests {
    private func url(_ server: PostgresTestServer, user: String) -> String {
        "postgres://\(user)@127.0.0.1:\(server.port)/\(PostgresTestServer.database)?sslmode=disable"
    }

    /// Runs `forked-edit` with the password in the environment, as the README advises.
    private func forkedEdit(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try runToEnd(try builtProduct("forked-edit"), arguments, environment: ProcessInfo.processInfo.environment.merging(
            ["PGPASSWORD": PostgresTestServer.password, "SWIFT_BACKTRACE": "interactive=no"], uniquingKeysWith: { $1 }
        ))
    }

    /// The editor under tmux as `user`, on `file`, with `arguments` after `--sync URL`.
    private func editor(_ file: URL, server: PostgresTestServer, user: String, _ arguments: String) throws -> TmuxSession {
        try TmuxSession(
            command: "env PGPASSWORD=\(PostgresTestServer.password) SWIFT_BACKTRACE=interactive=no LANG=C.UTF-8 TERM=xterm-256color "
                + "'\(try builtProduct("forked-edit"))' '\(file.path)' --sync '\(url(server, user: user))' \(arguments); sleep 10",
            columns: 120, rows: 30
        )
    }

    @Test func theOwnerSharesReadOnlyAndTheMemberSeesButCannotEditWhileOthersAreRefused() async throws {
        try await withPostgresServer { server in
            for role in ["alice", "bob", "eve"] { try server.psql("CREATE ROLE \(role) LOGIN PASSWORD '\(PostgresTestServer.password)'") }
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("forked-sharing-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: root) }
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            let alicesFile = root.appendingPathComponent("plan.txt")
            try Data("Alice's plan\nlaunch on monday\n".utf8).write(to: alicesFile)
            let bobsFile = root.appendingPathComponent("bobs-copy.txt")

            // A member cannot set the server up; its owner can, once.
            let early = try forkedEdit([alicesFile.path, "--sync", url(server, user: "alice")])
            #expect(early.status == 2 && early.output.contains("forked-edit sync-setup"), "\(early.output)")
            let setup = try forkedEdit(["sync-setup", url(server, user: "postgres")])
            #expect(setup.status == 0 && setup.output.contains("schema version"), "\(setup.output)")
            let printed = try forkedEdit(["sync-setup", "--print"])
            #expect(printed.status == 0 && printed.output.contains("CREATE POLICY"))

            // Alice's editor publishes plan.txt as alice/plan.txt.
            let alice = try editor(alicesFile, server: server, user: "alice", "--auto-merge")
            defer { alice.close() }
            #expect(try alice.waitForScreen(timeout: .seconds(15)) { $0.contains("'alice/plan.txt' shared live") } != nil, "\(alice.screenForMessage)")
            #expect(await eventually { (try? server.psql("SELECT owner FROM forked_documents WHERE name = 'alice/plan.txt'")) == "alice" })

            let shared = try forkedEdit(["share", alicesFile.path, "--with", "bob", "--read-only", "--sync", url(server, user: "alice")])
            #expect(shared.status == 0 && shared.output.contains("Shared 'alice/plan.txt' with bob read-only"), "\(shared.output)")
            let members = try forkedEdit(["members", bobsFile.path, "--document", "alice/plan.txt", "--sync", url(server, user: "bob")])
            #expect(members.status == 0 && members.output.contains("alice owner") && members.output.contains("bob read-only"), "\(members.output)")
            let notOwner = try forkedEdit(["share", bobsFile.path, "--document", "alice/plan.txt", "--with", "eve", "--sync", url(server, user: "bob")])
            #expect(notOwner.status == 2 && notOwner.output.contains("only alice, its owner"), "\(notOwner.output)")

            // Eve: one line, exit 2, from the editor and from members.
            let eveEdit = try forkedEdit([root.appendingPathComponent("eve.txt").path, "--sync", url(server, user: "eve"), "--document", "alice/plan.txt"])
            #expect(eveEdit.status == 2 && eveEdit.output.contains("no access to document 'alice/plan.txt'"), "\(eveEdit.output)")
            #expect(eveEdit.output.split(separator: "\n").count == 1, "\(eveEdit.output)")
            let eveMembers = try forkedEdit(["members", root.appendingPathComponent("eve.txt").path, "--document", "alice/plan.txt", "--sync", url(server, user: "eve")])
            #expect(eveMembers.status == 2 && eveMembers.output.contains("no access"), "\(eveMembers.output)")

            // Bob's editor shows the document and refuses to edit it.
            let bob = try editor(bobsFile, server: server, user: "bob", "--document alice/plan.txt")
            defer { bob.close() }
            #expect(try bob.waitForScreen(timeout: .seconds(15)) { $0.contains("launch on monday") } != nil, "\(bob.screenForMessage)")
            try bob.type("x")
            #expect(try bob.waitForScreen(timeout: .seconds(10)) { $0.contains("read-only") } != nil, "\(bob.screenForMessage)")
            try alice.type("Ann ")
            #expect(try bob.waitForScreen(timeout: .seconds(15)) { $0.contains("Ann Alice's plan") } != nil, "\(bob.screenForMessage)")
            #expect(try server.psql("SELECT count(*) FROM forked_commits WHERE origin LIKE '%bob%'") == "0")
            try bob.sendKeys("C-q")
            try alice.sendKeys("C-q")
        }
    }
}
