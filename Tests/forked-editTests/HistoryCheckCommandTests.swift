import ForkedEditCore
import ForkedEditPersistence
import ForkedHistory
import Foundation
import Testing

/// `forked-edit history FILE --check | --repair`.
@Suite("forked-edit history --check and --repair")
struct HistoryCheckCommandTests {
    @Test("a damaged history fails the check (exit 2, with what is damaged); repair keeps what verifies, log works again")
    func checkAndRepair() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("notes.txt")
        try "v9\n".write(to: file, atomically: false, encoding: .utf8)
        let historyDirectory = directory.appendingPathComponent(".notes.txt.forked/history")
        let history = History<TextDocument>(store: try FileCommitStore(directory: historyDirectory))
        for step in 0..<10 { try history.record(TextDocument(text: (0...step).map { "v\($0)" }.joined(separator: "\n") + "\n"), head: "main") }

        let clean = try runProcess(try ForkedEditBinary.path, ["history", file.path, "--check"])
        #expect(clean.status == 0, "\(clean.standardError)")
        #expect(clean.standardOutput == "notes.txt: 10 versions verified\n", "\(clean.standardOutput)")

        let log = historyDirectory.appendingPathComponent("commits.log")
        var bytes = try Data(contentsOf: log)
        bytes[bytes.count / 2] ^= 0x21
        try bytes.write(to: log)
        let damaged = try runProcess(try ForkedEditBinary.path, ["history", file.path, "--check"])
        #expect(damaged.status == 2)
        #expect(damaged.standardOutput.contains("cannot be read"), "\(damaged.standardOutput)")
        #expect(damaged.standardError.contains("--repair"), "\(damaged.standardError)")
        #expect(try runProcess(try ForkedEditBinary.path, ["log", file.path]).status == 2, "log refuses a damaged history")

        let repair = try runProcess(try ForkedEditBinary.path, ["history", file.path, "--repair"])
        #expect(repair.status == 0, "\(repair.standardError)")
        #expect(repair.standardOutput.contains("repaired: kept"), "\(repair.standardOutput)")
        let aside = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix(".notes.txt.forked.corrupt-") }
        #expect(aside.count == 1, "\(aside)")
        let after = try runProcess(try ForkedEditBinary.path, ["log", file.path])
        #expect(after.status == 0, "\(after.standardError)")
        #expect(!after.standardOutput.isEmpty)
        #expect(try runProcess(try ForkedEditBinary.path, ["history", file.path, "--check"]).status == 0)
        #expect(try String(contentsOf: file, encoding: .utf8) == "v9\n", "the file is never touched")
    }
}
