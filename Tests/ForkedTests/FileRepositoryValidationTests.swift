import Foundation
import Forked
import Testing

/// Rewrites the JSON of the log's last record with `edit`, as a hand edit or a bad copy could
/// (the record is framed again, so its checksum holds).
private func editLastRecord(in directory: URL, _ edit: (inout [String: Any]) -> Void) throws {
    let url = directory.appendingPathComponent("log")
    var records = try AppendOnlyJournal.read(url).records
    let last = try #require(records.last)
    var record = try #require(try JSONSerialization.jsonObject(with: last) as? [String: Any])
    edit(&record)
    records[records.count - 1] = try JSONSerialization.data(withJSONObject: record)
    try AppendOnlyJournal.framed(records).write(to: url)
}

/// Sets `value` at `key` of the index in a record's JSON.
private func setIndex(_ key: String, to value: Any, in record: inout [String: Any]) {
    var index = record["index"] as? [String: Any] ?? [:]
    index[key] = value
    record["index"] = index
}

/// Replaces the first match of `pattern` in the JSON of the log's last record with
/// `replacement`, as text: for numbers at the edge of their type, written exactly as a damaged
/// or crafted file would hold them.
private func rewriteLastRecord(in directory: URL, replacing pattern: String, with replacement: String) throws {
    let url = directory.appendingPathComponent("log")
    var records = try AppendOnlyJournal.read(url).records
    let text = String(decoding: try #require(records.last), as: UTF8.self)
    let edited = text.replacing(try Regex(pattern), with: replacement, maxReplacements: 1)
    #expect(edited != text, "\(pattern) is not in \(text)")
    records[records.count - 1] = Data(edited.utf8)
    try AppendOnlyJournal.framed(records).write(to: url)
}

@Suite("File repository: what it refuses to read")
struct FileRepositoryValidationTests {
    @Test("a record that lists main among the other forks is corrupt")
    func mainListedAsFork() throws {
        try expectCorruption(mentioning: "'main'") { directory in
            try editLastRecord(in: directory) { setIndex("forks", to: ["main": ["edits": 0]], in: &$0) }
        }
    }

    @Test("a record whose clock is behind its own commits is corrupt, so no version is handed out twice")
    func clockBehindCommits() throws {
        try expectCorruption(mentioning: "clock") { directory in
            try editLastRecord(in: directory) { setIndex("clock", to: 1, in: &$0) }
        }
    }

    @Test("a record referring to a commit the log does not hold is corrupt")
    func commitMissingFromLog() throws {
        try expectCorruption(mentioning: "is not in the log") { directory in
            try editLastRecord(in: directory) { $0["commits"] = [Any]() }
        }
    }

    @Test("a record that does not decode is corrupt")
    func undecodableRecord() throws {
        try expectCorruption(mentioning: "cannot be decoded") { directory in
            try editLastRecord(in: directory) { $0["index"] = "nothing" }
        }
    }

    @Test("a record whose clock is at its type's limit is corrupt, so the next write does not overflow it")
    func clockAtItsLimit() throws {
        try expectCorruption(mentioning: "clock") { directory in
            try rewriteLastRecord(in: directory, replacing: #""clock":\d+"#, with: "\"clock\":\(UInt64.max)")
        }
    }

    @Test("a fork whose edit count is at its type's limit is corrupt, so the next edit does not overflow it")
    func editsAtTheirLimit() throws {
        try expectCorruption(mentioning: "edits") { directory in
            try rewriteLastRecord(in: directory, replacing: #""edits":\d+"#, with: "\"edits\":\(Int.max)")
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
    @Test("a repository whose manifest was lost reopens from its log, and gets its manifest back")
    func lostManifest() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let resource = try ForkedResource(repository: try FileRepository<String>(directory: directory))
        try resource.update(.main, with: "years of notes")
        let manifest = directory.appendingPathComponent("manifest.json")
        try FileManager.default.removeItem(at: manifest)
        let reopened = try ForkedResource(repository: try FileRepository<String>(directory: directory))
        #expect(try reopened.value(in: .main) == "years of notes")
        #expect(FileManager.default.fileExists(atPath: manifest.path))
    }

    @Test("a new repository writes its log and manifest at once")
    func newRepositoryHasManifest() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let resource = try ForkedResource(repository: try FileRepository<String>(directory: directory))
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("manifest.json").path))
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("log").path))
        #expect(try resource.value(in: .main) == nil)
        #expect(try resource.mostRecentVersion(of: .main) == .initial)
    }

    @Test("a manifest naming a format this build does not know is refused")
    func unknownFormat() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try FileRepository<String>(directory: directory)
        try Data(#"{"format": 4}"#.utf8).write(to: directory.appendingPathComponent("manifest.json"))
        #expect {
            _ = try FileRepository<String>(directory: directory)
        } throws: { isCorruption($0, mentioning: "unsupported format 4") }
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
