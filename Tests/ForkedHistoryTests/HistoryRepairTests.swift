import ForkedTestSupport
import Foundation
import Testing
@testable import Forked
@testable import ForkedHistory

/// `check` and `repair` of a damaged history: damage is always found, and a repaired history
/// holds only versions whose value is exactly what was recorded.
@Suite("History check and repair")
struct HistoryRepairTests {
    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("history-repair-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A history of `count` versions on main and a fork; returns each version's value by id.
    private func recordVersions(in directory: URL, count: Int) throws -> [CommitID: String] {
        let history = History<String>(store: try FileCommitStore(directory: directory), snapshotInterval: 4)
        var values: [CommitID: String] = [:]
        var text = "first line\n"
        for step in 0..<count {
            text += "line \(step) of the text\n"
            let head = step % 3 == 2 ? "fork" : "main"
            if let commit = try history.record(text, head: head) { values[commit.id] = text }
        }
        return values
    }

    @Test("a flipped byte in the middle of the log is found; repair keeps what verifies and sets the old files aside")
    func flippedByte() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let values = try recordVersions(in: directory, count: 12)
        #expect(try FileCommitStore.check(directory: directory, as: String.self).isClean)
        let log = directory.appendingPathComponent("commits.log")
        var bytes = try Data(contentsOf: log)
        bytes[bytes.count / 2] ^= 0x40
        try bytes.write(to: log)

        let found = try FileCommitStore.check(directory: directory, as: String.self)
        #expect(!found.isClean)
        #expect(found.unreadableRecords > 0, "\(found.lines)")
        #expect(throws: HistoryError.self) { try History<String>(store: try FileCommitStore(directory: directory)).log() }

        let aside = directory.appendingPathComponent("aside")
        try FileCommitStore.repair(directory: directory, as: String.self, settingAsideIn: aside)
        #expect(try Data(contentsOf: aside.appendingPathComponent("commits.log")) == bytes, "the damaged log is kept as it was")
        let after = try FileCommitStore.check(directory: directory, as: String.self)
        #expect(after.isClean, "\(after.lines)")
        #expect(!after.verified.isEmpty)
        let repaired = History<String>(store: try FileCommitStore(directory: directory))
        for id in after.verified { #expect(try repaired.value(at: id) == values[id]) }
        #expect(try repaired.heads()["main"] != nil)
        #expect(try !repaired.log().isEmpty)
    }

    /// Random flips and truncations anywhere in the log or the heads file: the check never
    /// calls a damaged history clean unless every version still reads as recorded, and after a
    /// repair every kept version is exactly what was recorded (no silent difference).
    @Test("random damage is found or harmless, and a repair keeps only exact versions", arguments: 0..<4)
    func randomDamage(batch: UInt64) throws {
        var random = SeededGenerator(state: 0x4E9A + batch)
        for _ in 0..<25 {
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let values = try recordVersions(in: directory, count: Int.random(in: 3...20, using: &random))
            let damaged = Bool.random(using: &random) ? "commits.log" : "heads.json"
            let file = directory.appendingPathComponent(damaged)
            var bytes = try Data(contentsOf: file)
            guard !bytes.isEmpty else { continue }
            if Bool.random(using: &random) {
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    bytes[Int.random(in: 0..<bytes.count, using: &random)] ^= UInt8.random(in: 1...255, using: &random)
                }
            } else {
                bytes = bytes.prefix(Int.random(in: 0..<bytes.count, using: &random))
            }
            try bytes.write(to: file)

            let found = try FileCommitStore.check(directory: directory, as: String.self)
            if found.isClean {
                // Clean means every version the heads reach still reads as recorded.
                let history = History<String>(store: try FileCommitStore(directory: directory))
                for id in found.verified { #expect(try history.value(at: id) == values[id]) }
            }
            try FileCommitStore.repair(directory: directory, as: String.self, settingAsideIn: directory.appendingPathComponent("aside"))
            let after = try FileCommitStore.check(directory: directory, as: String.self)
            #expect(after.isClean, "\(damaged): \(after.lines)")
            let repaired = History<String>(store: try FileCommitStore(directory: directory))
            for id in after.verified { #expect(try repaired.value(at: id) == values[id], "\(damaged): \(id.short)") }
            for (_, id) in try repaired.heads() { #expect(after.verified.contains(id)) }
        }
    }
}
