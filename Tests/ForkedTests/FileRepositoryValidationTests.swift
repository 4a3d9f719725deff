import Foundation
import Forked
import Testing

/// Rewrites the manifest's JSON with `edit`, as a hand edit or a bad copy could.
private func editManifest(in directory: URL, _ edit: (inout [String: Any]) -> Void) throws {
    let url = directory.appendingPathComponent("manifest.json")
    var manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    edit(&manifest)
    try JSONSerialization.data(withJSONObject: manifest).write(to: url)
}

/// Whether `error` is a corrupt-repository error whose reason mentions `words`.
private func isCorruption(_ error: any Error, mentioning words: String) -> Bool {
    guard case ForkedError.corruptRepository(_, let reason) = error else { return false }
    return reason.contains(words)
}

@Suite("File repository: what it refuses to read")
struct FileRepositoryValidationTests {
    @Test("a manifest that lists main among the other forks is corrupt")
    func mainListedAsFork() throws {
        try expectCorruption(mentioning: "'main'") { directory in
            try editManifest(in: directory) { $0["forks"] = ["main": ["edits": 0]] }
        }
    }

    @Test("a manifest whose clock is behind its own commits is corrupt, so no commit file is overwritten")
    func clockBehindCommits() throws {
        try expectCorruption(mentioning: "clock") { directory in
            try editManifest(in: directory) { $0["clock"] = 1 }
        }
    }

    @Test("a commit file stored under another version's name is corrupt")
    func commitUnderWrongName() throws {
        try expectCorruption(mentioning: "version 2") { directory in
            let commits = directory.appendingPathComponent("commits")
            try Data(contentsOf: commits.appendingPathComponent("2.json")).write(to: commits.appendingPathComponent("1.json"))
            try editManifest(in: directory) { manifest in
                var entries = manifest["commits"] as? [String: Any] ?? [:]
                entries["1"] = entries["2"]
                manifest["commits"] = entries
            }
        }
    }

    /// Writes a repository with main at version 1 and `left` ahead at version 2, damages it
    /// with `damage`, and expects reopening it to report corruption mentioning `words`.
    private func expectCorruption(mentioning words: String, after damage: (URL) throws -> Void) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let resource = try ForkedResource(repository: try FileRepository<String>(directory: directory))
        try resource.update(.main, with: "one")
        try resource.create(left)
        try resource.update(left, with: "two")
        try damage(directory)
        #expect {
            _ = try FileRepository<String>(directory: directory)
        } throws: { isCorruption($0, mentioning: words) }
    }

    @Test("a repository restored from an older copy is read afresh, not from commits cached under the same versions")
    func restoredDirectoryIsNotReadFromCache() throws {
        let directory = try temporaryDirectory()
        let backup = try temporaryDirectory()
        defer {
            try? FileManager.default.removeItem(at: directory)
            try? FileManager.default.removeItem(at: backup)
        }
        let first = try ForkedResource(repository: try FileRepository<String>(directory: directory))
        try first.update(.main, with: "zero")
        try FileManager.default.removeItem(at: backup)
        try FileManager.default.copyItem(at: directory, to: backup)
        try first.update(.main, with: "first's edit")

        try FileManager.default.removeItem(at: directory)
        try FileManager.default.copyItem(at: backup, to: directory)
        let second = try ForkedResource(repository: try FileRepository<String>(directory: directory))
        try second.update(.main, with: "second's edit")
        #expect(try second.mostRecentVersion(of: .main) == first.mostRecentVersion(of: .main), "the same version number, reused")
        #expect(try first.value(in: .main) == "second's edit")
    }
}

@Suite("File repository: a missing manifest")
struct MissingManifestTests {
    @Test("a repository whose manifest was lost is reported, and its commit files are kept")
    func lostManifest() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let resource = try ForkedResource(repository: try FileRepository<String>(directory: directory))
        try resource.update(.main, with: "years of notes")
        try FileManager.default.removeItem(at: directory.appendingPathComponent("manifest.json"))
        #expect {
            let reopened = try ForkedResource(repository: try FileRepository<String>(directory: directory))
            try reopened.update(.main, with: "a fresh start")
        } throws: { isCorruption($0, mentioning: "manifest is missing") }
        let commits = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("commits").path)
        #expect(commits.contains("1.json"), "the old commit is still there to recover")
    }

    @Test("a new repository writes its manifest at once, so a later missing one means damage")
    func newRepositoryHasManifest() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let resource = try ForkedResource(repository: try FileRepository<String>(directory: directory))
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("manifest.json").path))
        #expect(try resource.value(in: .main) == nil)
        #expect(try resource.mostRecentVersion(of: .main) == .initial)
    }
}

@Suite("File repository creation cut short")
struct InterruptedCreationTests {
    @Test("a repository whose creation stopped before its first manifest opens as new")
    func interruptedCreationStartsAgain() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            _ = try FileRepository<String>(directory: directory)
        }
        // What a crash between the first commit file and the first manifest leaves.
        try FileManager.default.removeItem(at: directory.appendingPathComponent("manifest.json"))
        let resource = try ForkedResource(repository: try FileRepository<String>(directory: directory))
        #expect(try resource.value(in: .main) == nil)
        try resource.update(.main, with: "works")
        #expect(try ForkedResource(repository: try FileRepository<String>(directory: directory)).value(in: .main) == "works")
    }
}
