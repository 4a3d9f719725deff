import Forked
import ForkedPostgres
import Foundation
import Testing

/// The state file an exchange keeps between runs, written lazily after fetches.
@Suite(.enabled(if: PostgresTestServer.isAvailable, Comment(rawValue: PostgresTestServer.unavailableReason ?? "")))
struct StateFileTests {
    private static func stateFile(of device: Device) throws -> URL {
        let sync = device.directory.appendingPathComponent("sync")
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
}
