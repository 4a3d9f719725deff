import Forked
import ForkedModel
import ForkedPostgres
import Foundation
import Testing

/// A model as an older build knows it…
struct VersionedNote: Codable, Equatable, Sendable, VersionedModel {
    static let modelVersion = 1
    var forkedModelVersion = 1
    var text: String
}

/// …and as a newer build writes it.
struct NewerVersionedNote: Codable, Equatable, Sendable, VersionedModel {
    static let modelVersion = 2
    var forkedModelVersion = 2
    var text: String
}

@Suite(.enabled(if: PostgresTestServer.isAvailable, Comment(rawValue: PostgresTestServer.unavailableReason ?? "")))
struct SchemaTests {
    @Test func theExchangeCreatesItsTablesOnceAndRefusesANewerSchema() async throws {
        try await withPostgresServer { server in
            let first = try Device(settings: server.settings(), initialText: "x")
            let second = try Device(settings: server.settings(), initialText: "y")
            defer { Task { await first.remove(); await second.remove() } }
            first.exchange.start()
            second.exchange.start()
            #expect(await eventually { first.exchange.status.isConnected && second.exchange.status.isConnected })
            #expect(try server.psql("SELECT string_agg(version::text, ',' ORDER BY version) FROM forked_schema") == "1,2,3,4,5,6,7")
            try server.psql("INSERT INTO forked_schema (version) VALUES (99)")
            let late = try Device(settings: server.settings())
            defer { Task { await late.remove() } }
            late.exchange.start()
            #expect(await eventually { late.exchange.status.connection == .stopped(.schemaTooNew(found: 99, supported: 7)) })
        }
    }

    @Test func dataFromANewerModelIsRefusedNotMerged() async throws {
        try await withPostgresServer { server in
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("forked-versions-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: root) }
            let newer = try ForkedResource(repository: FileRepository<NewerVersionedNote>(directory: root.appendingPathComponent("new")))
            try newer.update(.main, with: NewerVersionedNote(text: "from the future"))
            let newerExchange = try PostgresExchange(
                resource: newer, document: "doc", settings: server.settings(),
                stateDirectory: root.appendingPathComponent("new-sync"), options: .fast
            )
            newerExchange.start()
            #expect(await eventually { newerExchange.status.uploads == 1 })
            await newerExchange.stop()

            let older = try ForkedResource(repository: FileRepository<VersionedNote>(directory: root.appendingPathComponent("old")))
            try older.update(.main, with: VersionedNote(text: "mine"))
            let olderExchange = try PostgresExchange(
                resource: older, document: "doc", settings: server.settings(),
                stateDirectory: root.appendingPathComponent("old-sync"), options: .fast
            )
            olderExchange.start()
            #expect(await eventually {
                olderExchange.status.connection == .stopped(.newerModelVersion(dataVersion: 2, supportedVersion: 1))
            })
            await olderExchange.stop()
            #expect(try older.value(in: .main) == VersionedNote(text: "mine"))
            #expect(try server.psql("SELECT generation FROM forked_documents") == "1")
        }
    }

    @Test func tablesDroppedByHandStopTheSyncWithAMessageInsteadOfRetrying() async throws {
        try await withPostgresServer { server in
            let first = try Device(settings: server.settings(), initialText: "kept here")
            defer { Task { await first.remove() } }
            #expect(await first.startAndAwaitFirstUpload())
            await first.exchange.stop()
            try server.psql("DROP TABLE forked_documents CASCADE")
            let second = try Device(settings: server.settings(), initialText: "mine")
            defer { Task { await second.remove() } }
            second.exchange.start()
            let error = try #require(await second.stoppedError())
            guard case .schemaDamaged(_, let detail) = error else { Issue.record("expected damaged tables, got \(error)"); return }
            #expect(detail.contains("forked_documents"))
            #expect(second.text == "mine")
            #expect(!error.isTransient)
            #expect(error.description.contains("dropped or altered by hand"))
        }
    }

    @Test func aUserWhoMayNotCreateTheTablesIsToldToAskTheDatabaseOwnerOnce() async throws {
        try await withPostgresServer { server in
            // PostgreSQL 15 lets only the database's owner create tables in schema public.
            try server.psql("CREATE ROLE visitor LOGIN PASSWORD '\(PostgresTestServer.password)'")
            let device = try Device(settings: server.settings(user: "visitor"), initialText: "mine")
            defer { Task { await device.remove() } }
            device.exchange.start()
            let error = try #require(await device.stoppedError())
            guard case .schemaNotSetUp(_, 0, 7) = error else { Issue.record("expected tables not set up, got \(error)"); return }
            #expect(error.description.contains("forked-edit sync-setup"))
            #expect(!error.description.contains(PostgresTestServer.password))
            #expect(!error.isTransient)
            #expect(device.text == "mine")
            // Nothing was made half-way.
            #expect(try server.psql("SELECT to_regclass('forked_schema') IS NULL") == "t")
        }
    }
}
