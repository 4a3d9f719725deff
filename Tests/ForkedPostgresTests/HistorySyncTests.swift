import Forked
import ForkedHistory
@testable import ForkedPostgres
import Foundation
import Testing

/// A device's local history on the server: uploaded as it is, read back, and collected there.
@Suite(.enabled(if: PostgresTestServer.isAvailable, Comment(rawValue: PostgresTestServer.unavailableReason ?? "")))
struct HistorySyncTests {
    private func localHistory(of device: Device, snapshotInterval: Int = 512) throws -> History<Note> {
        History(store: try FileCommitStore(directory: device.directory.appendingPathComponent("history")), snapshotInterval: snapshotInterval)
    }

    @Test func aHistoryMadeOfflineUploadsAsItIs() async throws {
        try await withPostgresServer { server in
            let device = try Device(settings: server.settings(), initialText: "draft")
            defer { Task { await device.remove() } }
            let history = try localHistory(of: device)
            for text in ["draft", "draft one", "draft one two"] { try history.record(Note(text), head: "main") }
            device.exchange.uploadsHistory(from: history.store, scope: .everything)
            device.exchange.start()
            #expect(await eventually { device.exchange.status.historyCommitsUploaded == 3 })

            // Offline: the server is gone while versions are recorded, and back later.
            try server.stopServer()
            #expect(await eventually {
                if case .offline = device.exchange.status.connection { return true } else { return false }
            })
            for text in ["draft one two three", "a draft one two three"] { try history.record(Note(text), head: "main") }
            try history.record(Note("side note"), head: "left", startingAt: try history.resolve("@~2"))
            try server.startServer()
            #expect(await eventually { device.exchange.status.historyCommitsUploaded == 6 })

