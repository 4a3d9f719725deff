import Foundation
import Testing

/// `forked-edit FILE --sync URL` refuses settings that cannot work with one line and exit status 2,
/// before the terminal is touched.
struct EditorSyncCommandTests {
    private func scratchFile() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("forked-edit-sync-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("notes.txt")
        try Data("hello\n".utf8).write(to: file)
        return file
    }

    private func expectOneLineFailure(_ arguments: [String], mentioning expected: String, hiding secret: String) throws {
        let file = try scratchFile()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        var environment = ProcessInfo.processInfo.environment
        environment["FORKED_EDIT_SYNC"] = nil
        let (status, output) = try runToEnd(try builtProduct("forked-edit"), [file.path] + arguments, environment: environment)
        #expect(status == 2)
        #expect(output.split(separator: "\n").count == 1, "\(output)")
        #expect(output.contains(expected), "\(output)")
        #expect(!output.contains(secret))
        #expect(try String(contentsOf: file, encoding: .utf8) == "hello\n")
    }

    @Test func aBadURLIsOneLineAndExitStatusTwo() throws {
        try expectOneLineFailure(["--sync", "mysql://ann:hunter2@host/db"], mentioning: "postgres://", hiding: "hunter2")
    }

    @Test func aDocumentNameWithoutSyncIsRefusedNotIgnored() throws {
        try expectOneLineFailure(["--document", "plan"], mentioning: "it needs --sync URL", hiding: "postgres://")
    }

    @Test(.enabled(if: PostgresTestServer.isAvailable, Comment(rawValue: PostgresTestServer.unavailableReason ?? "")))
    func aRefusedPasswordAndAMissingDatabaseAreOneLineEach() async throws {
        try await withPostgresServer { server in
            try expectOneLineFailure(
                ["--sync", "postgres://postgres:hunter2@127.0.0.1:\(server.port)/forked?sslmode=disable"],
                mentioning: "refused the login", hiding: "hunter2"
            )
            try expectOneLineFailure(
                ["--sync", "postgres://postgres:\(PostgresTestServer.password)@127.0.0.1:\(server.port)/nowhere?sslmode=disable"],
                mentioning: "database 'nowhere' does not exist", hiding: PostgresTestServer.password
            )
        }
    }

    @Test(.enabled(if: PostgresTestServer.isAvailable, Comment(rawValue: PostgresTestServer.unavailableReason ?? "")))
    func aUserWithoutRightsAndTablesDroppedByHandAreOneLineEach() async throws {
        try await withPostgresServer { server in
            // PostgreSQL 15 lets only the database's owner create tables in schema public.
            try server.psql("CREATE ROLE visitor LOGIN PASSWORD 'visitor-secret'")
            try expectOneLineFailure(
                ["--sync", "postgres://visitor:visitor-secret@127.0.0.1:\(server.port)/forked?sslmode=disable"],
                mentioning: "forked-edit sync-setup", hiding: "visitor-secret"
            )
            try await server.settings().checkConnection()
            try server.psql("DROP FUNCTION forked_begin_staged_turn(text, bigint, bytea)")
            try expectOneLineFailure(
                ["--sync", "postgres://postgres:\(PostgresTestServer.password)@127.0.0.1:\(server.port)/forked?sslmode=disable"],
                mentioning: "forked_begin_staged_turn", hiding: PostgresTestServer.password
            )
        }
    }
}
