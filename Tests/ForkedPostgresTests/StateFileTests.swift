import Forked
import ForkedHistory
@testable import ForkedPostgres
import Foundation
import Testing

/// The state file an exchange keeps between runs, written lazily after fetches.
@Suite(.enabled(if: PostgresTestServer.isAvailable, Comment(rawValue: PostgresTestServer.unavailableReason ?? "")))
struct StateFileTests {
    private static func stateFile(of device: Device) throws -> URL {
        let sync = device.directory.appendingPathComponent("sync")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: sync.path).first { $0.hasPrefix("postgres-sync-") && $0.hasSuffix(".json") })
        return sync.appendingPathComponent(name)
    }

    @Test func aStateFileLeftBehindByACrashIsCaughtUpFromTheServer() async throws {
        try await withPostgresServer { server in
            let writer = try Device(settings: server.settings(), initialText: "one\n")
            defer { Task { await writer.remove() } }
            #expect(await writer.startAndAwaitFirstUpload())

            let reader = try Device(settings: server.settings())
            reader.exchange.start()
            #expect(await eventually { reader.text == "one\n" })
            await reader.exchange.stop()
            let early = try Data(contentsOf: Self.stateFile(of: reader))

            let restarted = try Device(settings: server.settings(), directory: reader.directory)
            defer { Task { await restarted.remove() } }
            restarted.exchange.start()
            for line in ["two", "three", "four"] {
                try writer.edit { $0 += line + "\n" }
                #expect(await eventually { restarted.text == writer.text && !writer.exchange.status.hasPendingChanges })
            }
            try restarted.edit { $0 += "five\n" }
            #expect(await eventually { converged([writer, restarted]) })
            await restarted.exchange.stop()
            // As if the process died before writing what it fetched: the file says generation 1,
            // the server fork holds the newest value.
            try early.write(to: Self.stateFile(of: restarted))

            let recovered = try Device(settings: server.settings(), directory: reader.directory)
            recovered.exchange.start()
            try writer.edit { $0 += "six\n" }
            #expect(await eventually { converged([writer, recovered]) })
            #expect(recovered.text == "one\ntwo\nthree\nfour\nfive\nsix\n")
            #expect(recovered.exchange.status.isConnected)
            await recovered.exchange.stop()
        }
    }

    @Test func anUploadWhoseAnswerWasLostIsRecognisedFromThePendingSlot() async throws {
        try await withPostgresServer { server in
            let first = try Device(settings: server.settings(), initialText: "one\n")
            defer { Task { await first.remove() } }
            #expect(await first.startAndAwaitFirstUpload())
            await first.exchange.stop()
            let stateFile = try Self.stateFile(of: first)
            let beforeSecondUpload = try Data(contentsOf: stateFile)

            let second = try Device(settings: server.settings(), directory: first.directory)
            second.exchange.start()
            try second.edit { $0 += "two\n" }
            #expect(await eventually { second.exchange.status.uploads == 1 && !second.exchange.status.hasPendingChanges })
            await second.exchange.stop()
            let published = try #require(try JSONDecoder().decode(ExchangeLocalState.self, from: Data(contentsOf: stateFile)).head)

            // As if the process died after publishing "two" and before recording it: the state
            // file and the server fork are as before that upload, and only the slot knows.
            try beforeSecondUpload.write(to: stateFile)
            try second.resource.restart(PostgresExchange<FileRepository<Note>>.serverFork, with: Note("one\n"))
            try PendingCommitSlot(url: stateFile.deletingPathExtension().appendingPathExtension("pending")).record(try #require(CommitID(bytes: published)))

            let recovered = try Device(settings: server.settings(), directory: first.directory)
            #expect(await recovered.startAndAwaitFirstUpload())
            #expect(recovered.exchange.status.remoteChangesApplied == 0, "taken as this device's own, not merged as another's")
            #expect(recovered.text == "one\ntwo\n")
            try recovered.edit { $0 += "three\n" }
            #expect(await eventually { recovered.exchange.status.uploads == 2 && !recovered.exchange.status.hasPendingChanges })
            #expect(try server.psql("SELECT generation FROM forked_documents").trimmingCharacters(in: .whitespacesAndNewlines) == "3")
            #expect(try PendingCommitSlot(url: stateFile.deletingPathExtension().appendingPathExtension("pending")).recorded == nil)
            await recovered.exchange.stop()
        }
    }

    @Test func anUploadRecordedInTheServerForkButNotInTheStateFileIsKeptAfterACrash() async throws {
        try await withPostgresServer { server in
            let first = try Device(settings: server.settings(), initialText: "one\n")
            defer { Task { await first.remove() } }
            #expect(await first.startAndAwaitFirstUpload())
            await first.exchange.stop()
            let stateFile = try Self.stateFile(of: first)
            var beforeSecondUpload = try JSONDecoder().decode(ExchangeLocalState.self, from: Data(contentsOf: stateFile))

            let second = try Device(settings: server.settings(), directory: first.directory)
            second.exchange.start()
            try second.edit { $0 += "two\n" }
            #expect(await eventually { second.exchange.status.uploads == 1 && !second.exchange.status.hasPendingChanges })
            await second.exchange.stop()
            let published = try #require(try JSONDecoder().decode(ExchangeLocalState.self, from: Data(contentsOf: stateFile)).head)

            // As a kill -9 right after the upload leaves it: the repository (main and the server
            // fork) holds "two", the slot was cleared, and the state file's lazy write of the new
            // generation never happened: it still names the old one, with the commit pending.
            beforeSecondUpload.pendingCommit = published
            try JSONEncoder().encode(beforeSecondUpload).write(to: stateFile)
            #expect(try PendingCommitSlot(url: stateFile.deletingPathExtension().appendingPathExtension("pending")).recorded == nil)

            let recovered = try Device(settings: server.settings(), directory: first.directory)
            defer { Task { await recovered.remove() } }
            #expect(await recovered.startAndAwaitFirstUpload())
            #expect(recovered.text == "one\ntwo\n", "the upload stays in main")
            try recovered.edit { $0 += "three\n" }
            #expect(await eventually { !recovered.exchange.status.hasPendingChanges && recovered.exchange.status.uploads >= 1 })
            let reader = try Device(settings: server.settings())
            defer { Task { await reader.remove() } }
            reader.exchange.start()
            #expect(await eventually { reader.text == "one\ntwo\nthree\n" }, "and on the server: \(reader.text.debugDescription)")
            await reader.exchange.stop()
            await recovered.exchange.stop()
        }
    }

    @Test func aPublishThatLandedBeforeTheMergeBeforeItWasWrittenKeepsTheOtherDevicesChanges() async throws {
        try await withPostgresServer { server in
            let ann = try Device(settings: server.settings(), initialText: "one\n")
            defer { Task { await ann.remove() } }
            #expect(await ann.startAndAwaitFirstUpload())
            let bob = try Device(settings: server.settings())
            defer { Task { await bob.remove() } }
            bob.exchange.start()
            #expect(await eventually { bob.text == "one\n" })
            await ann.exchange.stop()

            // Ann edits offline; her repository and state as they are now are what a crash leaves
            // after a turn published her merge with Bob's change and before it wrote that merge.
            try ann.edit { $0 += "ann\n" }
            let beforeTurn = ann.directory.deletingLastPathComponent().appendingPathComponent("before-turn-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: beforeTurn) }
            try FileManager.default.copyItem(at: ann.directory, to: beforeTurn)
            try bob.edit { $0 = "zero\n" + $0 }
            #expect(await eventually { bob.exchange.status.uploads == 1 && !bob.exchange.status.hasPendingChanges })

            let merging = try Device(settings: server.settings(), directory: ann.directory)
            merging.exchange.start()
            #expect(await eventually { merging.exchange.status.uploads == 1 && !merging.exchange.status.hasPendingChanges })
            await merging.exchange.stop()
            #expect(merging.text == "zero\none\nann\n")
            let stateFile = try Self.stateFile(of: merging)
            let published = try #require(try JSONDecoder().decode(ExchangeLocalState.self, from: Data(contentsOf: stateFile)).head)

            try FileManager.default.removeItem(at: ann.directory)
            try FileManager.default.copyItem(at: beforeTurn, to: ann.directory)
            try PendingCommitSlot(url: stateFile.deletingPathExtension().appendingPathExtension("pending")).record(try #require(CommitID(bytes: published)))

            let recovered = try Device(settings: server.settings(), directory: ann.directory)
            recovered.exchange.start()
            #expect(await eventually { converged([bob, recovered]) })
            #expect(recovered.text == "zero\none\nann\n")
            #expect(recovered.exchange.status.remoteChangesApplied == 1, "Bob's change merged again, as the lost write did")
            #expect(recovered.exchange.status.uploads == 1, "the published commit taken as this device's own")
            #expect(try server.psql("SELECT generation FROM forked_documents").trimmingCharacters(in: .whitespacesAndNewlines) == "3")
            await recovered.exchange.stop()
        }
    }
}
