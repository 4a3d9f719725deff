import Forked
import ForkedPostgres
import Foundation
import Testing

/// Devices (each its own repository and state directory) syncing through a real, throwaway server.
@Suite(.enabled(if: PostgresTestServer.isAvailable, Comment(rawValue: PostgresTestServer.unavailableReason ?? "")))
struct ExchangeTests {
    @Test func twoDevicesEditingBothSidesConverge() async throws {
        try await withPostgresServer { server in
            let first = try Device(settings: server.settings(), initialText: "one\ntwo\nthree\n")
            defer { Task { await first.remove() } }
            #expect(await first.startAndAwaitFirstUpload())

            let second = try Device(settings: server.settings())
            defer { Task { await second.remove() } }
            second.exchange.start()
            #expect(await eventually { second.text == "one\ntwo\nthree\n" })

            try first.edit { $0 = $0.replacingOccurrences(of: "one", with: "ONE") }
            try second.edit { $0 = $0.replacingOccurrences(of: "three", with: "THREE") }
            #expect(await eventually { converged([first, second]) })
            #expect(first.text == "ONE\ntwo\nTHREE\n")
            // Each knows who made the last version it merged in.
            #expect(first.exchange.status.lastRemoteDevice == second.exchange.deviceID)
            #expect(second.exchange.status.lastRemoteDevice == first.exchange.deviceID)
        }
    }

    @Test func aDeviceIgnoresTheEchoOfItsOwnUploads() async throws {
        try await withPostgresServer { server in
            let device = try Device(settings: server.settings(), initialText: "a")
            defer { Task { await device.remove() } }
            #expect(await device.startAndAwaitFirstUpload())
            for (index, letter) in ["b", "c", "d"].enumerated() {
                try device.edit { $0 += letter }
                // The status learns of a change to main a moment later (through the change
                // stream), so the upload itself is what is waited for.
                #expect(await eventually { device.exchange.status.uploads == index + 2 })
            }
            #expect(await eventually { device.exchange.status.ownEchoesIgnored == 4 })
            #expect(device.exchange.status.remoteChangesApplied == 0)
            #expect(device.exchange.status.lastRemoteDevice == nil)
            #expect(device.text == "abcd")
            let generation = try server.psql("SELECT generation FROM forked_documents")
            #expect(generation == "\(device.exchange.status.uploads)", "server at \(generation), \(device.exchange.status)")
        }
    }

    @Test func unrelatedStartingTextsAreBothKept() async throws {
        try await withPostgresServer { server in
            let first = try Device(settings: server.settings(), initialText: "alpha\n")
            let second = try Device(settings: server.settings(), initialText: "beta\n")
            defer { Task { await first.remove(); await second.remove() } }
            first.exchange.start()
            second.exchange.start()
            #expect(await eventually { converged([first, second]) })
            let text = try #require(first.text)
            #expect(text.contains("alpha") && text.contains("beta"))
        }
    }

    /// Two people with a copy of one file: the first shares it and edits it; the second joins
    /// with the copy (unedited, or with a line of their own). The join merges against the
    /// document's first version, which the copy descends from: the first person's edits are not
    /// undone and nothing is kept twice. Salvaged two-way, the copy's old lines came back beside
    /// the edited ones.
    @Test(arguments: ["", "five\n"])
    func aCopyOfTheFileADocumentStartedFromJoinsWithOnlyItsOwnEdits(added: String) async throws {
        try await withPostgresServer { server in
            let file = "title\none\ntwo\nthree\nfour\n"
            let sharer = try Device(settings: server.settings(), initialText: file)
            defer { Task { await sharer.remove() } }
            #expect(await sharer.startAndAwaitFirstUpload())
            try sharer.edit { $0 = $0.replacingOccurrences(of: "two", with: "TWO").replacingOccurrences(of: "four\n", with: "") }
            #expect(await eventually { sharer.exchange.status.uploads == 2 && !sharer.exchange.status.hasPendingChanges })
            let copy = try Device(settings: server.settings(), initialText: file + added)
            defer { Task { await copy.remove() } }
            copy.exchange.start()
            #expect(await eventually { converged([sharer, copy]) && copy.exchange.status.generation >= 2 })
            #expect(copy.text == "title\none\nTWO\nthree\n" + added, "\(copy.text ?? "nil")")
            #expect(sharer.text == copy.text)
        }
    }

    /// A file that kept less than half of the document's first version is not taken for a copy
    /// of it: what it lacks would be merged as deletions. Both texts are kept, as for unrelated ones.
    @Test func aFileThatSharesLittleWithTheFirstVersionIsSalvagedNotMergedAsACopy() async throws {
        try await withPostgresServer { server in
            let sharer = try Device(settings: server.settings(), initialText: "one\ntwo\nthree\nfour\n")
            defer { Task { await sharer.remove() } }
            #expect(await sharer.startAndAwaitFirstUpload())
            let other = try Device(settings: server.settings(), initialText: "one\nmine\n")
            defer { Task { await other.remove() } }
            other.exchange.start()
            #expect(await eventually { converged([sharer, other]) })
            let text = try #require(other.text)
            #expect(["two", "three", "four", "mine"].allSatisfy(text.contains), "\(text)")
        }
    }

