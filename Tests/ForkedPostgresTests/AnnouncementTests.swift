import Forked
import ForkedHistory
@testable import ForkedPostgres
import Foundation
import Testing

/// The `NOTIFY` payload: which document reached which generation, and the commit when it is small.
struct AnnouncementTests {
    private static func commit(payload: Int, generation: Int64 = 7) -> ServerCommit {
        let value = Data(repeating: UInt8(ascii: "x"), count: payload)
        let commit = HistoryCommit(
            parents: [CommitID.digest(of: Data("parent".utf8))], origin: "device-1", time: Date(timeIntervalSince1970: 1_700_000_000),
            valueDigest: SHA256Digest.digest(of: value), body: .delta(value)
        )
        return ServerCommit(commit, generation: generation, modelVersion: 3)
    }

    @Test func aSmallCommitTravelsInThePayloadAndComesBackTheSame() throws {
        let commit = Self.commit(payload: 40)
        let announcement = Announcement(document: "notes with spaces 'and' \"quotes\"", device: "device-1", announcing: commit)
        let read = try #require(Announcement(payload: announcement.payload))
        #expect(read == announcement)
        #expect(read.commit() == commit)
        #expect(read.document == "notes with spaces 'and' \"quotes\"")
        #expect(read.generation == 7)
    }

    @Test func aCommitTooLargeForNotifyIsLeftOutAndThePayloadStaysUnderTheLimit() throws {
        let commit = Self.commit(payload: 20_000)
        let document = String(repeating: "d", count: 1_000)
        let announcement = Announcement(document: document, device: UUID().uuidString, announcing: commit)
        #expect(announcement.commit() == nil && !announcement.carriesCommit)
        let seal = try #require(NotificationSeal.random(for: document))
        #expect(try seal.seal(announcement.payload).utf8.count < 8_000)
        let read = try #require(Announcement(payload: announcement.payload))
        #expect(read.commit() == nil && read.generation == 7 && read.document == document)

        // The largest commit that is carried still leaves room for the longest document name,
        // sealed.
        var size = 3_000
        while Announcement(document: document, device: UUID().uuidString, announcing: Self.commit(payload: size + 1)).carriesCommit { size += 1 }
        let largest = Announcement(document: document, device: UUID().uuidString, announcing: Self.commit(payload: size))
        #expect(largest.commit() != nil)
        #expect(largest.payload.utf8.count <= NotificationSeal.maximumPlaintextBytes)
        #expect(try seal.seal(largest.payload).utf8.count < 8_000)
    }

    @Test(arguments: [
        "", "7 device", "x device - doc", "7 device 3 doc", "7 device 3.!!notbase64 doc", "7 device .AAAA doc",
        "7 device 3. doc", "7 device doc",
    ])
    func aPayloadThisBuildCannotReadIsIgnored(_ payload: String) {
        #expect(Announcement(payload: payload) == nil)
    }

    @Test func aCommitFieldThatIsNotACommitLeavesTheAnnouncementWithoutOne() throws {
        let read = try #require(Announcement(payload: "7 device 3.AAAA my doc"))
        #expect(read.carriesCommit)
        #expect(read.commit() == nil)
        #expect(read.generation == 7 && read.device == "device" && read.document == "my doc")
    }

    @Test func aCommitWhoseBytesWereAlteredIsRefused() throws {
        let payload = Announcement(document: "doc", device: "d", announcing: Self.commit(payload: 40)).payload
        var parts = payload.split(separator: " ", maxSplits: 3).map(String.init)
        let field = parts[2].split(separator: ".", maxSplits: 1)
        var bytes = try #require(Data(base64Encoded: String(field[1])))
        bytes[bytes.count / 3] ^= 0x01
        parts[2] = "\(field[0])." + bytes.base64EncodedString()
        let altered = try #require(Announcement(payload: parts.joined(separator: " ")))
        #expect(altered.commit() == nil)
    }
}

/// Devices applying the commits that announcements carry, through a real, throwaway server.
@Suite(.enabled(if: PostgresTestServer.isAvailable, Comment(rawValue: PostgresTestServer.unavailableReason ?? "")))
struct AnnouncedCommitTests {
    @Test func smallCommitsArriveInTheirAnnouncementsAndLargeOnesAreFetched() async throws {
        try await withPostgresServer { server in
            // No poll during the test: a poll fetches what the announcements would have brought.
            var options = PostgresExchange<FileRepository<Note>>.Options.fast
            options.pollInterval = .seconds(600)
            let first = try Device(settings: server.settings(), initialText: "one\n", options: options)
            let second = try Device(settings: server.settings(), options: options)
            defer { Task { await first.remove(); await second.remove() } }
            #expect(await first.startAndAwaitFirstUpload())
            second.exchange.start()
            #expect(await eventually { second.text == "one\n" })

            for line in ["two", "three", "four"] {
                try first.edit { $0 += line + "\n" }
                #expect(await eventually { second.text == first.text && !first.exchange.status.hasPendingChanges })
            }
            #expect(await eventually { second.exchange.status.commitsFromAnnouncements == 3 })

            // A paste too large for a notification's payload goes through the table.
            let paste = String(repeating: "a long pasted line that no delta can shorten \(UUID().uuidString)\n", count: 200)
            try first.edit { $0 += paste }
            #expect(await eventually { second.text == first.text && !first.exchange.status.hasPendingChanges })
            #expect(second.exchange.status.commitsFromAnnouncements == 3)
            #expect(second.text?.hasSuffix(paste) == true)
        }
    }

