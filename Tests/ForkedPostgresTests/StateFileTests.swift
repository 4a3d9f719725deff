import Forked
@testable import ForkedPostgres
import Foundation
import Testing

/// The state file an exchange keeps between runs, written lazily after fetches.
@Suite(.enabled(if: PostgresTestServer.isAvailable, Comment(rawValue: PostgresTestServer.unavailableReason ?? "")))
struct StateFileTests {
    private static func stateFile(of device: Device) throws -> URL {
        try stateFile(in: device.directory)
    }

    private static func stateFile(in directory: URL) throws -> URL {
        let sync = directory.appendingPathComponent("sync")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: sync.path).first { $0.hasPrefix("postgres-sync-") })
        return sync.appendingPathComponent(name)
    }

    @Test func aStateFileLeftBehindByACrashIsCaughtUpFromTheServer() async throws {
        try await withPostgresServer { server in
            let writer = try Device(settings: server.settings(), initialText: "one\n")
            defer { Task { await writer.remove() } }
            writer.exchange.start()
            #expect(await eventually { writer.exchange.status.uploads == 1 })

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

    @Test func aDeviceStoppedBetweenPublishingAndMergingWhatItCaughtUpWithLosesNothing() async throws {
        try await withPostgresServer { server in
            let first = try Device(settings: server.settings(), initialText: "one\n")
            let second = try Device(settings: server.settings())
            defer { Task { await first.remove(); await second.remove() } }
            first.exchange.start()
            #expect(await eventually { first.exchange.status.uploads == 1 })
            second.exchange.start()
            #expect(await eventually { second.text == "one\n" })
            await first.exchange.stop()
            try first.edit { $0 += "from the first\n" }
            try second.edit { $0 = "zero\n" + $0 }
            #expect(await eventually { second.exchange.status.generation == 2 && !second.exchange.status.hasPendingChanges })

            // The first device's disk before its upload: the server fork at generation 1, main
            // with its own edit only.
            let copy = FileManager.default.temporaryDirectory.appendingPathComponent("forked-device-\(UUID().uuidString)")
            try FileManager.default.copyItem(at: first.directory, to: copy)
            defer { try? FileManager.default.removeItem(at: copy) }

            // Its upload: main merged with the second device's version, on top of it.
            let resumed = try Device(settings: server.settings(), directory: first.directory)
            resumed.exchange.start()
            #expect(await eventually { converged([second, resumed]) && resumed.exchange.status.generation == 3 })
            await resumed.exchange.stop()
            let upload = try #require(try ExchangeLocalState.load(from: Self.stateFile(of: resumed)).head)

            // As a locked upload leaves the disk when the device stops right after the server
            // took it: the upload recorded as pending, nothing of the turn written yet.
            let stateFile = try Self.stateFile(in: copy)
            var state = try ExchangeLocalState.load(from: stateFile)
            #expect(state.generation == 1)
            state.pendingCommit = upload
            try state.save(to: stateFile)

            let recovered = try Device(settings: server.settings(), directory: copy)
            recovered.exchange.start()
            #expect(await eventually { recovered.exchange.status.generation == 3 && !recovered.exchange.status.hasPendingChanges })
            try second.edit { $0 += "last\n" }
            #expect(await eventually { converged([second, recovered]) })
            #expect(recovered.text == "zero\none\nfrom the first\nlast\n")
            #expect(recovered.exchange.status.uploads == 1, "its own upload, recognised")
            await recovered.exchange.stop()
        }
    }
}
