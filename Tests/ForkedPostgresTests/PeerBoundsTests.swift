import Forked
@testable import ForkedPostgres
import Foundation
import Logging
import Testing

/// What another login can make a device hold (issue 45, item 3): presence from made-up devices,
/// a flood of announcements, a document larger than the device takes. Each is bounded, and a
/// document over the limit stops the sync with one clear message while the edits stay here.
@Suite(.enabled(if: PostgresTestServer.isAvailable, Comment(rawValue: PostgresTestServer.unavailableReason ?? "")))
struct PeerBoundsTests {
    @Test func aFloodOfPresenceFromMadeUpDevicesKeepsAtMostTheLimit() async throws {
        try await withPostgresServer { server in
            var options = PostgresExchange<FileRepository<Note>>.Options.fast
            options.maximumPeers = 40
            let ann = try Device(settings: server.settings(), initialText: "shared\n", options: options)
            defer { Task { await ann.remove() } }
            #expect(await ann.startAndAwaitFirstUpload())
            // 2,000 notes from 2,000 device ids, as any login could send (no table rights needed):
            // not sealed with the document's key, every one is dropped.
            try server.psql("""
                SELECT pg_notify('\(ServerSchema.presenceChannel)', json_build_object('document', 'notes', 'device', 'fake-' || i, 'value', '0 0 eve')::text)
                FROM generate_series(1, 2000) AS i
                """)
            try await Task.sleep(for: .milliseconds(500))
            #expect(ann.exchange.status.presenceNotesReceived == 0 && ann.exchange.peers.isEmpty)
            // The same from someone who may read the document (sealed with its key), plus notes
            // longer than this library sends: at most the limit is kept.
            let seal = try #require(ann.exchange.shared.withLock { $0.seal })
            for index in 1...2000 {
                ann.exchange.receivePresence(try seal.seal(PresenceNote(document: "notes", device: "fake-\(index)", value: "0 0 eve").payload))
            }
            ann.exchange.receivePresence(try seal.seal(PresenceNote(document: "notes", device: String(repeating: "d", count: 300), value: "0 0 eve").payload))
            #expect(ann.exchange.status.presenceNotesReceived == 2000)
            #expect(ann.exchange.peers.count == 40)
            #expect(ann.exchange.shared.withLock { $0.peers.count } == 40)
            // The ones kept are the newest.
            #expect(ann.exchange.peers.contains { $0.device == "fake-2000" })
            #expect(!ann.exchange.peers.contains { $0.device.hasPrefix("ddd") })
        }
    }

    @Test func announcementsWaitingPastTheLimitAreDroppedAndTheHandlingFetches() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("forked-bounds-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let resource = try ForkedResource(repository: InMemoryRepository<Note>())
        let exchange = try PostgresExchange(
            resource: resource, document: "notes", settings: PostgresSettings(user: "ann", database: "notes"),
            stateDirectory: directory, logger: Logger(label: "test.bounds")
        )
        let (_, wake) = AsyncStream<PostgresExchange<InMemoryRepository<Note>>.Wakeup>.makeStream()
        let limit = PostgresExchange<InMemoryRepository<Note>>.maximumQueuedAnnouncements
        let seal = try #require(NotificationSeal.random(for: "notes"))
        exchange.shared.withLock { $0.announceSeal = seal }
        for generation in 1...(limit * 5) {
            exchange.note(try seal.seal(Announcement(document: "notes", generation: Int64(generation), device: "bob").payload), wake: wake)
        }
        #expect(exchange.shared.withLock { $0.announcements.count } == limit)
        #expect(exchange.shared.withLock { $0.announcementsDropped })
    }

    @Test func aDocumentOverTheLimitStopsTheSyncAndKeepsTheEditsHere() async throws {
        try await withPostgresServer { server in
            let bob = try Device(settings: server.settings(), initialText: String(repeating: "bob's long line\n", count: 400))
            defer { Task { await bob.remove() } }
            #expect(await bob.startAndAwaitFirstUpload())
            var options = PostgresExchange<FileRepository<Note>>.Options.fast
            options.maximumDocumentBytes = 4_000
            let ann = try Device(settings: server.settings(), initialText: "ann's own text\n", options: options)
            defer { Task { await ann.remove() } }
            ann.exchange.start()
            let error = await ann.stoppedError()
            if case .documentTooLarge(let document, let bytes, let limit) = error {
                #expect(document == "notes" && bytes > 6_000 && limit == 4_000)
            } else {
                Issue.record("ann did not stop with documentTooLarge: \(String(describing: error))")
            }
            #expect(error.map { "\($0)" }?.hasPrefix("'notes' on the server holds ") == true, "\(String(describing: error))")
            #expect(ann.text == "ann's own text\n")
        }
    }

    @Test func smallChangesAddingUpPastTheLimitStopTheSyncToo() async throws {
        try await withPostgresServer { server in
            let bob = try Device(settings: server.settings(), initialText: "start\n")
            defer { Task { await bob.remove() } }
            #expect(await bob.startAndAwaitFirstUpload())
            var options = PostgresExchange<FileRepository<Note>>.Options.fast
            options.maximumDocumentBytes = 2_000
            let ann = try Device(settings: server.settings(), options: options)
            defer { Task { await ann.remove() } }
            ann.exchange.start()
            #expect(await eventually { ann.text == "start\n" })
            for round in 0..<60 {
                try bob.edit { $0 += "line \(round) of a document that grows past ann's limit\n" }
                try await Task.sleep(for: .milliseconds(20))
            }
            let error = await ann.stoppedError()
            if case .documentTooLarge(_, let bytes, let limit) = error {
                #expect(bytes > limit && limit == 2_000)
            } else {
                Issue.record("ann did not stop with documentTooLarge: \(String(describing: error))")
            }
            #expect(ann.text?.utf8.count ?? .max <= 2_000)
        }
    }
}
