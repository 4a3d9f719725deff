import Foundation
@_spi(FaultInjection) @testable import Forked
import Testing

@Suite("Journal under injected faults")
struct AppendOnlyJournalFaultTests {
    @Test("a flush that fails at any step keeps every complete record, and its retry adds the batch once", arguments: [ENOSPC, EIO])
    func failedFlushIsRetried(code: Int32) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("journal")
        let early = (1...3).map { Data("early \($0)".utf8) }
        // A batch large enough to be written in several calls when the disk accepts part of it.
        let late = (1...2).map { Data(String(repeating: "late \($0) ", count: 20_000).utf8) }
        var step = 1
        while true {
            try? FileManager.default.removeItem(at: url)
            let journal = try AppendOnlyJournal(url: url)
            early.forEach(journal.append)
            try journal.flush()
            late.forEach(journal.append)
            let run = FileFaults.run(FileFaults.Plan(directory: directory, step: step, action: .fail(code))) {
                try journal.flush()
            }
            guard run.outcome.fired else { break }
            #expect(throws: ForkedError.self) { try run.result.get() }
            let afterFailure = try journal.records()
            #expect(afterFailure.records == early, "step \(step)")
            #expect(afterFailure.droppedBytes == 0, "step \(step): no torn record is left behind")
            #expect(journal.hasPendingRecords)
            try journal.flush()
            #expect(try journal.records().records == early + late, "step \(step)")
            step += 1
        }
        #expect(step > 2, "the flush made several system calls")
    }
}
