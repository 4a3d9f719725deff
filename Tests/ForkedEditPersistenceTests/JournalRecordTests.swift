import Forked
import ForkedEditCore
@testable import ForkedEditPersistence
import Foundation
import Testing

@Suite("Journal records and replay")
struct JournalRecordTests {
    @Test("headers and edits decode to what was encoded, including multi-byte text")
    func roundTrip() throws {
        let records: [JournalRecord] = [
            .header(fork: Fork(name: "left pane/é"), forkVersion: Version(count: 123_456_789_012)),
            .header(fork: Fork(name: "right"), forkVersion: Version(count: 7), stateID: Data((0..<16).map { UInt8($0 * 13) })),
            .edit(change: TextEdit(utf8Offset: 17, removedUTF8Count: 3, inserted: "naïve 👩‍💻"),
                  cursorUTF8Offset: 31, version: Version(count: 99)),
            .edit(change: TextEdit(utf8Offset: 0, removedUTF8Count: 0, inserted: ""), cursorUTF8Offset: 0, version: .initial),
        ]
        for record in records {
            #expect(try JournalRecord(decoding: record.encoded) == record)
        }
    }

    @Test("a header names the state directory that wrote it (format 2); format 1 headers, without one, still read")
    func headerIdentity() throws {
        let identity = Data(repeating: 0xAB, count: 16)
        let header = JournalRecord.header(fork: Fork(name: "left"), forkVersion: Version(count: 5), stateID: identity).encoded
        #expect(header[1] == 2)
        #expect(throws: JournalRecordError.truncated) { try JournalRecord(decoding: header.prefix(20)) }
        let legacy = JournalRecord.header(fork: Fork(name: "left"), forkVersion: Version(count: 5)).encoded
        #expect(legacy[1] == 1, "no identity: written as format 1, byte for byte as before")
        #expect(try JournalRecord(decoding: legacy) == .header(fork: Fork(name: "left"), forkVersion: Version(count: 5), stateID: nil))
    }

    @Test("damaged records are refused with a reason")
    func damagedRecords() {
        #expect(throws: JournalRecordError.empty) { try JournalRecord(decoding: Data()) }
        #expect(throws: JournalRecordError.unknownTag(UInt8(ascii: "X"))) { try JournalRecord(decoding: Data("X123".utf8)) }
        let edit = JournalRecord.edit(change: TextEdit(utf8Offset: 1, removedUTF8Count: 0, inserted: "a"),
                                      cursorUTF8Offset: 2, version: Version(count: 3)).encoded
        #expect(throws: JournalRecordError.truncated) { try JournalRecord(decoding: edit.prefix(20)) }
        var badText = edit
        badText[badText.count - 1] = 0xFF
        #expect(throws: JournalRecordError.invalidText) { try JournalRecord(decoding: badText) }
    }

    @Test("replaying random edits with the gap buffer gives the same text as editing the string")
    func gapBufferMatchesStringEdits() throws {
        var generator = SystemRandomNumberGenerator()
        var bytes = Array("The quick brown fox\njumps over the lazy dog.\n".utf8)
        var buffer = ByteGapBuffer(String(decoding: bytes, as: UTF8.self))
        for step in 0..<2_000 {
            let start = Int.random(in: 0...bytes.count, using: &generator)
            let length = Int.random(in: 0...min(5, bytes.count - start), using: &generator)
            let inserted = Array(String(repeating: "x", count: step % 7).utf8) + (step % 50 == 0 ? Array(String(repeating: "long", count: 2_000).utf8) : [])
            bytes.replaceSubrange(start..<(start + length), with: inserted)
            buffer.replace(start..<(start + length), with: inserted)
            #expect(buffer.count == bytes.count)
        }
        #expect(buffer.text == String(decoding: bytes, as: UTF8.self))
    }

    @Test("an edit past the end of the text is an error, not a crash")
    func editOutOfRange() {
        let journal = JournalContents(
            fork: Fork(name: "left"), baseVersion: .initial,
            edits: [(TextEdit(utf8Offset: 10, removedUTF8Count: 5, inserted: "x"), 11, Version(count: 1))],
            droppedBytes: 0
        )
        #expect(throws: JournalReplayError.editOutOfRange(index: 1)) {
            try journal.applied(to: TextDocument(text: "short"))
        }
    }
}
