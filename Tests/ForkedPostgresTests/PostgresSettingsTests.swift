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