    @Test func aResourceMovedToAnotherDocumentKeepsItsTextWhenOthersJoin() async throws {
        try await withPostgresServer { server in
            let original = try Device(settings: server.settings(), document: "first", initialText: "important\n")
            #expect(await original.startAndAwaitFirstUpload())
            await original.exchange.stop()
            // The same repository, now shared under another name, where another device
            // published an empty text first: the server fork still holds "first"'s text, which
            // must not be taken as the ancestor (the empty text would read as a deletion).
            let joiner = try Device(settings: server.settings(), document: "second", initialText: "")
            defer { Task { await joiner.remove() } }
            #expect(await joiner.startAndAwaitFirstUpload())
            let moved = try Device(settings: server.settings(), document: "second", directory: original.directory)
            defer { Task { await moved.remove() } }
            moved.exchange.start()
            #expect(await eventually { converged([moved, joiner]) && moved.exchange.status.uploads > 0 })
            #expect(moved.text == "important\n", "\(moved.text ?? "nil")")
            #expect(joiner.text == "important\n", "\(joiner.text ?? "nil")")
        }
    }

    @Test func aFirstLaunchOfflineMergesWithTheServerInsteadOfOverwritingIt() async throws {
        try await withPostgresServer { server in
            let publisher = try Device(settings: server.settings(), initialText: "from the server\n")
            defer { Task { await publisher.remove() } }
            #expect(await publisher.startAndAwaitFirstUpload())
            await publisher.exchange.stop()

            try server.stopServer()
            let newcomer = try Device(settings: server.settings(), initialText: "written offline\n")
            defer { Task { await newcomer.remove() } }
            newcomer.exchange.start()
            #expect(await eventually {
                if case .offline = newcomer.exchange.status.connection { return true } else { return false }
            })
            try newcomer.edit { $0 += "more offline\n" }
            #expect(newcomer.text == "written offline\nmore offline\n")
            try server.startServer()

            #expect(await eventually { newcomer.exchange.status.uploads == 1 && !newcomer.exchange.status.hasPendingChanges })
            let text = try #require(newcomer.text)
            #expect(text.contains("from the server") && text.contains("written offline") && text.contains("more offline"))
            #expect(try server.psql("SELECT generation FROM forked_documents") == "2")
        }
    }

    @Test func aDocumentNameWithQuotesAndSQLIsJustAName() async throws {
        let name = "it's \"quoted\"; DROP TABLE forked_documents; -- $1 \\ ünïcode"
        try await withPostgresServer { server in
            let first = try Device(settings: server.settings(), document: name, initialText: "safe")
            let second = try Device(settings: server.settings(), document: name)
            let unrelated = try Device(settings: server.settings(), document: "other", initialText: "elsewhere")
            defer { Task { await first.remove(); await second.remove(); await unrelated.remove() } }
            for device in [first, second, unrelated] { device.exchange.start() }
            #expect(await eventually { second.text == "safe" })
            #expect(await eventually { unrelated.exchange.status.uploads == 1 })
            #expect(unrelated.text == "elsewhere")
            let names = try server.psql("SELECT name FROM forked_documents ORDER BY name").split(separator: "\n")
            #expect(names.map(String.init) == [name, "other"].sorted())
        }
    }

    @Test func theServerRestartingMidTypingLosesNothing() async throws {
        try await withPostgresServer { server in
            let first = try Device(settings: server.settings(), initialText: "")
            let second = try Device(settings: server.settings())
            defer { Task { await first.remove(); await second.remove() } }
            first.exchange.start()
            second.exchange.start()
            #expect(await eventually { first.exchange.status.isConnected && second.exchange.status.isConnected })
            for index in 0..<60 {
                try first.edit { $0 = "a\(index)\n" + $0 }
                try second.edit { $0 += "b\(index)\n" }
                if index == 20 { try server.stopServer() }
                if index == 40 { try server.startServer() }
                try await Task.sleep(for: .milliseconds(15))
            }
            #expect(await eventually(timeout: .seconds(40)) { converged([first, second]) })
            let lines = try #require(first.text).split(separator: "\n").map(String.init)
            let expected = (0..<60).flatMap { ["a\($0)", "b\($0)"] }
            #expect(lines.sorted() == expected.sorted())
        }
    }

    @Test func aKilledListeningBackendIsReconnectedAndCaughtUp() async throws {
        try await withPostgresServer { server in
            let first = try Device(settings: server.settings(), initialText: "start\n")
            let second = try Device(settings: server.settings())
            defer { Task { await first.remove(); await second.remove() } }
            first.exchange.start()
            second.exchange.start()
            #expect(await eventually { second.text == "start\n" })
            try server.terminateBackends()
            try first.edit { $0 += "after the kill\n" }
            #expect(await eventually { second.text == "start\nafter the kill\n" })
            #expect(await eventually { first.exchange.status.isConnected && second.exchange.status.isConnected })
        }
    }

    @Test func aDeviceOfflineForAWhileCatchesUpBothWays() async throws {
        try await withPostgresServer { server in
            let staying = try Device(settings: server.settings(), initialText: "shared\n")
            defer { Task { await staying.remove() } }
            #expect(await staying.startAndAwaitFirstUpload())

            let travellerDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("forked-device-\(UUID().uuidString)")
            let leaving = try Device(settings: server.settings(), directory: travellerDirectory)
            leaving.exchange.start()
            #expect(await eventually { leaving.text == "shared\n" })
            await leaving.exchange.stop()

            // Offline: the traveller's repository goes on taking edits, and so does the server.
            for index in 0..<50 { try leaving.edit { $0 += "t\(index)\n" } }
            for index in 0..<5 {
                try staying.edit { $0 = "s\(index)\n" + $0 }
                try await Task.sleep(for: .milliseconds(40))
            }
            let traveller = try Device(settings: server.settings(), directory: travellerDirectory)
            defer { Task { await traveller.remove() } }
            traveller.exchange.start()
            #expect(await eventually { converged([staying, traveller]) })
            let lines = try #require(staying.text).split(separator: "\n").map(String.init)
            #expect(lines.sorted() == (["shared"] + (0..<50).map { "t\($0)" } + (0..<5).map { "s\($0)" }).sorted())
        }
    }
}