    @Test func announcementsArrivingTogetherAreMergedTogether() async throws {
        try await withPostgresServer { server in
            var options = PostgresExchange<FileRepository<Note>>.Options.fast
            options.pollInterval = .seconds(600)
            let writer = try Device(settings: server.settings(), initialText: "start\n", options: options)
            // Long enough that the twelve uploads come faster than one a spacing even on a busy
            // machine (with 400 ms, a fresh clone's test run once took 400 ms an upload, and no
            // two announcements arrived together).
            options.receiveSpacing = .milliseconds(1_500)
            options.minimumReceiveSpacing = options.receiveSpacing
            let reader = try Device(settings: server.settings(), options: options)
            defer { Task { await writer.remove(); await reader.remove() } }
            writer.exchange.start()
            reader.exchange.start()
            #expect(await eventually { reader.text == "start\n" })
            let applied = reader.exchange.status.remoteChangesApplied

            let clock = ContinuousClock()
            let start = clock.now
            for index in 0..<12 {
                try writer.edit { $0 += "line \(index)\n" }
                #expect(await eventually { writer.exchange.status.uploads == index + 2 })
            }
            #expect(await eventually { reader.text == writer.text })
            let elapsed = clock.now - start
            // Twelve commits, merged at most once per spacing (and once at once after the quiet spell).
            let merges = reader.exchange.status.remoteChangesApplied - applied
            #expect(merges <= Int(elapsed / options.receiveSpacing) + 2, "\(merges) merges in \(elapsed)")
            #expect(merges < 12)
            // The status counts the commits just after main changed.
            #expect(await eventually { reader.exchange.status.commitsFromAnnouncements == 12 })
        }
    }

    /// Nagle's rule bounds a device's transactions: however fast it edits, uploads start at
    /// least ``PostgresExchange/Options/uploadDelay`` apart, and the last edit still goes up.
    @Test func aDeviceEditingInATightLoopUploadsAtMostOncePerUploadDelay() async throws {
        try await withPostgresServer { server in
            var options = PostgresExchange<FileRepository<Note>>.Options.fast
            options.uploadDelay = .milliseconds(100)
            options.pollInterval = .seconds(600)
            let writer = try Device(settings: server.settings(), initialText: "start\n", options: options)
            let reader = try Device(settings: server.settings(), options: options)
            defer { Task { await writer.remove(); await reader.remove() } }
            writer.exchange.start()
            reader.exchange.start()
            #expect(await eventually { reader.text == "start\n" && !writer.exchange.status.hasPendingChanges })
            let uploadsBefore = writer.exchange.status.uploads
            let clock = ContinuousClock()
            let start = clock.now
            for index in 0..<60 {
                try writer.edit { $0 += "key \(index)\n" }
                try await Task.sleep(for: .milliseconds(5))
            }
            #expect(await eventually { !writer.exchange.status.hasPendingChanges })
            let elapsed = clock.now - start
            let uploads = writer.exchange.status.uploads - uploadsBefore
            #expect(uploads >= 1)
            #expect(uploads <= Int(elapsed / options.uploadDelay) + 1, "\(uploads) uploads in \(elapsed)")
            #expect(await eventually { reader.text == writer.text })
            #expect(reader.text?.hasSuffix("key 59\n") == true)
        }
    }

    @Test func changesNotedBeforeTheConnectionDoNotStopLaterUploads() async throws {
        try await withPostgresServer { server in
            var options = PostgresExchange<FileRepository<Note>>.Options.fast
            // Only a noted change can upload in time: polls are far apart.
            options.pollInterval = .seconds(600)
            let writer = try Device(settings: server.settings(), initialText: "start\n", options: options)
            let reader = try Device(settings: server.settings(), options: options)
            defer { Task { await writer.remove(); await reader.remove() } }
            // What an editor's first idle moment does: note changes before the exchange is connected.
            try writer.edit { $0 += "before the connection\n" }
            writer.exchange.noteLocalChanges()
            writer.exchange.start()
            reader.exchange.start()
            #expect(await eventually { reader.text == "start\nbefore the connection\n" }, "\(reader.text ?? "nil")")
            try writer.edit { $0 += "after it\n" }
            #expect(await eventually(timeout: .seconds(10)) { reader.text == "start\nbefore the connection\nafter it\n" },
                    "a change noted before the connection left uploads waiting for a poll: \(reader.text ?? "nil")")
        }
    }

    @Test func aForgedAnnouncementIsCheckedAgainstTheServerAndSyncGoesOn() async throws {
        try await withPostgresServer { server in
            let first = try Device(settings: server.settings(), initialText: "kept\n")
            let second = try Device(settings: server.settings())
            defer { Task { await first.remove(); await second.remove() } }
            first.exchange.start()
            second.exchange.start()
            #expect(await eventually { second.text == "kept\n" && second.exchange.status.generation == 1 })

            // A commit that names the real head as its parent, with a body that does not make
            // the value its digest promises.
            let head = try #require(CommitID(hex: try server.psql("SELECT encode(head, 'hex') FROM forked_documents")))
            let forged = HistoryCommit(
                parents: [head], origin: "intruder", time: Date(), valueDigest: SHA256Digest.digest(of: Data("forged".utf8)),
                body: .delta(Data([0x01, 0x02, 0x03]))
            )
            let payload = Announcement(
                document: "notes", device: "intruder", announcing: ServerCommit(forged, generation: 2, modelVersion: 0)
            ).payload
            _ = try server.psql("SELECT pg_notify('\(ServerSchema.channel)', '\(payload)')")
            try await Task.sleep(for: .milliseconds(300))
            #expect(second.text == "kept\n")
            #expect(second.exchange.status.isConnected)
            #expect(second.exchange.status.generation == 1)

            try first.edit { $0 += "and more\n" }
            #expect(await eventually { second.text == "kept\nand more\n" })
            #expect(second.exchange.status.isConnected)
        }
    }
}
