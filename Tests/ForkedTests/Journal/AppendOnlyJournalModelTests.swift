import Foundation
@_spi(FaultInjection) @testable import Forked
import Testing
import ForkedTestSupport

/// The journal against a model: random appends, flushes that fail at random system calls,
/// resets and crashes (the journal object dropped with records still queued, then reopened).
/// What is on disk is always exactly the records whose flush succeeded since the last reset,
/// in order, once each.
@Suite("Append-only journal against a model")
struct AppendOnlyJournalModelTests {
    @Test("random appends, failing flushes, resets and crashes keep exactly the acknowledged records", arguments: [21, 22, 23] as [UInt64])
    func matchesModel(seed: UInt64) throws {
        var random = SeededGenerator(state: seed)
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("model.journal")
        var journal = try AppendOnlyJournal(url: url)
        var acknowledged: [Data] = []
        var queued: [Data] = []
        var failures = 0
        for step in 0..<400 {
            let context = "seed \(seed), step \(step)"
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<5:
                let size = Int.random(in: 0..<(Bool.random(using: &random) ? 40 : 9_000), using: &random)
                let record = Data((0..<size).map { _ in UInt8.random(in: 0...255, using: &random) })
                journal.append(record)
                queued.append(record)
            case 5..<8:
                let faultStep = Bool.random(using: &random) ? Int.random(in: 1...4, using: &random) : nil
                let run = FileFaults.run(FileFaults.Plan(directory: directory, step: faultStep, action: .fail(EIO))) {
                    try journal.flush()
                }
                if case .success = run.result {
                    acknowledged += queued
                    queued = []
                } else {
                    failures += 1
                }
            case 8:
                try journal.reset()
                acknowledged = []
                queued = []
            default:
                // A crash: queued records were never acknowledged, so they may be lost.
                journal = try AppendOnlyJournal(url: url)
                queued = []
            }
            let contents = try AppendOnlyJournal.read(url)
            #expect(contents.records == acknowledged, "\(context)")
            #expect(contents.droppedBytes == 0, "\(context)")
        }
        #expect(failures > 10, "seed \(seed): flushes failed (\(failures))")
    }
}
