import Foundation
@testable import Forked
import ForkedTestSupport
import Testing

/// A value that stores a delta when it extends its base: the delta is the appended bytes.
/// `liar` makes it return a delta that does not give it back, as a faulty conformance would.
private struct Notes: Codable, Equatable, Sendable, DeltaStorable, Mergeable {
    var text: String
    var liar = false

    func storedDelta(from base: Notes) -> Data? {
        guard text.hasPrefix(base.text), text.utf8.count > base.text.utf8.count else { return nil }
        return Data((liar ? "?" : String(text.dropFirst(base.text.count))).utf8)
    }

    /// The dominant side's text wins: enough to make merges that store new versions.
    func merged(withSubordinate other: Notes, commonAncestor: Notes) throws -> Notes { self }

    /// Stored whole as JSON; as its text's bytes when `compact`.
    var compact = false

    var storedBytes: Data? { compact ? Data(text.utf8) : nil }

    init(text: String, liar: Bool = false, compact: Bool = false) {
        self.text = text
        self.liar = liar
        self.compact = compact
    }

    init(storedBytes: Data) throws {
        guard let text = String(data: storedBytes, encoding: .utf8) else { throw CocoaError(.coderInvalidValue) }
        self.init(text: text, compact: true)
    }

    func applyingStoredDelta(_ delta: Data) throws -> Notes {
        guard let appended = String(data: delta, encoding: .utf8) else { throw CocoaError(.coderInvalidValue) }
        return Notes(text: text + appended)
    }
}

@Suite("File repository: values stored as changes")
struct FileRepositoryDeltaTests {
    private func logRecords(_ directory: URL) throws -> [RepositoryLogRecord<Notes>] {
        try AppendOnlyJournal.read(directory.appendingPathComponent("log")).records.map {
            try RepositoryLogRecord<Notes>.read($0)
        }
    }

    @Test("a fork's new version is written as its change to the last one, and reads back the same in another process")
    func versionsAreStoredAsChanges() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let resource = try ForkedResource(repository: try FileRepository<Notes>(directory: directory))
        let watcher = try ForkedResource(repository: try FileRepository<Notes>(directory: directory))
        let start = String(repeating: "forty-two bytes of a long document here. ", count: 500)
        try resource.update(.main, with: Notes(text: start))
        try resource.create(left)
        var text = start
        for step in 0..<100 {
            text += "\(step % 10)"
            try resource.update(left, with: Notes(text: text))
            if step % 50 == 0 { #expect(try watcher.value(in: left)?.text == text, "caught up from the appended records") }
        }
        let logSize = try Data(contentsOf: directory.appendingPathComponent("log")).count
        // Whole, they would take 100 × 21 KB; as changes, one copy and a record's index apiece.
        #expect(logSize < start.utf8.count * 2 + 100 * 400, "100 versions of a 21 KB value in \(logSize) bytes")
        #expect(try logRecords(directory).contains { $0.deltas?.isEmpty == false })
        let reopened = try ForkedResource(repository: try FileRepository<Notes>(directory: directory))
        #expect(try reopened.value(in: left)?.text == text)
        #expect(try reopened.value(in: .main)?.text == start)
        #expect(try watcher.value(in: left)?.text == text)
    }

