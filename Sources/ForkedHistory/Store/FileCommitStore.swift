import Forked
import Foundation

/// A ``CommitStore`` in a directory, shared safely by every process that opens it.
///
/// Commits are records of an ``AppendOnlyJournal`` (`commits.log`, checksummed, so a torn
/// write from a killed process is dropped, never read as a commit), written compactly
/// (``CommitLog``); heads are a small JSON file replaced atomically. Writers take `history.lock`
/// first; readers pick up what other processes appended whenever the log has grown.
public final class FileCommitStore: CommitStore {
    /// The store's directory.
    public let directory: URL

    private var logURL: URL { Self.logURL(in: directory) }
    private var headsURL: URL { Self.headsURL(in: directory) }
    private var lockURL: URL { Self.lockURL(in: directory) }

    /// The commit log of the store in `directory`.
    static func logURL(in directory: URL) -> URL { directory.appendingPathComponent("commits.log") }
    /// The heads file of the store in `directory`.
    static func headsURL(in directory: URL) -> URL { directory.appendingPathComponent("heads.json") }
    /// The lock writers of the store in `directory` take.
    static func lockURL(in directory: URL) -> URL { directory.appendingPathComponent("history.lock") }

    private struct Cache {
        var order: [CommitID] = []
        var commits: [CommitID: HistoryCommit] = [:]
        /// Where the records read so far end in the log.
        var offsetRead = 0
        /// The log's inode: garbage collection replaces the file, and then everything is re-read.
        var fileNumber: UInt64 = 0
        /// What the records read so far let the next one refer back to.
        var log = CommitLog()
    }

    private let cache = ProtectedValue(Cache())

    /// Opens the store in `directory`, creating it when missing.
    public init(directory: URL) throws {
        self.directory = directory
        try PrivateFiles.createDirectory(at: directory)
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

    /// Appends new commits and makes the head moves (all or none, as their conditions say),
    /// under the store's lock.
    public func add(_ commits: [HistoryCommit], moving moves: [HeadMove]) throws -> Bool {
        try FileLock.withLock(on: lockURL) {
            // Opened afresh under the lock: collection may have replaced the file since.
            let log = try AppendOnlyJournal(url: logURL)
            // What the last read reached is where the complete records end (a read throws on
            // damage with records behind it), so only a torn tail can follow: cut it without
            // reading the whole log again, which would make every version cost the history's size.
            try refresh()
            try log.removeTornTail(after: cache.withLock { $0.offsetRead })
            let (known, logRead) = cache.withLock { ($0.commits, $0.log) }
            var coder = logRead
            var added = Set<CommitID>()
            for commit in commits where known[commit.id] == nil && added.insert(commit.id).inserted {
                log.append(coder.encode(commit))
            }
            try log.flush()
            try refresh()
            guard !moves.isEmpty else { return true }
            guard let moved = HeadMove.apply(moves, to: try readHeads()) else { return false }
            try writeHeads(moved)
            return true
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
            try Self.write(commits: try transform(current, try readHeads()), in: directory)
            try refresh()
        }
    }

    /// Reads records appended since the last read (all of them when the log was replaced).
    ///
    /// Records are decoded in order under the cache's lock: each may refer back to the ones
    /// before it, so two threads must not read the same records twice.
    private func refresh() throws {
        let attributes = try? FileManager.default.attributesOfItem(atPath: logURL.path)
        let length = (attributes?[.size] as? NSNumber)?.int64Value ?? 0
        let fileNumber = (attributes?[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0
        try cache.withLock { cache in
            let replaced = fileNumber != cache.fileNumber || length < Int64(cache.offsetRead)
            guard replaced || length != Int64(cache.offsetRead) else { return }
            if replaced { cache = Cache() }
            do {
                let (contents, end) = try AppendOnlyJournal.read(logURL, from: cache.offsetRead)
                // Only a torn last record (a crash mid-append) is left for the next append to
                // cut off; damage with records behind it would hide those versions silently.
                if contents.isDamaged {
                    throw HistoryError.corruptCommit(
                        "\(logURL.path): the record at byte \(end) is damaged, and \(contents.unreadableRecords) versions from there cannot be read"
                    )
                }
                for record in contents.records {
                    let commit = try cache.log.decode(record)
                    guard cache.commits[commit.id] == nil else { continue }
                    cache.commits[commit.id] = commit
                    cache.order.append(commit.id)
                }
                cache.offsetRead = end
                cache.fileNumber = fileNumber
            } catch {
                // Half-read records would leave the back-references out of step: start over next time.
                cache = Cache()
                throw error
            }
        }
    }

    private func readHeads() throws -> [String: CommitID] {
        guard let data = try? Data(contentsOf: headsURL) else { return [:] }
        do {
            return try Self.decodedHeads(data)
        } catch {
            throw HistoryError.corruptCommit("\(headsURL.path) is not a heads file: \(error)")
        }
    }

    private func writeHeads(_ heads: [String: CommitID]) throws {
        try Self.write(heads: heads, in: directory)
    }

    /// The heads a heads file holds.
    static func decodedHeads(_ data: Data) throws -> [String: CommitID] {
        try JSONDecoder().decode([String: CommitID].self, from: data)
    }

    /// Replaces the heads file of the store in `directory`, atomically.
    static func write(heads: [String: CommitID], in directory: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try AtomicFile.write(try encoder.encode(heads), to: headsURL(in: directory))
    }

    /// Replaces the commit log of the store in `directory` with `commits`, atomically.
    static func write(commits: [HistoryCommit], in directory: URL) throws {
        var coder = CommitLog()
        try AtomicFile.write(AppendOnlyJournal.framed(commits.map { coder.encode($0) }), to: logURL(in: directory))
    }
}
