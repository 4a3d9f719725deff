import Forked
import Foundation

/// A ``CommitStore`` in a directory, shared safely by every process that opens it.
///
/// Commits are records of an ``AppendOnlyJournal`` (`commits.log`, checksummed, so a torn
/// write from a killed process is dropped, never read as a commit); heads are a small JSON file
/// replaced atomically. Writers take `history.lock` first; readers pick up what other processes
/// appended whenever the log has grown.
public final class FileCommitStore: CommitStore {
    /// The store's directory.
    public let directory: URL

    private var logURL: URL { directory.appendingPathComponent("commits.log") }
    private var headsURL: URL { directory.appendingPathComponent("heads.json") }
    private var lockURL: URL { directory.appendingPathComponent("history.lock") }

    private struct Cache {
        var order: [CommitID] = []
        var commits: [CommitID: HistoryCommit] = [:]
        /// Where the records read so far end in the log.
        var offsetRead = 0
        /// The log's inode: garbage collection replaces the file, and then everything is re-read.
        var fileNumber: UInt64 = 0
    }

    private let cache = ProtectedValue(Cache())

    /// Opens the store in `directory`, creating it when missing.
    public init(directory: URL) throws {
        self.directory = directory
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw ForkedError.fileSystem(path: directory.path, reason: "cannot create history directory: \(error.localizedDescription)")
        }
    }

    /// The commit with `id`, reading what other processes added since the last look.
    public func commit(_ id: CommitID) throws -> HistoryCommit? {
        try refresh()
        return cache.withLock { $0.commits[id] }
    }

    /// Every commit in the order added.
    public func allCommits() throws -> [HistoryCommit] {
        try refresh()
        return cache.withLock { cache in cache.order.compactMap { cache.commits[$0] } }
    }

    /// Appends new commits and moves heads, under the store's lock.
    public func add(_ commits: [HistoryCommit], movingHeads heads: [String: CommitID]) throws {
        try FileLock.withLock(on: lockURL) {
            // Opened afresh under the lock: collection may have replaced the file since.
            let log = try AppendOnlyJournal(url: logURL)
            try log.removeTornTail()
            try refresh()
            let known = cache.withLock { $0.commits }
            var added = Set<CommitID>()
            for commit in commits where known[commit.id] == nil && added.insert(commit.id).inserted {
                log.append(commit.encoded)
            }
            try log.flush()
            try refresh()
            guard !heads.isEmpty else { return }
            var current = try readHeads()
            current.merge(heads) { $1 }
            try writeHeads(current)
        }
    }

    /// The named heads.
    public func heads() throws -> [String: CommitID] { try readHeads() }

    /// Forgets a head.
    public func removeHead(_ name: String) throws {
        try FileLock.withLock(on: lockURL) {
            var current = try readHeads()
            guard current.removeValue(forKey: name) != nil else { return }
            try writeHeads(current)
        }
    }

    /// Rewrites the log with `transform`'s result, under the lock, replacing the file atomically.
    public func rewrite(_ transform: ([HistoryCommit], [String: CommitID]) throws -> [HistoryCommit]) throws {
        try FileLock.withLock(on: lockURL) {
            try refresh()
            let current = cache.withLock { cache in cache.order.compactMap { cache.commits[$0] } }
            let commits = try transform(current, try readHeads())
            try AtomicFile.write(AppendOnlyJournal.framed(commits.map(\.encoded)), to: logURL)
            try refresh()
        }
    }

    /// Reads records appended since the last read (all of them when the log was replaced).
    private func refresh() throws {
        let attributes = try? FileManager.default.attributesOfItem(atPath: logURL.path)
        let length = (attributes?[.size] as? NSNumber)?.int64Value ?? 0
        let fileNumber = (attributes?[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0
        let (offsetRead, numberRead) = cache.withLock { ($0.offsetRead, $0.fileNumber) }
        let replaced = fileNumber != numberRead || length < Int64(offsetRead)
        guard replaced || length != Int64(offsetRead) else { return }
        let start = replaced ? 0 : offsetRead
        let (contents, end) = try AppendOnlyJournal.read(logURL, from: start)
        let fresh = try contents.records.map { try HistoryCommit(encoded: $0) }
        cache.withLock { cache in
            if replaced { cache = Cache() }
            for commit in fresh where cache.commits[commit.id] == nil {
                cache.commits[commit.id] = commit
                cache.order.append(commit.id)
            }
            cache.offsetRead = end
            cache.fileNumber = fileNumber
        }
    }

    private func readHeads() throws -> [String: CommitID] {
        guard let data = try? Data(contentsOf: headsURL) else { return [:] }
        do {
            return try JSONDecoder().decode([String: CommitID].self, from: data)
        } catch {
            throw HistoryError.corruptCommit("\(headsURL.path) is not a heads file: \(error)")
        }
    }

    private func writeHeads(_ heads: [String: CommitID]) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try AtomicFile.write(try encoder.encode(heads), to: headsURL)
    }
}
