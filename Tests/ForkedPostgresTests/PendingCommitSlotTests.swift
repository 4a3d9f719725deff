import ForkedHistory
@testable import ForkedPostgres
import Foundation
import Testing

/// The small file that keeps the id of the commit an upload is publishing.
struct PendingCommitSlotTests {
    private static func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("forked-slot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent("state.json.pending")
    }

    private static let commit = CommitID.digest(of: Data("a commit".utf8))

    @Test func aNewSlotIsCreatedAtItsSizeAndRecordsNothing() throws {
        let url = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let slot = try PendingCommitSlot(url: url)
        #expect(slot.recorded == nil)
        #expect(try Data(contentsOf: url).count == PendingCommitSlot.size)
    }

    @Test func aRecordedCommitIsReadBackUntilCleared() throws {
        let url = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        try PendingCommitSlot(url: url).record(Self.commit)
        #expect(try PendingCommitSlot(url: url).recorded == Self.commit)
        #expect(try Data(contentsOf: url).count == PendingCommitSlot.size, "overwritten in place")
        try PendingCommitSlot(url: url).clear()
        #expect(try PendingCommitSlot(url: url).recorded == nil)
    }

    @Test("a torn or foreign slot reads as no commit and is made whole again", arguments: [
        Array(PendingCommitSlot.encoded(commit).prefix(30)),
        Array(PendingCommitSlot.encoded(commit).enumerated().map { $0.offset == 20 ? $0.element ^ 0xFF : $0.element }),
        Array(repeating: UInt8(0x41), count: PendingCommitSlot.size),
        [UInt8](),
    ])
    func damagedSlot(bytes: [UInt8]) throws {
        let url = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        try Data(bytes).write(to: url)
        let slot = try PendingCommitSlot(url: url)
        #expect(slot.recorded == nil)
        try slot.record(Self.commit)
        #expect(try PendingCommitSlot(url: url).recorded == Self.commit)
        #expect(try Data(contentsOf: url).count == PendingCommitSlot.size)
    }
}
