import ForkedHistory
@testable import ForkedPostgres
import Foundation
import Logging
import PostgresNIO
import Testing

/// The statements an upload's turn runs at the document's row.
@Suite(.enabled(if: PostgresTestServer.isAvailable, Comment(rawValue: PostgresTestServer.unavailableReason ?? "")))
struct DocumentStoreTests {
    private static let logger = Logger(label: "forked.postgres.tests")

    /// Generation `generation` of a document whose value is `text`, as a delta-free snapshot.
    private static func commit(_ text: String, generation: Int64) -> ServerCommit {
        let value = Data(text.utf8)
        let commit = HistoryCommit(
            parents: [], origin: "device-\(generation)", time: Date(timeIntervalSince1970: 1_700_000_000 + Double(generation)),
            valueDigest: SHA256Digest.digest(of: value), body: .snapshot(value)
        )
        return ServerCommit(commit, generation: generation, modelVersion: 0)
    }

    /// Whether some connection is waiting for a turn.
    private static func someoneWaits(_ server: PostgresTestServer) throws -> Bool {
        try server.psql("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted") != "0"
    }

    /// What `turn`, begun on `connection`, returns once no one waits any more; a turn still
    /// waiting after the usual time is a failure, and closing its connection ends the wait.
    private static func value(
        of turn: Task<(DocumentStore.Head?, [ServerCommit]), any Error>, on connection: PostgresConnection, _ server: PostgresTestServer
    ) async throws -> (DocumentStore.Head?, [ServerCommit]) {
        let started = try await eventually { try !someoneWaits(server) }
        #expect(started, "the turn is still waiting")
        if !started { try await connection.close() }
        return try await turn.value
    }

    @Test func aTurnWaitsForThePreviousOneAndReadsTheCommitsThatLandedMeanwhile() async throws {
        try await withPostgresServer { server in
            let connector = PostgresConnector(settings: server.settings(), connectTimeout: .seconds(10), logger: Self.logger)
            let holder = try await connector.connect()
            let waiter = try await connector.connect()
            defer {
                Task {
                    try? await holder.close()
                    try? await waiter.close()
                }
            }
            try await ServerSchema.migrate(holder, logger: Self.logger)
            let store = DocumentStore(document: "doc 'with' quotes; DROP TABLE forked_commits", logger: Self.logger)
            #expect(try await store.publish(Self.commit("one", generation: 1), expecting: 0, device: "a", on: holder) == .published(generation: 1))
            #expect(try await store.publish(Self.commit("two", generation: 2), expecting: 1, device: "a", on: holder) == .published(generation: 2))

            let (held, none) = try await store.beginTurn(after: 2, on: holder)
            #expect(held?.generation == 2 && none.isEmpty)
            // The waiter knows generation 1 and queues for the turn the holder has.
            let waiting = Task { try await store.beginTurn(after: 1, on: waiter) }
            #expect(try await eventually { try Self.someoneWaits(server) })
            #expect(try await store.publish(
                Self.commit("three", generation: 3), expecting: 2, device: "a", endingTurn: true, on: holder
            ) == .published(generation: 3))

            // Read after the wait, with what the holder published in its turn.
            let (head, commits) = try await Self.value(of: waiting, on: waiter, server)
            #expect(head?.generation == 3)
            #expect(head?.head == Self.commit("three", generation: 3).idBytes)
            #expect(commits.map(\.generation) == [2, 3])
            #expect(commits.map(\.commit) == [Self.commit("two", generation: 2).commit, Self.commit("three", generation: 3).commit])
            try await store.endTurn(on: waiter)
        }
    }

    @Test func aTurnEndsWhenNothingIsPublishedOrTheConnectionCloses() async throws {
        try await withPostgresServer { server in
            let connector = PostgresConnector(settings: server.settings(), connectTimeout: .seconds(10), logger: Self.logger)
            let first = try await connector.connect()
            let second = try await connector.connect()
            let third = try await connector.connect()
            defer { Task { try? await third.close() } }
            try await ServerSchema.migrate(first, logger: Self.logger)
            let store = DocumentStore(document: "doc", logger: Self.logger)
            _ = try await store.publish(Self.commit("one", generation: 1), expecting: 0, device: "a", on: first)

            _ = try await store.beginTurn(after: 1, on: first)
            // A publish that does not land (the document is not at generation 5) keeps the turn.
            #expect(try await store.publish(
                Self.commit("six", generation: 6), expecting: 5, device: "a", endingTurn: true, on: first
            ) == .generationMoved)
            let secondTurn = Task { try await store.beginTurn(after: 1, on: second) }
            #expect(try await eventually { try Self.someoneWaits(server) })
            try await Task.sleep(for: .milliseconds(200))
            #expect(try Self.someoneWaits(server))
            try await store.endTurn(on: first)
            #expect(try await Self.value(of: secondTurn, on: second, server).0?.generation == 1)

            // The second connection holds the turn; closing it ends the turn too.
            let thirdTurn = Task { try await store.beginTurn(after: 1, on: third) }
            #expect(try await eventually { try Self.someoneWaits(server) })
            try await second.close()
            #expect(try await Self.value(of: thirdTurn, on: third, server).0?.generation == 1)
            try await first.close()
        }
    }

    @Test func aTurnAtACurrentOrUnknownDocumentReturnsNoCommits() async throws {
        try await withPostgresServer { server in
            let connector = PostgresConnector(settings: server.settings(), connectTimeout: .seconds(10), logger: Self.logger)
            try await connector.withConnection { connection in
                try await ServerSchema.migrate(connection, logger: Self.logger)
                let store = DocumentStore(document: "doc", logger: Self.logger)
                let (missing, none) = try await store.beginTurn(after: 0, on: connection)
                #expect(missing == nil && none.isEmpty)
                // The first publish of a document ends the turn as well.
                #expect(try await store.publish(
                    Self.commit("one", generation: 1), expecting: 0, device: "a", endingTurn: true, on: connection
                ) == .published(generation: 1))
                #expect(try server.psql("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'") == "0")

                _ = try await store.publish(Self.commit("two", generation: 2), expecting: 1, device: "a", on: connection)
                for known: Int64 in [0, 2] {
                    let (head, commits) = try await store.beginTurn(after: known, on: connection)
                    try await store.endTurn(on: connection)
                    // A device that knows nothing starts from a snapshot; one that is current needs nothing.
                    #expect(head?.generation == 2)
                    #expect(commits.isEmpty)
                }
                #expect(try server.psql("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'") == "0")
            }
        }
    }
}
