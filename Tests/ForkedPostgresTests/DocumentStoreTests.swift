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

    @Test func theLockedReadReturnsTheCommitsThatLandedWhileItWaited() async throws {
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

            try await holder.query("BEGIN", logger: Self.logger)
            #expect(try await store.lockedHead(inTransactionOn: holder)?.generation == 2)
            // The waiter knows generation 1 and queues for the row the holder has.
            let waiting = Task {
                try await waiter.withTransaction(logger: Self.logger) { connection in
                    try await store.lockedHeadAndCommits(after: 1, inTransactionOn: connection)
                }
            }
            #expect(try await eventually {
                try server.psql("SELECT count(*) FROM pg_locks WHERE NOT granted") != "0"
            })
            #expect(try await store.publish(Self.commit("three", generation: 3), expecting: 2, device: "a", on: holder) == .published(generation: 3))
            try await holder.query("COMMIT", logger: Self.logger)

            // A single statement would have read the commits as they were before the wait.
            let (head, commits) = try await waiting.value
            #expect(head?.generation == 3)
            #expect(head?.head == Self.commit("three", generation: 3).idBytes)
            #expect(commits.map(\.generation) == [2, 3])
            #expect(commits.map(\.commit) == [Self.commit("two", generation: 2).commit, Self.commit("three", generation: 3).commit])
        }
    }

    @Test func theLockedReadOfACurrentOrUnknownDocumentReturnsNoCommits() async throws {
        try await withPostgresServer { server in
            let connector = PostgresConnector(settings: server.settings(), connectTimeout: .seconds(10), logger: Self.logger)
            try await connector.withConnection { connection in
                try await ServerSchema.migrate(connection, logger: Self.logger)
                let store = DocumentStore(document: "doc", logger: Self.logger)
                let (missing, none) = try await connection.withTransaction(logger: Self.logger) { connection in
                    try await store.lockedHeadAndCommits(after: 0, inTransactionOn: connection)
                }
                #expect(missing == nil && none.isEmpty)

                _ = try await store.publish(Self.commit("one", generation: 1), expecting: 0, device: "a", on: connection)
                _ = try await store.publish(Self.commit("two", generation: 2), expecting: 1, device: "a", on: connection)
                for known: Int64 in [0, 2] {
                    let (head, commits) = try await connection.withTransaction(logger: Self.logger) { connection in
                        try await store.lockedHeadAndCommits(after: known, inTransactionOn: connection)
                    }
                    // A device that knows nothing starts from a snapshot; one that is current needs nothing.
                    #expect(head?.generation == 2)
                    #expect(commits.isEmpty)
                }
            }
        }
    }
}
