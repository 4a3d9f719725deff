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
    /// What the documents' announcements are sealed with here (any key: no test listens).
    private static let seal = NotificationSeal.random(for: "doc")!

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

    /// Whether `connection` holds no turn and no one waits: no advisory lock at all.
    private static func noTurnIsHeld(_ server: PostgresTestServer) throws -> Bool {
        try server.psql("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'") == "0"
    }

    /// A version of `text` made from generation `base`, from `device`.
    private static func version(_ text: String, basedOn base: Int64, device: String) -> StagedVersion {
        let value = Data(text.utf8)
        let commit = HistoryCommit(
            parents: [], origin: device, time: Date(timeIntervalSince1970: 1_700_000_100),
            valueDigest: SHA256Digest.digest(of: value), body: .snapshot(value)
        )
        return StagedVersion(ServerCommit(commit, generation: base + 1, modelVersion: 0), basedOn: base)
    }

    /// The generation after `expected` that merges `taken`, with `text` as its value.
    private static func merge(_ text: String, after expected: Int64, taking taken: [StagedVersion]) -> ServerCommit {
        let value = Data(text.utf8)
        let commit = HistoryCommit(
            parents: taken.map(\.commit.id), origin: "holder", time: Date(timeIntervalSince1970: 1_700_000_200 + Double(expected)),
            valueDigest: SHA256Digest.digest(of: value), body: .snapshot(value)
        )
        return ServerCommit(commit, generation: expected + 1, modelVersion: 0)
    }

    /// What `turn`, begun on `connection`, returns once no one waits any more; a turn still
    /// waiting after the usual time is a failure, and closing its connection ends the wait.
    private static func value(
        of turn: Task<DocumentStore.StagedTurn, any Error>, on connection: PostgresConnection, _ server: PostgresTestServer
    ) async throws -> DocumentStore.StagedTurn {
        let started = try await eventually { try !someoneWaits(server) }
        #expect(started, "the turn is still waiting")
        if !started { try await connection.close() }
        return try await turn.value
    }

    private static func connections(_ count: Int, to server: PostgresTestServer) async throws -> [PostgresConnection] {
        let connector = PostgresConnector(settings: server.settings(), connectTimeout: .seconds(10), logger: logger)
        var connections: [PostgresConnection] = []
        for _ in 0..<count { connections.append(try await connector.connect()) }
        try await ServerSchema.migrate(connections[0], server: "test", logger: logger)
        return connections
    }

    @Test func aTurnWaitsForThePreviousOneAndReadsWhatLandedAndWhatIsStaged() async throws {
        try await withPostgresServer { server in
            let connections = try await Self.connections(2, to: server)
            let (holder, waiter) = (connections[0], connections[1])
            defer { Task { for connection in connections { try? await connection.close() } } }
            let store = DocumentStore(document: "doc 'with' quotes; DROP TABLE forked_commits", logger: Self.logger)
            #expect(try await store.publish(Self.commit("one", generation: 1), expecting: 0, device: "a", announcingWith: Self.seal, channelKey: Self.seal.keyBytes, on: holder) == .published(generation: 1))
            #expect(try await store.publish(Self.commit("two", generation: 2), expecting: 1, device: "a", announcingWith: Self.seal, channelKey: Self.seal.keyBytes, on: holder) == .published(generation: 2))

            let mine = Self.version("two and a", basedOn: 2, device: "a")
            try await store.stage(mine, on: holder)
            let held = try await store.beginStagedTurn(after: 2, staged: mine.idBytes, on: holder)
            #expect(held.head?.generation == 2 && held.commits.isEmpty && held.staged == [mine])
            // The waiter knows generation 1; its version, staged after the holder read the
            // staged ones, waits for the next turn.
            let theirs = Self.version("one and b", basedOn: 1, device: "b")
            try await store.stage(theirs, on: waiter)
            let waiting = Task { try await store.beginStagedTurn(after: 1, staged: theirs.idBytes, on: waiter) }
            #expect(try await eventually { try Self.someoneWaits(server) })
            let three = Self.merge("two and a", after: 2, taking: [mine])
            #expect(try await store.publish(three, taking: [mine.idBytes], dropping: [], expecting: 2, device: "a", sealedWith: Self.seal, on: holder)
                == .published(generation: 3))

            // Read after the wait, with what the holder published in its turn.
            let turn = try await Self.value(of: waiting, on: waiter, server)
            #expect(turn.head?.generation == 3 && turn.head?.head == three.idBytes)
            #expect(turn.commits.map(\.generation) == [2, 3])
            #expect(turn.commits.map(\.commit) == [Self.commit("two", generation: 2).commit, three.commit])
            #expect(turn.staged == [theirs])
            // A version taken is a commit that made no generation.
            #expect(try server.psql("SELECT count(*) FROM forked_commits WHERE generation IS NULL") == "1")
            try await store.endTurn(on: waiter)
            #expect(try Self.noTurnIsHeld(server))
        }
    }

    @Test func aDeviceWhoseVersionWasTakenWhileItWaitedGetsNoTurn() async throws {
        try await withPostgresServer { server in
            let connections = try await Self.connections(3, to: server)
            defer { Task { for connection in connections { try? await connection.close() } } }
            let store = DocumentStore(document: "doc", logger: Self.logger)
            _ = try await store.publish(Self.commit("one", generation: 1), expecting: 0, device: "a", announcingWith: Self.seal, channelKey: Self.seal.keyBytes, on: connections[0])
            let versions = ["a", "b", "c"].map { Self.version("one and \($0)", basedOn: 1, device: $0) }
            for (version, connection) in zip(versions, connections) { try await store.stage(version, on: connection) }

            let held = try await store.beginStagedTurn(after: 1, staged: versions[0].idBytes, on: connections[0])
            #expect(held.staged == versions)
            let waiting = (1...2).map { index in
                Task { try await store.beginStagedTurn(after: 1, staged: versions[index].idBytes, on: connections[index]) }
            }
            #expect(try await eventually { try server.psql("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted") == "2" })
            let two = Self.merge("one and a, b, c", after: 1, taking: versions)
            #expect(try await store.publish(two, taking: versions.map(\.idBytes), dropping: [], expecting: 1, device: "a", sealedWith: Self.seal, on: connections[0])
                == .published(generation: 2))
            for (task, connection) in zip(waiting, connections.dropFirst()) {
                let turn = try await Self.value(of: task, on: connection, server)
                #expect(turn.staged == nil)
                #expect(turn.head?.generation == 2 && turn.commits.map(\.idBytes) == [two.idBytes])
            }
            #expect(try Self.noTurnIsHeld(server))
            #expect(try server.psql("SELECT count(*) FROM forked_staged") == "0")
        }
    }

    @Test func aPublishMeetingAWithdrawnVersionChangesNothingAndKeepsTheTurn() async throws {
        try await withPostgresServer { server in
            let connections = try await Self.connections(2, to: server)
            let (holder, other) = (connections[0], connections[1])
            defer { Task { for connection in connections { try? await connection.close() } } }
            let store = DocumentStore(document: "doc", logger: Self.logger)
            _ = try await store.publish(Self.commit("one", generation: 1), expecting: 0, device: "a", announcingWith: Self.seal, channelKey: Self.seal.keyBytes, on: holder)
            let mine = Self.version("one and a", basedOn: 1, device: "a")
            let theirs = Self.version("one and b", basedOn: 1, device: "b")
            let broken = Self.version("one and c", basedOn: 1, device: "c")
            try await store.stage(mine, on: holder)
            try await store.stage(theirs, on: other)
            try await store.stage(broken, on: other)
            #expect(try await store.beginStagedTurn(after: 1, staged: mine.idBytes, on: holder).staged == [mine, theirs, broken])

            #expect(try await store.withdraw(theirs.idBytes, on: other))
            #expect(try await !store.withdraw(theirs.idBytes, on: other))
            let two = Self.merge("one and a, b", after: 1, taking: [mine, theirs])
            #expect(try await store.publish(
                two, taking: [mine.idBytes, theirs.idBytes], dropping: [broken.idBytes], expecting: 1, device: "a", sealedWith: Self.seal, on: holder
            ) == .generationMoved)
            #expect(try server.psql("SELECT generation FROM forked_documents") == "1")
            #expect(try server.psql("SELECT count(*) FROM forked_staged") == "2")
            #expect(try server.psql("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'") == "1")

            // Without it, the turn lands, and the version dropped as unusable goes too.
            let again = Self.merge("one and a", after: 1, taking: [mine])
            #expect(try await store.publish(again, taking: [mine.idBytes], dropping: [broken.idBytes], expecting: 1, device: "a", sealedWith: Self.seal, on: holder)
                == .published(generation: 2))
            #expect(try server.psql("SELECT count(*) FROM forked_staged") == "0")
            #expect(try Self.noTurnIsHeld(server))
        }
    }

    @Test func aTurnEndsWithItsConnectionAndHoldsNothingAtAnUnknownDocument() async throws {
        try await withPostgresServer { server in
            let connections = try await Self.connections(2, to: server)
            let (first, second) = (connections[0], connections[1])
            defer { Task { try? await second.close() } }
            let store = DocumentStore(document: "doc", logger: Self.logger)
            let early = Self.version("a", basedOn: 1, device: "a")
            let missing = try await store.beginStagedTurn(after: 0, staged: early.idBytes, on: first)
            #expect(missing.head == nil && missing.commits.isEmpty && missing.staged == nil)
            #expect(try Self.noTurnIsHeld(server))

            _ = try await store.publish(Self.commit("one", generation: 1), expecting: 0, device: "a", announcingWith: Self.seal, channelKey: Self.seal.keyBytes, on: first)
            let mine = Self.version("one and a", basedOn: 1, device: "a")
            let theirs = Self.version("one and b", basedOn: 1, device: "b")
            try await store.stage(mine, on: first)
            try await store.stage(theirs, on: second)
            _ = try await store.beginStagedTurn(after: 1, staged: mine.idBytes, on: first)
            let waiting = Task { try await store.beginStagedTurn(after: 1, staged: theirs.idBytes, on: second) }
            #expect(try await eventually { try Self.someoneWaits(server) })
            try await first.close()
            // The closed connection's turn ended with it; nothing was taken, so both versions wait.
            let turn = try await Self.value(of: waiting, on: second, server)
            #expect(turn.head?.generation == 1 && turn.staged == [mine, theirs])
            try await store.endTurn(on: second)
        }
    }
}
