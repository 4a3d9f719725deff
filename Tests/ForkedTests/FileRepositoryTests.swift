import Foundation
@testable import Forked
import Testing

@Suite("File repository")
struct FileRepositoryTests {
    @Test("a resource and its forks survive closing and reopening")
    func roundTrip() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let resource = try ForkedResource(repository: try FileRepository<String>(directory: directory))
            try resource.update(.main, with: "ancestor")
            try resource.create(left)
            try resource.create(right)
            try resource.update(left, with: "left edit")
            try resource.update(.main, with: "main edit")
        }
        let reopened = try ForkedResource(repository: try FileRepository<String>(directory: directory))
        #expect(try reopened.currentForks() == [.main, left, right])
        #expect(try reopened.value(in: .main) == "main edit")
        #expect(try reopened.value(in: left) == "left edit")
        #expect(try reopened.commonAncestor(of: left) == "ancestor")
        #expect(try reopened.status(of: left) == .diverged(edits: 1))
        #expect(try reopened.status(of: right) == .behind)
        try reopened.update(right, with: "right edit")
        #expect(try reopened.mostRecentVersion(of: right) == Version(count: 4), "the logical clock is persisted")
    }

    @Test("only the minimum history stays on disk: the log is compacted to a snapshot of what is referenced")
    func logIsCompacted() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let resource = try ForkedResource(repository: try FileRepository<Int>(directory: directory, compactionSlack: 4_000))
        // Opened before any compaction: it must notice the log being replaced.
        let other = try ForkedResource(repository: try FileRepository<Int>(directory: directory))
        try resource.create(left)
        for value in 1...300 { try resource.update(left, with: value) }
        try resource.syncAllForks()
        let log = try AppendOnlyJournal.read(directory.appendingPathComponent("log"))
        #expect(log.records.count < 100, "compacted at least once: \(log.records.count) records")
        #expect(try Data(contentsOf: directory.appendingPathComponent("log")).count < 10_000)
        let snapshot = try JSONDecoder().decode(RepositoryLogRecord<Int>.self, from: try #require(log.records.first))
        #expect(snapshot.commits.allSatisfy { snapshot.index.referencedVersions.contains($0.version.count) }, "no superseded commit is kept")
        #expect(try other.value(in: left) == 300)
        #expect(try other.value(in: .main) == 300)
        #expect(try ForkedResource(repository: try FileRepository<Int>(directory: directory)).value(in: left) == 300)
    }

    @Test("a crash before or during an append leaves the old state, and the next write carries on", arguments: [
        FileRepository<String>.SimulatedCrash.beforeAppend, .duringAppend,
    ])
    func tornWriteKeepsOldState(crash: FileRepository<String>.SimulatedCrash) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let repository = try FileRepository<String>(directory: directory)
        let resource = try ForkedResource(repository: repository)
        try resource.update(.main, with: "safe")
        repository.faults.withLock { $0 = crash }
        #expect(throws: FileRepository<String>.SimulatedCrash.self) { try resource.update(.main, with: "lost") }

        let reopened = try ForkedResource(repository: try FileRepository<String>(directory: directory))
        #expect(try reopened.value(in: .main) == "safe")
        try reopened.update(.main, with: "after")
        #expect(try ForkedResource(repository: try FileRepository<String>(directory: directory)).value(in: .main) == "after")
        let log = try AppendOnlyJournal.read(directory.appendingPathComponent("log"))
        #expect(log.droppedBytes == 0, "the torn record was cut off before the next one was appended")
    }

    @Test("a truncated manifest is reported, not silently dropped")
    func truncatedManifest() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let resource = try ForkedResource(repository: try FileRepository<String>(directory: directory))
        try resource.update(.main, with: "text")
        let manifest = directory.appendingPathComponent("manifest.json")
        let data = try Data(contentsOf: manifest)
        try data.prefix(data.count - 5).write(to: manifest)
        #expect {
            _ = try FileRepository<String>(directory: directory)
        } throws: { error in
            guard case ForkedError.corruptRepository(let path, let reason) = error else { return false }
            return path.hasSuffix("manifest.json") && reason.contains("manifest is not valid")
        }
    }

    @Test("a damaged record with records after it is detected by its checksum")
    func damagedRecord() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let resource = try ForkedResource(repository: try FileRepository<String>(directory: directory))
        try resource.update(.main, with: "important text")
        try resource.update(.main, with: "more important text")
        let log = directory.appendingPathComponent("log")
        var data = try Data(contentsOf: log)
        data[20] ^= 0x01 // inside the first record's payload
        try data.write(to: log)
        #expect {
            _ = try FileRepository<String>(directory: directory)
        } throws: { error in
            guard case ForkedError.corruptRepository(let path, let reason) = error else { return false }
            return path.hasSuffix("log") && reason.contains("checksum mismatch")
        }
    }

    @Test("a missing log is reported")
    func missingLog() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let resource = try ForkedResource(repository: try FileRepository<String>(directory: directory))
        try resource.update(.main, with: "text")
        try FileManager.default.removeItem(at: directory.appendingPathComponent("log"))
        #expect {
            _ = try FileRepository<String>(directory: directory)
        } throws: { error in
            guard case ForkedError.corruptRepository(_, let reason) = error else { return false }
            return reason.contains("log is missing")
        }
        #expect(throws: ForkedError.self) { try resource.value(in: .main) }
    }

    @Test("one transaction appends one record, and an unchanged state none")
    func oneRecordPerTransaction() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let resource = try ForkedResource(repository: try FileRepository<String>(directory: directory))
        let log = directory.appendingPathComponent("log")
        let before = try AppendOnlyJournal.read(log).records.count
        try resource.update(.main, with: "one")
        _ = try resource.value(in: .main)
        #expect(try AppendOnlyJournal.read(log).records.count == before + 1)
    }

    @Test("two repositories on one directory see each other's changes and lose none")
    func sharedDirectory() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try ForkedResource(repository: try FileRepository<[Int]>(directory: directory))
        try first.update(.main, with: [])
        try first.create(left)
        let second = try ForkedResource(repository: try FileRepository<[Int]>(directory: directory))
        try second.create(right)
        #expect(try first.currentForks() == [.main, left, right])
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for step in 0..<50 { try first.update(left, with: (try first.value(in: left) ?? []) + [step]) }
            }
            group.addTask {
                for step in 0..<50 { try second.update(right, with: (try second.value(in: right) ?? []) + [100 + step]) }
            }
            try await group.waitForAll()
        }
        #expect(try second.value(in: left) == Array(0..<50))
        #expect(try first.value(in: right) == Array(100..<150))
    }
}
