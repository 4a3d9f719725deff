import Foundation
@testable import Forked
import Testing

/// Writes `state` in format 1, as builds before the log wrote a repository: one checksummed
/// file per commit in `commits/`, indexed by `manifest.json`.
private func writeFormat1(_ state: ForkedState<String>, to directory: URL) throws {
    let commits = directory.appendingPathComponent("commits")
    try FileManager.default.createDirectory(at: commits, withIntermediateDirectories: true)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    var entries: [String: RepositoryManifest.CommitEntry] = [:]
    for (version, commit) in state.referencedCommits {
        let data = try encoder.encode(commit)
        try data.write(to: commits.appendingPathComponent("\(version).json"))
        entries[String(version)] = RepositoryManifest.CommitEntry(checksum: Checksum.of(data))
    }
    let index = RepositoryIndex(state)
    let manifest = RepositoryManifest(
        format: 1, generation: 7, clock: index.clock, main: index.main, forks: index.forks, commits: entries)
    try encoder.encode(manifest).write(to: directory.appendingPathComponent("manifest.json"))
}

/// A state with main, a fork ahead of it and a fork diverged from it.
private func sampleState() throws -> ForkedState<String> {
    let repository = InMemoryRepository<String>()
    let resource = try ForkedResource(repository: repository)
    try resource.update(.main, with: "ancestor")
    try resource.create(left)
    try resource.create(right)
    try resource.update(left, with: "left edit")
    try resource.update(.main, with: "main edit")
    try resource.update(right, with: "right edit")
    return try repository.withState { $0 }
}

@Suite("File repository: format 1 directories are migrated to the log")
struct FileRepositoryMigrationTests {
    @Test("a format 1 repository opens with the same forks, values and clock, and is converted")
    func migratesFormat1() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let state = try sampleState()
        try writeFormat1(state, to: directory)

        let repository = try FileRepository<String>(directory: directory)
        #expect(try repository.withState { $0 } == state)
        let manifest = try JSONDecoder().decode(RepositoryManifest.self, from: Data(contentsOf: directory.appendingPathComponent("manifest.json")))
        #expect(manifest.format == RepositoryManifest.currentFormat)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("commits").path))

        let resource = try ForkedResource(repository: repository)
        try resource.update(left, with: "after migration")
        #expect(try resource.mostRecentVersion(of: left).count == state.clock.count + 1, "the clock carries on")
        let reopened = try ForkedResource(repository: try FileRepository<String>(directory: directory))
        #expect(try reopened.value(in: left) == "after migration")
        #expect(try reopened.value(in: right) == "right edit")
        #expect(try reopened.commonAncestor(of: left) == "ancestor")
    }

    @Test("a migration cut short after writing the log is done again from the format 1 files")
    func interruptedMigrationIsRedone() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // A log from some earlier state, as a migration stopped before its manifest leaves it
        // (here an empty one, so a wrong choice shows).
        _ = try FileRepository<String>(directory: directory)
        try FileManager.default.removeItem(at: directory.appendingPathComponent("manifest.json"))
        let state = try sampleState()
        try writeFormat1(state, to: directory)
        #expect(try FileRepository<String>(directory: directory).withState { $0 } == state)
    }

    @Test("a damaged format 1 repository is reported and left as it was")
    func damagedFormat1IsNotMigrated() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try writeFormat1(try sampleState(), to: directory)
        let commit = directory.appendingPathComponent("commits/1.json")
        var data = try Data(contentsOf: commit)
        data[data.count - 3] ^= 0x01
        try data.write(to: commit)
        #expect {
            _ = try FileRepository<String>(directory: directory)
        } throws: { isCorruption($0, mentioning: "checksum mismatch") }
        let manifest = try JSONDecoder().decode(RepositoryManifest.self, from: Data(contentsOf: directory.appendingPathComponent("manifest.json")))
        #expect(manifest.format == 1)
        #expect(FileManager.default.fileExists(atPath: commit.path))
    }

    @Test("a format 1 manifest Forked could not have written is reported")
    func impossibleFormat1Manifest() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var state = try sampleState()
        state.clock = Version(count: 1)
        try writeFormat1(state, to: directory)
        #expect {
            _ = try FileRepository<String>(directory: directory)
        } throws: { isCorruption($0, mentioning: "clock") }
    }

    @Test("format 1 commit files without a manifest are reported as a lost manifest and kept")
    func lostFormat1Manifest() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try writeFormat1(try sampleState(), to: directory)
        try FileManager.default.removeItem(at: directory.appendingPathComponent("manifest.json"))
        #expect {
            _ = try FileRepository<String>(directory: directory)
        } throws: { isCorruption($0, mentioning: "manifest is missing") }
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("commits/1.json").path))
    }
}
