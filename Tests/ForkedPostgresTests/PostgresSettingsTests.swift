import ForkedPostgres
import Foundation
import Testing

struct PostgresSettingsTests {
    let home = URL(fileURLWithPath: "/nonexistent-home")

    @Test func aURLGivesEveryPartAndTheDescriptionHidesThePassword() throws {
        let settings = try PostgresSettings(
            url: "postgresql://ann:s%40cret@db.example.org:6543/notes?sslmode=require", environment: [:], homeDirectory: home
        )
        #expect(settings == PostgresSettings(
            host: "db.example.org", port: 6543, user: "ann", password: "s@cret", database: "notes", sslMode: .require
        ))
        #expect(settings.description == "ann@db.example.org:6543/notes (sslmode=require)")
        #expect(!settings.description.contains("cret"))
    }

    @Test func whatTheURLLeavesOutComesFromTheEnvironment() throws {
        let environment = [
            "PGHOST": "pg.internal", "PGPORT": "5433", "PGUSER": "bob", "PGPASSWORD": "pw", "PGDATABASE": "docs",
            "PGSSLMODE": "disable",
        ]
        let fromEnvironment = try PostgresSettings(url: nil, environment: environment, homeDirectory: home)
        #expect(fromEnvironment == PostgresSettings(host: "pg.internal", port: 5433, user: "bob", password: "pw", database: "docs", sslMode: .disable))
        let mixed = try PostgresSettings(url: "postgres://carol@/other", environment: environment, homeDirectory: home)
        #expect(mixed == PostgresSettings(host: "pg.internal", port: 5433, user: "carol", password: "pw", database: "other", sslMode: .disable))
    }

    @Test func aMissingPasswordIsReadFromThePasswordFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pgpass-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try """
        # comment
        other.host:5432:*:ann:wrong
        db.example.org:5432:notes:ann:pa\\:ss
        *:*:*:*:fallback
        """.write(to: directory.appendingPathComponent(".pgpass"), atomically: true, encoding: .utf8)
        chmod(directory.appendingPathComponent(".pgpass").path, 0o600)
        let settings = try PostgresSettings(url: "postgres://ann@db.example.org/notes", environment: [:], homeDirectory: directory)
        #expect(settings.password == "pa:ss")
        let other = try PostgresSettings(url: "postgres://zed@elsewhere/x", environment: [:], homeDirectory: directory)
        #expect(other.password == "fallback")
        let named = try PostgresSettings(
            url: "postgres://ann@db.example.org/notes",
            environment: ["PGPASSFILE": directory.appendingPathComponent("none").path], homeDirectory: directory
        )
        #expect(named.password == nil)
    }

    @Test func thePasswordFileIsFoundThroughHOMEAndIgnoredWhenOthersMayReadIt() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pgpass-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent(".pgpass")
        try "*:*:*:*:secret\n".write(to: file, atomically: true, encoding: .utf8)
        chmod(file.path, 0o600)
        let owned = try PostgresSettings(url: "postgres://ann@db/notes", environment: ["HOME": directory.path])
        #expect(owned.password == "secret", "$HOME is where ~/.pgpass is, as for psql")
        #expect(owned.warnings.isEmpty)
        chmod(file.path, 0o640)
        let shared = try PostgresSettings(url: "postgres://ann@db/notes", environment: ["HOME": directory.path])
        #expect(shared.password == nil, "a password file the group may read is not used, as libpq does")
        #expect(shared.warnings.count == 1)
        #expect(shared.warnings.first?.contains("has group or world access") == true, "\(shared.warnings)")
        #expect(shared.warnings.first?.contains("secret") == false)
        let named = try PostgresSettings(url: "postgres://ann@db/notes", environment: ["PGPASSFILE": file.path])
        #expect(named.password == nil && named.warnings.count == 1, "PGPASSFILE is checked the same way")
    }

    @Test func aPasswordInTheURLIsUsedWithAWarningThatNamesNoPassword() throws {
        let settings = try PostgresSettings(url: "postgres://ann:hunter2@db/notes", environment: [:], homeDirectory: home)
        #expect(settings.password == "hunter2")
        #expect(settings.warnings.count == 1)
        #expect(settings.warnings.first?.contains("PGPASSWORD") == true)
        #expect(settings.warnings.allSatisfy { !$0.contains("hunter2") })
        #expect(!settings.description.contains("hunter2"))
    }

    @Test(arguments: [
        ("mysql://ann:secret@host/db", "postgres://"),
        ("postgres://ann:secret@host:99999/db", "port"),
        ("postgres://ann:secret@host/db?sslmode=sometimes", "sslmode"),
        ("postgres://ann:secret@host/db?colour=blue", "colour"),
    ])
    func badURLsSayWhatIsWrongWithoutThePassword(url: String, expected: String) {
        do {
            _ = try PostgresSettings(url: url, environment: [:], homeDirectory: home)
            Issue.record("\(url) was accepted")
        } catch {
            let message = "\(error)"
            #expect(message.contains(expected))
            #expect(!message.contains("secret"))
        }
    }
}
