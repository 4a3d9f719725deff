import Forked
import ForkedEditCore
@testable import ForkedEditPersistence
import Foundation
import Testing

/// The history is secondary to the file: a damaged one is reported once and never stops edits
/// from being stored or the file from being saved, and it is never removed.
@Suite("Damaged history")
struct DamagedHistoryTests {
    @Test("with a byte changed in the middle of the history, typing is stored, Ctrl-S saves, quitting keeps the history")
    func damagedHistoryDoesNotBlockSaving() throws {
        let scratch = try ScratchFile(text: "one\n")
        do {
            let (document, session) = try scratch.openWithSession()
            for line in ["two", "three", "four"] {
                try type("<C-End>\(line)<Enter><C-s>", into: session)
                try document.synchronize()
            }
            try document.close()
        }
        let log = scratch.layout.history.appendingPathComponent("commits.log")
        var bytes = try Data(contentsOf: log)
        #expect(bytes.count > 100)
        bytes[bytes.count / 3] ^= 0x40
        try bytes.write(to: log)

        let (document, session) = try scratch.openWithSession()
        try type("<C-End>five<Enter>", into: session)
        try document.synchronize()
        let report = try document.idle()
        #expect(report.failure == nil)
        #expect(report.notice?.contains("history of versions could not be written") == true, "\(report)")
        #expect(try document.idle().notice == nil, "said once")
        try type("<C-s>", into: session)
        #expect(scratch.text == "one\ntwo\nthree\nfour\nfive\n")
        try document.close()
        #expect(FileManager.default.fileExists(atPath: log.path), "the damaged history is kept")
        #expect(try Data(contentsOf: log) == bytes, "and left as it was")
    }
}
