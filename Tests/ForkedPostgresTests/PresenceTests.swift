import Forked
import ForkedPostgres
import Foundation
import Testing

/// Where the other devices are: shared over NOTIFY, never stored, repeated for late joiners.
@Suite(.enabled(if: PostgresTestServer.isAvailable, Comment(rawValue: PostgresTestServer.unavailableReason ?? "")))
struct PresenceTests {
    @Test func aDevicesPresenceReachesTheOthersAndIsNeverStored() async throws {
        try await withPostgresServer { server in
            let ann = try Device(settings: server.settings(), initialText: "shared\n")
            let bob = try Device(settings: server.settings())
            defer { Task { await ann.remove(); await bob.remove() } }
            ann.exchange.start()
            bob.exchange.start()
            #expect(await eventually { ann.exchange.status.isConnected && bob.exchange.status.isConnected })
            ann.exchange.sharePresence("0 3 ann")
            #expect(await eventually { bob.exchange.peers.first?.value == "0 3 ann" })
            #expect(bob.exchange.peers.first?.device == ann.exchange.deviceID)
            #expect(ann.exchange.peers.isEmpty, "a device does not hear itself")
            ann.exchange.sharePresence("0 4 ann")
            #expect(await eventually { bob.exchange.peers.first?.value == "0 4 ann" })
            // Too long: cut to whole characters within the limit, never dropped.
            ann.exchange.sharePresence("a" + String(repeating: "é", count: 3000))
            #expect(await eventually { bob.exchange.peers.first?.value.hasPrefix("aé") == true })
            #expect((bob.exchange.peers.first?.value.utf8.count ?? .max) <= 4000)
            // Withdrawn with an empty value.
            ann.exchange.sharePresence("")
            #expect(await eventually { bob.exchange.peers.isEmpty })
            let stored = try server.psql("SELECT count(*) FROM forked_commits WHERE position(convert_to('0 3 ann', 'UTF8') in payload) > 0")
            #expect(stored == "0")
        }
    }

    @Test func aDeviceJoiningLaterLearnsThePresenceWithinAPoll() async throws {
        try await withPostgresServer { server in
            let ann = try Device(settings: server.settings(), initialText: "shared\n")
            defer { Task { await ann.remove() } }
            ann.exchange.start()
            ann.exchange.sharePresence("1 0 ann")
            #expect(await eventually { ann.exchange.status.isConnected && ann.exchange.status.uploads == 1 })
            let late = try Device(settings: server.settings())
            defer { Task { await late.remove() } }
            late.exchange.start()
            // The fast options poll every 2 s; each poll repeats the presence.
            #expect(await eventually(timeout: .seconds(10)) { late.exchange.peers.first?.value == "1 0 ann" })
        }
    }
}
