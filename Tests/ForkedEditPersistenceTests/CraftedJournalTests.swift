import Forked
import ForkedEditCore
@testable import ForkedEditPersistence
import Foundation
import Testing

/// Journal records as a damaged disk or a hand edit could leave them, offsets at the edge of
/// their type. Replaying them trapped (an overflow forming the edit's range) before the decoder
/// and the replay checked them; now each is refused with an error.
@Suite("Crafted journals")
struct CraftedJournalTests {
    private func edit(offset: Int, removed: Int, cursor: Int = 0) -> JournalRecord {
        .edit(change: TextEdit(utf8Offset: offset, removedUTF8Count: removed, inserted: "x"), cursorUTF8Offset: cursor, version: Version(count: 2))
    }

    @Test("an edit at UTF-8 offset 2^63 − 1 that removes bytes is refused when decoded")
    func offsetPlusRemovedOverflows() {
        #expect(throws: JournalRecordError.offsetOutOfRange) { try JournalRecord(decoding: edit(offset: Int.max, removed: 1).encoded) }
        #expect(throws: JournalRecordError.offsetOutOfRange) { try JournalRecord(decoding: edit(offset: 1, removed: Int.max).encoded) }
        // Alone, each number fits: the replay finds such an edit outside the text.
        #expect(throws: Never.self) { try JournalRecord(decoding: edit(offset: Int.max, removed: 0, cursor: Int.max).encoded) }
    }

    @Test("a journal file holding such an edit is reported as damaged state")
    func journalFileWithOverflowingEdit() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("forked-crafted-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let journals = directory.appendingPathComponent("journals")
        try FileManager.default.createDirectory(at: journals, withIntermediateDirectories: true)
        let url = journals.appendingPathComponent("left.journal")
        let header = JournalRecord.header(fork: Fork(name: "left"), forkVersion: Version(count: 1))
        try AppendOnlyJournal.framed([header.encoded, edit(offset: Int.max, removed: 1).encoded]).write(to: url)
        #expect(throws: PersistenceError.self) { try JournalContents.read(url) }
    }

    @Test("replaying an edit whose offset plus count would overflow reports it outside the text", arguments: [
        (Int.max, 1), (1, Int.max), (Int.max, Int.max), (Int.max, 0), (-1, 1), (0, -1),
    ])
    func replayOfOverflowingEdit(offset: Int, removed: Int) {
        let journal = JournalContents(
            fork: Fork(name: "left"), baseVersion: Version(count: 1),
            edits: [(TextEdit(utf8Offset: offset, removedUTF8Count: removed, inserted: "x"), 0, Version(count: 2))], droppedBytes: 0
        )
        #expect(throws: JournalReplayError.editOutOfRange(index: 1)) { try journal.applied(to: TextDocument(text: "hello")) }
    }
}
