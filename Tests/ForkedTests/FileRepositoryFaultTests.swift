import Foundation
@_spi(FaultInjection) @testable import Forked
import Testing

@Suite("File repository under injected faults")
struct FileRepositoryFaultTests {
    @Test("a transaction failing at any step leaves the old state on disk, and succeeds when retried", arguments: [ENOSPC, EIO])
    func failedTransactionLeavesOldState(code: Int32) throws {
        var step = 1
        while true {
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let resource = try ForkedResource(repository: try FileRepository<String>(directory: directory))
            try resource.update(.main, with: "base")
            try resource.create(left)
            try resource.update(left, with: "left 1")
            let run = FileFaults.run(FileFaults.Plan(directory: directory, step: step, action: .fail(code))) {
                try resource.update(left, with: "left 2")
                try resource.mergeIntoMain(from: left)
            }
            guard run.outcome.fired else { break }
            let reopened = try ForkedResource(repository: try FileRepository<String>(directory: directory))
            let stored = try reopened.value(in: left)
            #expect(stored == "left 1" || stored == "left 2", "step \(step): \(String(describing: stored))")
            let main = try reopened.value(in: .main)
            #expect(main == "base" || main == "left 2", "step \(step)")
            if case .failure = run.result {
                // The same object carries on once the disk accepts writes again.
                try resource.update(left, with: "left 2")
                try resource.mergeIntoMain(from: left)
            }
            let final = try ForkedResource(repository: try FileRepository<String>(directory: directory))
            #expect(try final.value(in: .main) == "left 2", "step \(step)")
            #expect(try final.value(in: left) == "left 2", "step \(step)")
            step += 1
        }
        #expect(step > 5, "the transactions made several system calls")
    }
}
