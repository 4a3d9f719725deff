import Foundation
import Testing
@testable import Forked
@testable import ForkedHistory

@Suite("FileCommitStore")
struct FileCommitStoreTests {
    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func reopenedHistoryHasEveryVersion() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var ids: [CommitID] = []
        do {
            let history = History<String>(store: try FileCommitStore(directory: directory), snapshotInterval: 8)
            for step in 0..<30 { ids.append(try #require(try history.record("v \(step)", head: "main")).id) }
        }
        let reopened = History<String>(store: try FileCommitStore(directory: directory))
        #expect(try reopened.heads() == ["main": ids[29]])
        for (step, id) in ids.enumerated() { #expect(try reopened.value(at: id) == "v \(step)") }
    }

    @Test func twoStoresOnOneDirectorySeeEachOthersCommits() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = History<String>(store: try FileCommitStore(directory: directory))
        let second = History<String>(store: try FileCommitStore(directory: directory))
        let a = try #require(try first.record("from first", head: "a"))
        let b = try #require(try second.record("from second", head: "b"))
        #expect(try first.value(at: b.id) == "from second")
        #expect(try second.value(at: a.id) == "from first")
        #expect(try first.heads() == ["a": a.id, "b": b.id])
    }

    @Test func aTornLastRecordIsDroppedAndLaterAppendsAreReadable() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let history = History<String>(store: try FileCommitStore(directory: directory))
        let first = try #require(try history.record("first", head: "main"))
        // A process killed in the middle of an append leaves part of a record behind.
        let log = try FileHandle(forWritingTo: directory.appendingPathComponent("commits.log"))
        try log.seekToEnd()
        try log.write(contentsOf: Data([40, 0, 0, 0, 1, 2, 3]))
        try log.close()
        let reopened = History<String>(store: try FileCommitStore(directory: directory))
        let second = try #require(try reopened.record("second", head: "main"))
        let again = History<String>(store: try FileCommitStore(directory: directory))
        #expect(try again.value(at: second.id) == "second")
        #expect(try again.value(at: first.id) == "first")
    }

    @Test func collectionWhileOthersWriteLosesNoNewCommit() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let writerCount = 3
        let commitsPerWriter = 40
        let written = try await withThrowingTaskGroup(of: [CommitID].self) { group in
            for writer in 0..<writerCount {
                group.addTask {
                    let history = History<String>(store: try FileCommitStore(directory: directory))
                    var ids: [CommitID] = []
                    for step in 0..<commitsPerWriter {
                        ids.append(try #require(try history.record("writer \(writer) step \(step)", head: "w\(writer)")).id)
                    }
                    return ids
                }
            }
            group.addTask {
                let history = History<String>(store: try FileCommitStore(directory: directory))
                for _ in 0..<20 { try history.collect(olderThan: Date(timeIntervalSinceNow: -3_600)) }
                return []
            }
            var all: [CommitID] = []
            for try await ids in group { all += ids }
            return all
        }
        let history = History<String>(store: try FileCommitStore(directory: directory))
        #expect(written.count == writerCount * commitsPerWriter)
        for id in written { #expect(try history.value(at: id).hasPrefix("writer ")) }
    }
}