    @Test("a delta that does not give back the value is not used: the value is written whole")
    func deltaThatDoesNotRoundTripIsNotUsed() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let resource = try ForkedResource(repository: try FileRepository<Notes>(directory: directory))
        try resource.update(.main, with: Notes(text: "start", liar: true))
        try resource.update(.main, with: Notes(text: "start and more", liar: true))
        #expect(try logRecords(directory).allSatisfy { $0.deltas == nil })
        let reopened = try ForkedResource(repository: try FileRepository<Notes>(directory: directory))
        #expect(try reopened.value(in: .main)?.text == "start and more")
    }

    @Test("a value with a compact form of its own and nothing to be a change to is stored whole in it, beside the JSON")
    func compactFormBesideTheJSON() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let resource = try ForkedResource(repository: try FileRepository<Notes>(directory: directory))
        let text = "a line with \"quotes\" and a break\n" + String(repeating: "é", count: 100)
        try resource.update(.main, with: Notes(text: text, compact: true))
        let record = try #require(try logRecords(directory).last)
        #expect(record.commits.isEmpty)
        #expect(record.deltas?.map(\.base) == [nil])
        #expect(record.attachment == Data(text.utf8))
        let reopened = try ForkedResource(repository: try FileRepository<Notes>(directory: directory))
        #expect(try reopened.value(in: .main) == Notes(text: text, compact: true))
    }

    @Test("a record whose bytes are cut short is reported")
    func attachmentCutShortIsCorruption() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let resource = try ForkedResource(repository: try FileRepository<Notes>(directory: directory))
        try resource.update(.main, with: Notes(text: "whole in its own form", compact: true))
        var records = try logRecords(directory)
        let last = try #require(records.indices.last)
        records[last].attachment = records[last].attachment.prefix(5)
        try AppendOnlyJournal.framed(try records.map { try $0.payload() }).write(to: directory.appendingPathComponent("log"))
        #expect {
            _ = try ForkedResource(repository: try FileRepository<Notes>(directory: directory)).value(in: .main)
        } throws: { isCorruption($0, mentioning: "are not in the record's 5") }
    }

    @Test("a compaction's snapshot stores the referenced versions as changes too, and reads back")
    func compactedSnapshotReadsBack() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let resource = try ForkedResource(repository: try FileRepository<Notes>(directory: directory, compactionSlack: 2_000))
        var text = String(repeating: "x", count: 3_000)
        try resource.update(.main, with: Notes(text: text))
        try resource.create(left)
        try resource.create(right)
        for step in 0..<300 {
            text += "y"
            try resource.update(step % 2 == 0 ? left : right, with: Notes(text: text))
        }
        let records = try logRecords(directory)
        #expect(records.count < 300, "compacted at least once: \(records.count) records")
        let reopened = try ForkedResource(repository: try FileRepository<Notes>(directory: directory))
        for fork in [Fork.main, left, right] {
            #expect(try reopened.value(in: fork) == resource.value(in: fork))
        }
    }

    @Test("a change to a commit the log does not hold is reported, never applied to something else")
    func deltaWithMissingBaseIsCorruption() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let resource = try ForkedResource(repository: try FileRepository<Notes>(directory: directory))
        try resource.update(.main, with: Notes(text: "start"))
        try resource.update(.main, with: Notes(text: "start and more"))
        var records = try logRecords(directory)
        let last = try #require(records.indices.last)
        let delta = try #require(records[last].deltas?.first)
        var moved = delta
        moved.base = 999
        records[last].deltas = [moved]
        let payloads = try records.map { try $0.payload() }
        try AppendOnlyJournal.framed(payloads).write(to: directory.appendingPathComponent("log"))
        #expect {
            _ = try ForkedResource(repository: try FileRepository<Notes>(directory: directory)).value(in: .main)
        } throws: { isCorruption($0, mentioning: "is a change to commit 999, which is not in the log") }
    }

    @Test("a format 2 repository (every commit whole) is read as it is and named format 3")
    func format2IsReadAndRenamed() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let resource = try ForkedResource(repository: try FileRepository<String>(directory: directory))
            try resource.update(.main, with: "written whole")
        }
        let manifestURL = directory.appendingPathComponent("manifest.json")
        var manifest = RepositoryManifest.marker
        manifest.format = RepositoryManifest.wholeCommitFormat
        try JSONEncoder().encode(manifest).write(to: manifestURL)
        let reopened = try ForkedResource(repository: try FileRepository<String>(directory: directory))
        #expect(try reopened.value(in: .main) == "written whole")
        #expect(try JSONDecoder().decode(RepositoryManifest.self, from: Data(contentsOf: manifestURL)).format == 3)
    }

    @Test("random edits, merges and reopenings: a repository storing changes always reads back what was written", arguments: 0..<20)
    func randomHistoriesReadBack(seed: UInt64) throws {
        var random = SeededGenerator(state: seed)
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var resource = try ForkedResource(repository: try FileRepository<Notes>(directory: directory, compactionSlack: 3_000))
        try resource.update(.main, with: Notes(text: "seed \(seed): "))
        try resource.create(left)
        try resource.create(right)
        for _ in 0..<60 {
            let fork = [Fork.main, left, right][Int.random(in: 0..<3, using: &random)]
            let current = try resource.value(in: fork)?.text ?? ""
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<6:
                // Appending: stored as a change.
                try resource.update(fork, with: Notes(text: current + String(repeating: "ab", count: Int.random(in: 1...40, using: &random))))
            case 6..<8:
                // Cutting: stored whole.
                try resource.update(fork, with: Notes(text: String(current.prefix(Int.random(in: 0...current.count, using: &random)))))
            case 8:
                if fork != .main { try resource.mergeIntoMain(from: fork) }
            default:
                // Another process opens the directory: it reads the whole log as it is now.
                let expected = try [Fork.main, left, right].map { try resource.value(in: $0) }
                resource = try ForkedResource(repository: try FileRepository<Notes>(directory: directory, compactionSlack: 3_000))
                #expect(try [Fork.main, left, right].map { try resource.value(in: $0) } == expected, "seed \(seed)")
            }
        }
        let expected = try [Fork.main, left, right].map { try resource.value(in: $0) }
        let reopened = try ForkedResource(repository: try FileRepository<Notes>(directory: directory))
        #expect(try [Fork.main, left, right].map { try reopened.value(in: $0) } == expected, "seed \(seed)")
    }
}