            let onServer = try await device.exchange.serverHistory()
            let local = try history.store.allCommits()
            for commit in local {
                // The same commit, id and body, with the same value.
                #expect(try onServer.commit(commit.id) == commit)
                #expect(try onServer.value(at: commit.id) == history.value(at: commit.id))
            }
            let heads = try onServer.heads()
            #expect(heads["\(device.exchange.deviceID)/main"] == (try history.resolve("@")))
            #expect(heads["\(device.exchange.deviceID)/left"] == (try history.heads()["left"]))
            #expect(heads[ServerHistoryStore.publishedHead] != nil)
            #expect(try onServer.log(from: try history.resolve("@")).count == 5)
            #expect(try server.psql("SELECT count(*) FROM forked_commits WHERE generation IS NULL") == "6")
        }
    }

    @Test func draftsNeverMergedIntoMainStayOnTheDeviceByDefault() async throws {
        try await withPostgresServer { server in
            let device = try Device(settings: server.settings(), initialText: "plan")
            defer { Task { await device.remove() } }
            let history = try localHistory(of: device)
            for text in ["plan", "plan one"] { try history.record(Note(text), head: "main") }
            let draft = try #require(try history.record(Note("plan one, secret draft"), head: "left", startingAt: try history.resolve("@")))
            let merged = try #require(try history.record(Note("plan one, merged part"), head: "right", startingAt: try history.resolve("@")))
            try history.record(Note("plan one, merged part"), head: "main", mergedFrom: [merged.id])
            device.exchange.uploadsHistory(from: history.store)
            device.exchange.start()
            #expect(await eventually { device.exchange.status.historyCommitsUploaded == 4 })
            let onServer = try await device.exchange.serverHistory()
            #expect(throws: HistoryError.self) { try onServer.commit(draft.id) }
            #expect(try onServer.commit(merged.id) == merged, "a fork's version main merged was published")
            let heads = try onServer.heads()
            #expect(heads["\(device.exchange.deviceID)/main"] == (try history.resolve("@")))
            #expect(heads["\(device.exchange.deviceID)/left"] == nil && heads["\(device.exchange.deviceID)/right"] == nil)
        }
    }

    @Test func collectionOnTheServerKeepsHeadsAndAMissingBaseMeansAWholeUpload() async throws {
        try await withPostgresServer { server in
            let opening = String(repeating: "an opening long enough for small deltas. ", count: 5)
            let first = try Device(settings: server.settings(), initialText: opening + "one")
            defer { Task { await first.remove() } }
            // One delta per chain: the third version is anchored on the first.
            let history = try localHistory(of: first, snapshotInterval: 2)
            let v0 = try #require(try history.record(Note(opening + "one"), head: "main"))
            let v1 = try #require(try history.record(Note(opening + "one two"), head: "main"))
            first.exchange.uploadsHistory(from: history.store)
            first.exchange.start()
            #expect(await eventually { first.exchange.status.historyCommitsUploaded == 2 })
            for word in [" two", " three", " four"] {
                let before = first.exchange.status.uploads
                try first.edit { $0 += word }
                #expect(await eventually { first.exchange.status.uploads == before + 1 })
            }

            #expect(try server.psql("SELECT count(*) FROM forked_commits WHERE id = '\\x\(v0.id.hex)'::bytea") == "1")
            // Everything made before now goes, but the heads: this device's history head and
            // the published head, which is stored whole now.
            let removed = try await first.exchange.collectServerHistory(olderThan: Date().addingTimeInterval(3_600))
            #expect(removed >= 4)
            #expect(try server.psql("SELECT count(*) FROM forked_commits") == "2")
            #expect(try server.psql("SELECT string_agg(kind::text, ',') FROM forked_commits") == "0,0")
            #expect(try server.psql("SELECT count(*) FROM forked_commits WHERE id = '\\x\(v0.id.hex)'::bytea") == "0")

            // The next version is anchored on v0, which the server no longer has: it goes up whole
            // (and v0, collected, is not sent again).
            let v2 = try #require(try history.record(Note(opening + "one two three"), head: "main"))
            guard case .anchored(let base, _) = v2.body else {
                Issue.record("expected an anchored delta, got \(v2.body.kind)")
                return
            }
            #expect(base == v0.id)
            #expect(await eventually(timeout: .seconds(10)) { first.exchange.status.historyCommitsUploaded == 3 }, "\(first.exchange.status)")
            #expect(try server.psql("SELECT kind FROM forked_commits WHERE id = '\\x\(v2.id.hex)'::bytea") == "0")
            let onServer = try await first.exchange.serverHistory()
            #expect(try onServer.value(at: v2.id) == Note(opening + "one two three"))
            #expect(try onServer.value(at: v1.id) == Note(opening + "one two"))
            #expect(try server.psql("SELECT count(*) FROM forked_commits WHERE id = '\\x\(v0.id.hex)'::bytea") == "0")

            // A device joining now starts from the whole published head; editing goes on.
            let second = try Device(settings: server.settings())
            defer { Task { await second.remove() } }
            second.exchange.start()
            #expect(await eventually { second.text == opening + "one two three four" })
            try first.edit { $0 += " five" }
            #expect(await eventually { second.text == opening + "one two three four five" })
        }
    }

    @Test func collectingWhileTwoDevicesPublishLosesNoEdit() async throws {
        try await withPostgresServer { server in
            let first = try Device(settings: server.settings(), initialText: "start\n")
            let second = try Device(settings: server.settings())
            defer { Task { await first.remove(); await second.remove() } }
            for device in [first, second] {
                device.exchange.uploadsHistory(from: try localHistory(of: device).store)
                device.exchange.start()
            }
            #expect(await eventually { converged([first, second]) && second.text == "start\n" })
            let collector = Task {
                var removed = 0
                for _ in 0..<6 {
                    removed += try await first.exchange.collectServerHistory(olderThan: Date().addingTimeInterval(3_600))
                    try await Task.sleep(for: .milliseconds(40))
                }
                return removed
            }
            for step in 0..<15 {
                try first.edit { $0 += "first \(step)\n" }
                try second.edit { $0 = "second \(step)\n" + $0 }
                try await Task.sleep(for: .milliseconds(15))
            }
            let removed = try await collector.value
            #expect(removed > 0)
            #expect(await eventually { converged([first, second]) })
            let text = try #require(first.text)
            for step in 0..<15 { #expect(text.contains("first \(step)\n") && text.contains("second \(step)\n")) }
            // A device joining after all that rebuilds the same text from what is left.
            let third = try Device(settings: server.settings())
            defer { Task { await third.remove() } }
            third.exchange.start()
            #expect(await eventually { third.text == text })
        }
    }
}
