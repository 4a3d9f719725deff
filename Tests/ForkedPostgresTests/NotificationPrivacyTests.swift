import Forked
import ForkedHistory
@testable import ForkedPostgres
import Foundation
import Testing

/// Issue 45, item 4: a login without any right on the sync tables (`eve`) may `LISTEN` on every
/// channel, since PostgreSQL has no privilege on it, and `NOTIFY` on any. She learns nothing
/// from what the devices announce (no text, no document or device name), and what she sends
/// is never applied.
@Suite(.enabled(if: PostgresTestServer.isAvailable, Comment(rawValue: PostgresTestServer.unavailableReason ?? "")))
struct NotificationPrivacyTests {
    @Test func aLoginWithoutRightsHearsNoTextNoNamesAndCannotMakeADeviceApplyText() async throws {
        try await withPostgresServer { server in
            try server.psql("CREATE ROLE eve LOGIN")
            let ann = try Device(settings: server.settings(), document: "secret-plans", initialText: "the launch is on monday\n")
            let bob = try Device(settings: server.settings(), document: "secret-plans")
            defer { Task { await ann.remove(); await bob.remove() } }
            #expect(await ann.startAndAwaitFirstUpload())
            bob.exchange.start()
            #expect(await eventually { bob.text == "the launch is on monday\n" })

            // Eve listens on both channels while both type and share where they are.
            let listening = Task.detached {
                try server.psql(commands: [
                    "LISTEN \(ServerSchema.channel)", "LISTEN \(ServerSchema.presenceChannel)", "SELECT pg_sleep(3)", "SELECT 1",
                ], as: "eve")
            }
            try await Task.sleep(for: .milliseconds(500))
            try ann.edit { $0 += "codename bluebird\n" }
            ann.exchange.sharePresence("1 4 annika")
            bob.exchange.sharePresence("0 2 roberto")
            #expect(await eventually { bob.text?.contains("bluebird") == true })
            let heard = try await listening.value
            #expect(heard.contains("Asynchronous notification"), "eve heard nothing at all: \(heard)")
            for secret in ["bluebird", "monday", "secret-plans", "annika", "roberto", ann.exchange.deviceID, bob.exchange.deviceID] {
                #expect(!heard.contains(secret), "eve heard '\(secret)': \(heard)")
            }
            // Nor does the text appear base64-encoded (as an unsealed commit carried it).
            #expect(!heard.contains(Data("bluebird".utf8).base64EncodedString().prefix(8)))

            // Eve's forgeries: an announcement of the next generation carrying a self-consistent
            // commit, plain as this library sent them before, and one sealed with a key of her own.
            let known = try #require(bob.text)
            let forged = "the launch is cancelled\n"
            let commit = HistoryCommit(
                parents: [], origin: "eve", milliseconds: 1_800_000_000_000,
                valueDigest: SHA256Digest.digest(of: try forged.snapshot()), body: .snapshot(try forged.snapshot())
            )
            let generation = bob.exchange.status.generation + 1
            let plain = Announcement(document: "secret-plans", device: "eve", announcing: ServerCommit(commit, generation: generation, modelVersion: 0))
            let ownKey = try #require(NotificationSeal.random(for: "secret-plans"))
            let before = bob.exchange.status.commitsFromAnnouncements
            for payload in [plain.payload, try ownKey.seal(plain.payload)] {
                let quoted = payload.replacingOccurrences(of: "'", with: "''")
                try server.psql("SELECT pg_notify('\(ServerSchema.channel)', '\(quoted)')", as: "eve")
            }
            try await Task.sleep(for: .seconds(1))
            #expect(bob.text == known)
            #expect(bob.exchange.status.commitsFromAnnouncements == before)
            // The devices still hear each other.
            try bob.edit { $0 += "bob was here\n" }
            #expect(await eventually { ann.text?.contains("bob was here") == true })
        }
    }
}
