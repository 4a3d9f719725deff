@_spi(FaultInjection) import Forked
import ForkedEditCore
import ForkedEditPersistence
import Foundation
import Testing

/// The disk fails (full, or an I/O error) at one system call of journaling, snapshotting or
/// saving, for each call in turn. The editor keeps running with everything typed still in
/// memory and on screen, says so, and retries; afterwards nothing reported saved is lost.
@Suite("Editing through disk faults")
struct DiskFaultTests {
    private let options = PersistentDocument.Options(snapshotInterval: 1, burstPause: .zero, retryDelay: .zero)

    @Test("a failure at any step of a journal write, a snapshot or a save is reported, retried, and loses nothing", arguments: [ENOSPC, EIO])
    func faultAtEveryStep(code: Int32) throws {
        var step = 1
        while true {
            let scratch = try ScratchFile(text: "base\n")
            let (document, session) = try scratch.openWithSession(options: options)
            try type("typed ", into: session)
            _ = session.show(try document.idle())
            try document.flushJournals()

            let run = FileFaults.run(FileFaults.Plan(directory: scratch.directory, step: step, action: .fail(code))) {
                try type("more ", into: session)
                try document.flushJournals()
                _ = session.show(try document.idle())
                try type("<C-s>", into: session)
            }
            guard run.outcome.fired else {
                try document.close()
                break
            }
            let context = "step \(step): \(run.outcome.calls.last ?? "")"
            // Still running, nothing typed is lost from memory or the screen.
            #expect(session.paneTexts[0] == "typed more base\n", "\(context)")
            #expect(!session.isFinished)
            let disk = try #require(scratch.text, "\(context)")
            #expect(disk == "base\n" || disk == "typed more base\n", "\(context): \(disk.debugDescription)")
            if case .failure(let error) = run.result {
                // A journal flush called directly reports to its caller; the editor's own path
                // reports on the status line.
                #expect("\(error)".contains(scratch.directory.path), "\(context): \(error)")
            } else if disk == "base\n" {
                #expect((session.warning ?? session.message)?.isEmpty == false, "\(context): the failure is reported")
            }
            // The disk works again: the editor retries and saves.
            _ = session.show(try document.idle())
            _ = session.show(try document.idle())
            try type("<C-s>", into: session)
            #expect(session.message?.contains("saved") == true, "\(context): \(session.message ?? "")")
            #expect(scratch.text == "typed more base\n", "\(context)")
            try document.close()
            let reopened = try scratch.open()
            #expect(try reopened.resource.value(in: Fork(name: "left"))?.text == "typed more base\n", "\(context)")
            #expect(try reopened.resource.value(in: .main)?.text == "typed more base\n", "\(context)")
            try reopened.close()
            step += 1
        }
        #expect(step > 10, "journaling, snapshotting and saving made several system calls (\(step - 1))")
    }
}
