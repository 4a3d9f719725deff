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

    @Test("only the minimum history stays on disk")
    func unreferencedCommitsAreRemoved() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let resource = try ForkedResource(repository: try FileRepository<Int>(directory: directory))
        try resource.create(left)
        for value in 1...20 { try resource.update(left, with: value) }
        try resource.syncAllForks()
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("commits").path)
        #expect(files.count == 1)
        #expect(try resource.value(in: left) == 20)
    }

    @Test("a crash before the manifest is replaced leaves the old state", arguments: [
        FileRepository<String>.SimulatedCrash.beforeManifest, .duringManifestWrite,
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
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains("tmp") }
        #expect(leftovers.isEmpty, "temporary files of interrupted writes are cleaned up")
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

    @Test("a damaged commit file is detected by its checksum")
    func damagedCommit() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let resource = try ForkedResource(repository: try FileRepository<String>(directory: directory))
        try resource.update(.main, with: "important text")
        let commit = directory.appendingPathComponent("commits/1.json")
        var data = try Data(contentsOf: commit)
        data[data.count - 3] ^= 0x01
        try data.write(to: commit)
        #expect {
            _ = try FileRepository<String>(directory: directory)
        } throws: { error in
            guard case ForkedError.corruptRepository(let path, let reason) = error else { return false }
            return path.hasSuffix("1.json") && reason.contains("checksum mismatch")
        }
    }

    @Test("a missing commit file is reported")
    func missingCommit() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let resource = try ForkedResource(repository: try FileRepository<String>(directory: directory))
        try resource.update(.main, with: "text")
        try FileManager.default.removeItem(at: directory.appendingPathComponent("commits/1.json"))
        #expect(throws: ForkedError.self) { _ = try FileRepository<String>(directory: directory) }
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
