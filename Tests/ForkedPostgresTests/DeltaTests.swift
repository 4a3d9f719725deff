import Forked
import ForkedHistory
import ForkedPostgres
import Foundation
import Testing

/// What travels: a keystroke in a long text is a small delta in ForkedHistory's commit format,
/// a snapshot every `snapshotInterval` generations, and a new device rebuilds the text from them.
@Suite(.enabled(if: PostgresTestServer.isAvailable, Comment(rawValue: PostgresTestServer.unavailableReason ?? "")))
struct DeltaTests {
    @Test func keystrokesInALongTextTravelAsSmallDeltasAndANewDeviceRebuildsTheText() async throws {
        try await withPostgresServer { server in
            var options = PostgresExchange<FileRepository<Note>>.Options.fast
            options.snapshotInterval = 8
            let long = String(repeating: "lorem ipsum dolor sit amet, consectetur adipiscing elit\n", count: 4000)
            let typing = try Device(settings: server.settings(), initialText: long, options: options)
            defer { Task { await typing.remove() } }
            #expect(await typing.startAndAwaitFirstUpload())
            let firstUpload = typing.exchange.status.payloadBytesUploaded
            #expect(firstUpload >= long.utf8.count)

            for index in 0..<20 {
                let uploaded = typing.exchange.status.uploads
                try typing.edit { text in
                    let offset = text.utf8.index(text.utf8.startIndex, offsetBy: 57 * (index * 37 % 4000) + 6)
                    text.insert(contentsOf: "k\(index)", at: offset)
                }
                // Waiting for the upload itself: the status hears of the change a moment after it.
                #expect(await eventually { typing.exchange.status.uploads > uploaded })
            }
            let status = typing.exchange.status
            // Generations 8 and 16 are snapshots; every other keystroke is a delta of a few bytes.
            let kinds = try server.psql("SELECT kind FROM forked_commits ORDER BY generation").split(separator: "\n")
            #expect(kinds.count == status.uploads)
            let snapshots = try server.psql("SELECT generation FROM forked_commits WHERE kind = 0 ORDER BY generation")
            let expectedSnapshots: [String] = (1...status.uploads).filter { $0 == 1 || $0 % 8 == 0 }.map { String($0) }
            let foundSnapshots: [String] = snapshots.split(separator: "\n").map { String($0) }
            #expect(foundSnapshots == expectedSnapshots)
            let deltaBytes = try server.psql("SELECT coalesce(max(length(payload)), 0) FROM forked_commits WHERE kind = 1")
            #expect((Int(deltaBytes) ?? .max) < 1024, "largest delta: \(deltaBytes) bytes")

            let newcomer = try Device(settings: server.settings(), options: options)
            defer { Task { await newcomer.remove() } }
            newcomer.exchange.start()
            #expect(await eventually { newcomer.text == typing.text })
            try newcomer.edit { $0 = "from the newcomer\n" + $0 }
            #expect(await eventually { typing.text?.hasPrefix("from the newcomer\n") == true && converged([typing, newcomer]) })
        }
    }

    @Test func theServersCommitsAreHistoryCommitsWithMatchingIDs() async throws {
        try await withPostgresServer { server in
            let device = try Device(settings: server.settings(), initialText: "one\n")
            defer { Task { await device.remove() } }
            #expect(await device.startAndAwaitFirstUpload())
            try device.edit { $0 += "two\n" }
            #expect(await eventually { device.exchange.status.uploads == 2 && !device.exchange.status.hasPendingChanges })
            let rows = try server.psql(
                "SELECT encode(id, 'hex'), encode(parents, 'hex'), origin, time_ms, encode(value_digest, 'hex'), kind, encode(payload, 'hex') FROM forked_commits ORDER BY generation"
            ).split(separator: "\n").map { $0.split(separator: "|", omittingEmptySubsequences: false).map(String.init) }
            try #require(rows.count == 2)
            let commits = try rows.map { row in
                try HistoryCommitRow(row).commit()
            }
            #expect(commits[0].parents.isEmpty)
            #expect(commits[1].parents == [commits[0].id])
            #expect(try String(snapshot: commits[0].body.payload) == "one\n")
            #expect(try "one\n".applying(delta: commits[1].body.payload) == "one\ntwo\n")
            #expect(try server.psql("SELECT encode(head, 'hex') FROM forked_documents") == commits[1].id.hex)
        }
    }
}

/// A `forked_commits` row read by psql as hex, made into the ``HistoryCommit`` a local history
/// would hold; its computed id must be the row's.
private struct HistoryCommitRow {
    let columns: [String]

    init(_ columns: [String]) throws {
        guard columns.count == 7 else { throw HarnessError("unexpected row \(columns)") }
        self.columns = columns
    }

    func commit() throws -> HistoryCommit {
        let parents = stride(from: 0, to: columns[1].count, by: 64).compactMap { start in
            CommitID(hex: String(columns[1].dropFirst(start).prefix(64)))
        }
        guard let digest = SHA256Digest(hex: columns[4]), let milliseconds = Double(columns[3]) else {
            throw HarnessError("unreadable row \(columns)")
        }
        let payload = try Self.bytes(hex: columns[6])
        let commit = HistoryCommit(
            parents: parents, origin: columns[2], time: Date(timeIntervalSince1970: milliseconds / 1000),
            valueDigest: digest, body: columns[5] == "0" ? .snapshot(payload) : .delta(payload)
        )
        guard commit.id.hex == columns[0] else { throw HarnessError("row id \(columns[0]) is not the commit's id \(commit.id.hex)") }
        // And the commit's own encoding reads back as the same commit.
        guard try HistoryCommit(encoded: commit.encoded) == commit else { throw HarnessError("encoding does not round-trip") }
        return commit
    }

    private static func bytes(hex: String) throws -> Data {
        var data = Data()
        var iterator = hex.makeIterator()
        while let high = iterator.next() {
            guard let low = iterator.next(), let byte = UInt8(String([high, low]), radix: 16) else { throw HarnessError("bad hex") }
            data.append(byte)
        }
        return data
    }
}
