import Forked
@testable import ForkedPostgres
import Logging
import Foundation
import PostgresNIO
import Testing

/// Many devices uploading at once: their versions are staged and whoever holds the document's
/// turn merges them all into one generation.
@Suite(.enabled(if: PostgresTestServer.isAvailable, Comment(rawValue: PostgresTestServer.unavailableReason ?? "")))
struct GroupCommitTests {
    /// `count` devices on one document, each inserting `editsEach` lines `d<device>-<k>` at random
    /// places, all at once; `during` runs every 30 ms while they type.
    private func typeTogether(
        devices count: Int, editsEach: Int, server: PostgresTestServer, during: @escaping @Sendable () throws -> Void = {}
    ) async throws -> (devices: [Device], expected: Set<String>) {
        let first = try Device(settings: server.settings(), initialText: "start\n")
        var devices = [first]
        for _ in 1..<count { devices.append(try Device(settings: server.settings())) }
        for device in devices { device.exchange.start() }
        #expect(await eventually { converged(devices) && devices.allSatisfy { $0.text == "start\n" } })
        let meanwhile = Task {
            while !Task.isCancelled {
                try during()
                try await Task.sleep(for: .milliseconds(30))
            }
        }
        defer { meanwhile.cancel() }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (number, device) in devices.enumerated() {
                group.addTask {
                    for index in 0..<editsEach {
                        let place = Double.random(in: 0..<1)
                        try device.edit { text in
                            var lines = text.split(separator: "\n").map(String.init)
                            lines.insert("d\(number)-\(index)", at: min(lines.count, Int(place * Double(lines.count + 1))))
                            text = lines.map { $0 + "\n" }.joined()
                        }
                        try await Task.sleep(for: .milliseconds(Int.random(in: 5...25)))
                    }
                }
            }
            try await group.waitForAll()
        }
        let expected = Set((0..<count).flatMap { device in (0..<editsEach).map { "d\(device)-\($0)" } } + ["start"])
        return (devices, expected)
    }

    /// Every device holds every line once.
    private func expectEveryLineOnce(_ devices: [Device], _ expected: Set<String>) throws {
        for device in devices {
            let lines = try #require(device.text).split(separator: "\n").map(String.init)
            #expect(lines.count == expected.count)
            #expect(Set(lines) == expected)
        }
    }

    @Test func devicesUploadingAtOnceLandTogetherInFewerGenerations() async throws {
        try await withPostgresServer { server in
            let (devices, expected) = try await typeTogether(devices: 6, editsEach: 15, server: server)
            defer { Task { for device in devices { await device.remove() } } }
            #expect(await eventually(timeout: .seconds(40)) { converged(devices) && devices.allSatisfy { !$0.exchange.status.hasPendingChanges } })
            try expectEveryLineOnce(devices, expected)
            // A generation whose parents are the head before it and two or more staged versions.
            let widest = try server.psql("SELECT coalesce(max(length(parents)) / 32, 0) FROM forked_commits WHERE generation IS NOT NULL")
            #expect((Int(widest) ?? 0) >= 3, "no generation merged two staged versions")
            let merged = devices.map(\.exchange.status.stagedVersionsMerged).reduce(0, +)
            let staged = try Int(server.psql("SELECT count(*) FROM forked_commits WHERE generation IS NULL")) ?? 0
            // Every staged version was merged once, by one device, and is kept as a commit.
            #expect(merged == staged && merged > 0)
            #expect(try server.psql("SELECT count(*) FROM forked_staged") == "0")
            let uploads = devices.map(\.exchange.status.uploads).reduce(0, +)
            let generations = try Int(server.psql("SELECT generation FROM forked_documents")) ?? 0
            #expect(generations < uploads, "every upload made its own generation")
        }
    }

    @Test func aVersionMergedWhileItsDeviceWasStoppedIsReadBackOnRestart() async throws {
        try await withPostgresServer { server in
            let first = try Device(settings: server.settings(), initialText: "a\nb\nc\n")
            let second = try Device(settings: server.settings())
            defer { Task { await first.remove(); await second.remove() } }
            first.exchange.start()
            second.exchange.start()
            #expect(await eventually { converged([first, second]) && second.text == "a\nb\nc\n" })
            await first.exchange.stop()
            await second.exchange.stop()

            // The first device stages a version and stops before its turn comes…
            try first.edit { $0 = "a\nX\nb\nc\n" }
            let connector = PostgresConnector(settings: server.settings(), connectTimeout: .seconds(10), logger: Logger(label: "test"))
            let staged = try await connector.withConnection { connection in
                let prepared = try #require(try first.exchange.prepareUpload())
                try await first.exchange.store.stage(StagedVersion(prepared.commit, basedOn: prepared.expected), on: connection)
                // …and the second, in its turn, merges it with its own.
                try second.edit { $0 = "a\nP\nb\nQ\nc\n" }
                #expect(try await second.exchange.uploadThroughStage(contended: true, on: connection))
                return prepared.commit.idBytes
            }
            #expect(try server.psql("SELECT max(length(parents)) / 32 FROM forked_commits WHERE generation IS NOT NULL") == "3")
            let merged = try #require(second.text)
            #expect(Set(merged.split(separator: "\n")) == ["a", "b", "c", "X", "P", "Q"])

            // Restarted, the first device finds its version merged, and what it measures the
            // generation against is that version, read back from the server.
            let restarted = try Device(settings: server.settings(), directory: first.directory)
            restarted.exchange.start()
            #expect(await eventually { restarted.text == merged && !restarted.exchange.status.hasPendingChanges })
            #expect(restarted.exchange.status.uploads == 1)
            #expect(restarted.exchange.stagedUpload(staged) != nil, "the staged version was not read back")
            await restarted.exchange.stop()
        }
    }

    /// Whether a session waits for a lock in a statement that starts with `statement`.
    private static func someoneWaits(_ server: PostgresTestServer, in statement: String) throws -> Bool {
        try server.psql("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '\(statement)%'") != "0"
    }

    @Test func aVersionLeftStagedIsTakenBackBeforeItsDeviceCatchesUpAgain() async throws {
        try await withPostgresServer { server in
            let first = try Device(settings: server.settings(), initialText: "a\nb\nc\n")
            let second = try Device(settings: server.settings())
            defer { Task { await first.remove(); await second.remove() } }
            first.exchange.start()
            second.exchange.start()
            #expect(await eventually { converged([first, second]) && second.text == "a\nb\nc\n" })
            await first.exchange.stop()
            await second.exchange.stop()
            let logger = Logger(label: "test")
            let connector = PostgresConnector(settings: server.settings(), connectTimeout: .seconds(10), logger: logger)
            let firstConnection = try await connector.connect()
            let secondConnection = try await connector.connect()
            let blocker = try await connector.connect()
            defer { Task { for connection in [firstConnection, secondConnection, blocker] { try? await connection.close() } } }

            // The first device's session ended while its version waited for a turn: staged, made
            // from generation 1. The device types on.
            try first.edit { $0 = "a\nX\nb\nc\n" }
            let stagedVersion = try await first.exchange.stageMain(on: firstConnection)
            let staged = try #require(stagedVersion)
            try first.edit { $0 = "a\nX\nb\nY\nc\n" }
            // The second device publishes generation 2, which does not merge that version…
            try second.edit { $0 = "a\nb\nP\nc\n" }
            #expect(try await second.exchange.publishMain(on: secondConnection))
            // …and merges it in its next turn, into generation 3. That turn's publish is held once
            // it took the version: a commit with the version's id, inserted and not committed,
            // makes its insert of the version wait.
            _ = try await blocker.query("BEGIN", logger: logger).collect()
            _ = try await blocker.query(
                """
                INSERT INTO forked_commits
                    (document, id, parents, origin, time_ms, value_digest, kind, payload, generation, model_version)
                VALUES (\("notes"), \(staged.idBytes), \(Data()), \("test"), \(Int64(0)), \(Data()), \(Int16(0)), \(Data()),
                    NULL, \(0))
                """,
                logger: logger
            ).collect()
            try second.edit { $0 = "a\nb\nQ\nP\nR\nc\n" }
            let turn = Task { try await second.exchange.uploadThroughStage(contended: true, on: secondConnection) }
            #expect(try await eventually { try Self.someoneWaits(server, in: "SELECT forked_publish_staged") })

            // The first device connects again while that publish is held: its withdraw waits for
            // the publish, which takes the version. Had it fetched generation 2 first, generation
            // 3 would be merged into main against the version as staged, with P on both sides.
            let catchUp = Task { try await first.exchange.catchUpAfterConnecting(on: firstConnection) }
            #expect(try await eventually { try Self.someoneWaits(server, in: "DELETE FROM forked_staged") })
            _ = try await blocker.query("ROLLBACK", logger: logger).collect()
            #expect(try await turn.value)
            try await catchUp.value

            let lines = try #require(first.text).split(separator: "\n").map(String.init)
            #expect(lines.sorted() == ["P", "Q", "R", "X", "Y", "a", "b", "c"])
            #expect(first.exchange.localState.pendingCommit == nil)
            #expect(first.exchange.localState.generation == 3)
            #expect(try server.psql("SELECT count(*) FROM forked_staged") == "0")
        }
    }

    @Test func backendsKilledInTheirTurnOrWaitingForItLoseAndDoubleNothing() async throws {
        try await withPostgresServer { server in
            // Ends the connections that hold or wait for a turn: versions are left staged, some
            // merged by the next turn, others taken back by their device when it reconnects.
            let kill: @Sendable () throws -> Void = {
                try server.psql("""
                    SELECT count(pg_terminate_backend(pid)) FROM pg_locks
                    WHERE locktype = 'advisory' AND pid <> pg_backend_pid()
                    """)
            }
            let (devices, expected) = try await typeTogether(devices: 4, editsEach: 30, server: server, during: kill)
            defer { Task { for device in devices { await device.remove() } } }
            #expect(await eventually(timeout: .seconds(60)) { converged(devices) && devices.allSatisfy { !$0.exchange.status.hasPendingChanges } })
            try expectEveryLineOnce(devices, expected)
            #expect(try server.psql("SELECT count(*) FROM forked_staged") == "0")
        }
    }
}
