import Foundation
import Testing
@testable import Forked
@testable import ForkedHistory

@Suite("CommitLog")
struct CommitLogTests {
    private func time(_ seconds: Double) -> Date { Date(timeIntervalSince1970: 1_800_000_000 + seconds) }

    private func digest(_ text: String) -> SHA256Digest { SHA256Digest.digest(of: Data(text.utf8)) }

    /// A first version, deltas after it on two origins, a merge, an anchored delta, and a parent
    /// from outside the log.
    private func sampleCommits() -> [HistoryCommit] {
        let outside = HistoryCommit(parents: [], origin: "elsewhere", time: time(-50), valueDigest: digest("x"), body: .snapshot(Data("x".utf8)))
        let first = HistoryCommit(parents: [], origin: "main", time: time(0), valueDigest: digest("a"), body: .snapshot(Data("a".utf8)))
        let second = HistoryCommit(parents: [first.id], origin: "main", time: time(5), valueDigest: digest("ab"), body: .delta(Data([1, 0, 1, 98])))
        let side = HistoryCommit(parents: [first.id], origin: "left ✍️", time: time(4.5), valueDigest: digest("ac"), body: .delta(Data([1, 0, 1, 99])))
        let merge = HistoryCommit(parents: [second.id, side.id, outside.id], origin: "main", time: time(9.001), valueDigest: digest("abc"),
                                  body: .delta(Data([2, 0, 1, 99])))
        let anchored = HistoryCommit(parents: [merge.id], origin: "main", time: time(14), valueDigest: digest("abcd"),
                                     body: .anchored(base: first.id, delta: Data([1, 0, 3, 98, 99, 100])))
        return [first, second, side, merge, anchored]
    }

    @Test func recordsDecodeToTheSameCommitsInOrder() throws {
        var writer = CommitLog()
        let records = sampleCommits().map { writer.encode($0) }
        var reader = CommitLog()
        let decoded = try records.map { try reader.decode($0) }
        #expect(decoded == sampleCommits())
        #expect(decoded.map(\.id) == sampleCommits().map(\.id))
    }

    @Test func aDeltaOnTheSameForkCostsLittleMoreThanItsDigest() {
        var writer = CommitLog()
        let records = sampleCommits().map { writer.encode($0) }
        // Tag, one parent one record back, the same origin, five seconds, the digest, 4 bytes of delta.
        #expect(records[1].count == 1 + 1 + 1 + 1 + 2 + 32 + 4)
        // The self-contained form repeats the parent's id and the origin.
        #expect(sampleCommits()[1].encoded.count > records[1].count + 40)
    }

    @Test func theSelfContainedFormIsStillRead() throws {
        var reader = CommitLog()
        let commits = sampleCommits()
        #expect(try reader.decode(commits[0].encoded) == commits[0])
        // A compact record after it refers back to it.
        var writer = CommitLog()
        _ = writer.encode(commits[0])
        #expect(try reader.decode(writer.encode(commits[1])) == commits[1])
    }

    @Test(arguments: [0, 5, 15, 0x13, 0x20])
    func aRecordOfUnknownFormOrCutShortIsRefused(firstByte: UInt8) {
        var reader = CommitLog()
        #expect(throws: HistoryError.self) { try reader.decode(Data([firstByte, 1, 7])) }
    }

    @Test func aReferenceBeforeTheLogsStartIsRefused() {
        var writer = CommitLog()
        let records = sampleCommits().map { writer.encode($0) }
        var reader = CommitLog()
        // The second record names the first one back, which this reader never saw.
        #expect(throws: HistoryError.self) { try reader.decode(records[1]) }
    }

    @Test func aStoreReadsALogWrittenBeforeCompactRecords() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let commits = sampleCommits()
        let log = try AppendOnlyJournal(url: directory.appendingPathComponent("commits.log"))
        for commit in commits.prefix(3) { log.append(commit.encoded) }
        try log.flush()
        let store = try FileCommitStore(directory: directory)
        #expect(try store.allCommits() == Array(commits.prefix(3)))
        try store.add(Array(commits.suffix(2)), movingHeads: ["main": commits[4].id])
        let reopened = try FileCommitStore(directory: directory)
        #expect(try reopened.allCommits() == commits)
    }
}
