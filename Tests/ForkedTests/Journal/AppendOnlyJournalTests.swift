import Foundation
import Forked
import Testing

private func journalURL() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("journal-\(UUID().uuidString).log")
}

@Suite("Append-only journal")
struct AppendOnlyJournalTests {
    @Test("records survive flush and reopen, in order")
    func roundTrip() throws {
        let url = journalURL()
        defer { try? FileManager.default.removeItem(at: url) }
        let journal = try AppendOnlyJournal(url: url)
        let payloads = ["first", "", "третий ✓", String(repeating: "x", count: 70_000)].map { Data($0.utf8) }
        payloads.forEach(journal.append)
        #expect(journal.hasPendingRecords)
        #expect(try AppendOnlyJournal.read(url).records.isEmpty, "nothing reaches the disk before flush")
        try journal.flush()
        #expect(!journal.hasPendingRecords)
        #expect(try AppendOnlyJournal.read(url) == .init(records: payloads, droppedBytes: 0))

        let reopened = try AppendOnlyJournal(url: url)
        reopened.append(Data("more".utf8))
        try reopened.flush()
        #expect(try reopened.records().records == payloads + [Data("more".utf8)])
    }

    @Test("a journal torn at every byte offset of its last record keeps every earlier record")
    func tornLastRecord() throws {
        let url = journalURL()
        defer { try? FileManager.default.removeItem(at: url) }
        let journal = try AppendOnlyJournal(url: url)
        let kept = [Data("one".utf8), Data("two".utf8)]
        kept.forEach(journal.append)
        try journal.flush()
        let intactLength = try Data(contentsOf: url).count
        journal.append(Data("the last record, torn by a crash".utf8))
        try journal.flush()
        let full = try Data(contentsOf: url)
        for cut in intactLength..<full.count {
            try full.prefix(cut).write(to: url)
            let contents = try AppendOnlyJournal.read(url)
            #expect(contents.records == kept, "cut at \(cut)")
            #expect(contents.droppedBytes == cut - intactLength)
            #expect(!contents.isDamaged, "cut at \(cut): a torn last record is not damage")
        }
        var zeroFilled = full.prefix(intactLength)
        zeroFilled.append(Data(count: full.count - intactLength))
        try zeroFilled.write(to: url)
        let grownWithoutData = try AppendOnlyJournal.read(url)
        #expect(grownWithoutData.records == kept)
        #expect(!grownWithoutData.isDamaged, "zeros where the last append's data never reached the disk")
    }

    @Test("a damaged record ends the readable journal at the damage")
    func damagedRecord() throws {
        let url = journalURL()
        defer { try? FileManager.default.removeItem(at: url) }
        let journal = try AppendOnlyJournal(url: url)
        ["a", "b", "c"].forEach { journal.append(Data($0.utf8)) }
        try journal.flush()
        var data = try Data(contentsOf: url)
        data[13 + 12] ^= 0xFF // the payload of the second record
        try data.write(to: url)
        let contents = try AppendOnlyJournal.read(url)
        #expect(contents.records == [Data("a".utf8)])
        #expect(contents.droppedBytes == 26)
        #expect(contents.isDamaged, "a complete record follows the bad one")
    }

    @Test("reset empties the journal; a missing journal reads as empty")
    func resetAndMissing() throws {
        let url = journalURL()
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try AppendOnlyJournal.read(url) == .init(records: [], droppedBytes: 0))
        let journal = try AppendOnlyJournal(url: url)
        journal.append(Data("x".utf8))
        try journal.flush()
        try journal.reset()
        #expect(try journal.records().records.isEmpty)
        journal.append(Data("y".utf8))
        try journal.flush()
        #expect(try journal.records().records == [Data("y".utf8)])
    }
}
