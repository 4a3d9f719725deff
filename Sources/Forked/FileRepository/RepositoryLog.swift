import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The log a ``FileRepository`` keeps its state in, and what this process has read of it.
///
/// A transaction appends one record (the new index and the commits it added) and `fdatasync`s
/// it: one flush per write, and no file created, renamed or removed. Another process's
/// transactions are caught up by reading only the records after the last one read. When the
/// log has grown well past the snapshot it starts with, it is rewritten as one snapshot
/// (temporary file, rename), which the other processes notice as a new file and read afresh.
///
/// A torn last record (a process killed mid-append) is dropped when read and cut off before
/// the next append; anything else that does not read back (a damaged record with records after
/// it, a record that does not decode, an index Forked could not have written) is reported as
/// ``ForkedError/corruptRepository(path:reason:)``.
struct RepositoryLog<Resource: Codable & Sendable & Equatable> {
    /// Which file a path names, to tell a log rewritten by another process from the one read.
    private struct FileIdentity: Equatable {
        var device: UInt64
        var inode: UInt64
    }

    let url: URL
    /// The log grows to at least this many bytes (beyond its snapshot) before it is compacted.
    let compactionSlack: Int

    /// The state after the last record read or written.
    private(set) var state = ForkedState<Resource>()
    /// The commits `state` refers to, by version number: those already in the log.
    private var commits: [UInt64: Commit<Resource>] = [:]
    /// The file read, or `nil` when the log must be read from the start.
    private var file: FileIdentity?
    /// Where the last complete record ends.
    private var end = 0
    /// Bytes of a torn record after `end`.
    private var tornBytes = 0
    /// How long the first record is, the snapshot the log starts with.
    private var snapshotLength = 0
    /// Open for appending to `file`; reopened after the log is replaced.
    private var journal: AppendOnlyJournal?

    init(url: URL, compactionSlack: Int) {
        self.url = url
        self.compactionSlack = compactionSlack
    }

    /// Whether the log file exists.
    var exists: Bool { FileManager.default.fileExists(atPath: url.path) }

    // MARK: Reading

    /// Reads what was appended since the last read, or the whole log when it is new to this
    /// process or was replaced.
    mutating func refresh() throws {
        let (identity, size) = try Self.identity(of: url)
        if identity == file && size == end + tornBytes { return }
        do {
            try read(identity: identity, size: size)
        } catch {
            // Read from the start next time rather than build on a half-applied read.
            file = nil
            throw error
        }
    }

    private mutating func read(identity: FileIdentity, size: Int) throws {
        if identity != file || size < end {
            state = ForkedState()
            commits = [:]
            end = 0
            try attach()
        }
        let start = end
        let (contents, newEnd) = try AppendOnlyJournal.read(url, from: start)
        if contents.isDamaged {
            throw corruption("the record at byte \(newEnd) is damaged (checksum mismatch) and records follow it")
        }
        if start == 0 && contents.records.isEmpty {
            throw corruption("the log holds no complete record")
        }
        var offset = start
        for payload in contents.records {
            try apply(payload, at: offset)
            if offset == 0 { snapshotLength = Self.frameLength(payload) }
            offset += Self.frameLength(payload)
        }
        end = newEnd
        tornBytes = contents.droppedBytes
    }

    private mutating func apply(_ payload: Data, at offset: Int) throws {
        let record: RepositoryLogRecord<Resource>
        do {
            record = try RepositoryLogRecord<Resource>.read(payload)
        } catch {
            throw corruption("the record at byte \(offset) cannot be decoded (\(DecodingFailure.describe(error)))")
        }
        if let problem = record.index.inconsistency {
            throw corruption("the record at byte \(offset) is impossible: \(problem)")
        }
        if record.index.clock < state.clock.count {
            throw corruption("the record at byte \(offset) sets the clock back from \(state.clock.count) to \(record.index.clock)")
        }
        var available = commits
        for commit in record.commits { available[commit.version.count] = commit }
        for stored in record.deltas ?? [] {
            let base = stored.base.flatMap { available[$0] }
            if let wanted = stored.base, base == nil {
                throw corruption("commit \(stored.version.count), in the record at byte \(offset), is a change to commit \(wanted), which is not in the log")
            }
            do {
                available[stored.version.count] = try stored.commit(on: base, attachment: record.attachment)
            } catch let error as StoredDeltaError {
                throw corruption("commit \(stored.version.count), in the record at byte \(offset), cannot be read: \(error.reason)")
            }
        }
        state = try record.index.state { version in
            guard let commit = available[version] else {
                throw corruption("commit \(version), referenced by the record at byte \(offset), is not in the log")
            }
            return commit
        }
        commits = state.referencedCommits
    }

    // MARK: Writing

    /// Appends the record that takes the log from ``state`` to `newState`, and returns once it
    /// is on the disk. On failure the log holds the old state and is read afresh next time.
    mutating func append(_ newState: ForkedState<Resource>, simulating crash: FileRepositorySimulatedCrash? = nil) throws {
        let referenced = newState.referencedCommits
        let added = referenced.filter { commits[$0.key] == nil }.sorted { $0.key < $1.key }.map(\.value)
        let payload = try Self.record(of: newState, adding: added, after: state).payload()
        // Attached by the read every transaction starts with.
        guard let journal else { throw ForkedError.fileSystem(path: url.path, reason: "the log was not read before writing") }
        do {
            if tornBytes > 0 {
                try journal.removeTornTail(after: end)
                tornBytes = 0
            }
            if let crash { try Self.simulate(crash, appending: payload, to: url) }
            journal.append(payload)
            try journal.flush()
        } catch {
            // The journal keeps a record it failed to write queued for its next flush; this
            // record must not reach the disk later, after other processes' records.
            self.journal = nil
            file = nil
            throw error
        }
        end += Self.frameLength(payload)
        state = newState
        commits = referenced
    }

    /// Rewrites the log as a single snapshot when it has grown to several times the snapshot's
    /// length. Best effort: the state is already on the disk, and a failed compaction is tried
    /// again after the next append.
    mutating func compactIfLong() {
        guard end > snapshotLength * 4 + compactionSlack else { return }
        try? replace(with: state)
    }

    /// Replaces the log by one snapshot of `newState`, atomically: readers see the old log or
    /// the new one.
    mutating func replace(with newState: ForkedState<Resource>) throws {
        let referenced = newState.referencedCommits
        let snapshot = Self.record(of: newState, adding: referenced.sorted { $0.key < $1.key }.map(\.value), after: ForkedState())
        let bytes = AppendOnlyJournal.framed([try snapshot.payload()])
        try AtomicFile.write(bytes, to: url)
        try attach()
        state = newState
        commits = referenced
        end = bytes.count
        snapshotLength = bytes.count
        tornBytes = 0
    }

    /// The record that takes the log from `oldState` to `newState`, adding `commits`: each one
    /// whose value stores deltas as a change to the version it replaces (the same fork's last
    /// version, or main's), or else to the commit added before it, or else whole in its compact
    /// form; the rest as JSON.
    private static func record(
        of newState: ForkedState<Resource>, adding commits: [Commit<Resource>], after oldState: ForkedState<Resource>
    ) -> RepositoryLogRecord<Resource> {
        var whole: [Commit<Resource>] = []
        var deltas: [StoredDeltaCommit] = []
        var attachment = Data()
        var previous: Commit<Resource>?
        for commit in commits {
            let replaced = replacedCommit(commit.version, in: newState, before: oldState)
            if let stored = StoredDeltaCommit.make(commit, against: [replaced, previous].compactMap(\.self), appendingTo: &attachment) {
                deltas.append(stored)
            } else {
                whole.append(commit)
            }
            previous = commit
        }
        return RepositoryLogRecord(
            index: RepositoryIndex(newState), commits: whole, deltas: deltas.isEmpty ? nil : deltas, attachment: attachment)
    }

    /// The commit of `oldState` that `version` takes the place of in `newState`: the last
    /// version of the fork that now refers to it, or else main's; `nil` when `oldState` has
    /// no value there.
    private static func replacedCommit(
        _ version: Version, in newState: ForkedState<Resource>, before oldState: ForkedState<Resource>
    ) -> Commit<Resource>? {
        let fork = newState.forks.first { $0.value.head?.version == version || $0.value.ancestor?.version == version }?.key
        let old = fork.flatMap { oldState.forks[$0] }
        let replaced = old?.head ?? old?.ancestor ?? oldState.main
        return replaced.content == nil ? nil : replaced
    }

    /// Opens the file the log's path names now, and keeps it open: while it is open its inode
    /// cannot be reused, so a log replaced by another process never passes for the one read.
    /// Runs under the repository's lock, so the file cannot change between the two steps.
    private mutating func attach() throws {
        journal = nil
        file = nil
        let opened = try AppendOnlyJournal(url: url)
        file = try Self.identity(of: url).identity
        journal = opened
    }

    /// What a crash in the middle of an append leaves, for tests.
    private static func simulate(_ crash: FileRepositorySimulatedCrash, appending payload: Data, to url: URL) throws {
        if crash == .duringAppend {
            let frame = AppendOnlyJournal.framed([payload])
            let file = try OwnedFileDescriptor(opening: url.path, .writeOnly, options: .append)
            try frame.prefix(frame.count / 2).withUnsafeBytes { try file.writeAll($0) }
        }
        throw crash
    }

    // MARK: Support

    private static func frameLength(_ payload: Data) -> Int { AppendOnlyJournal.frameHeaderLength + payload.count }

    private static func identity(of url: URL) throws -> (identity: FileIdentity, size: Int) {
        var status = stat()
        guard stat(url.path, &status) == 0 else {
            let code = errno
            if code == ENOENT {
                throw ForkedError.corruptRepository(path: url.path, reason: "the log is missing")
            }
            throw ForkedError.fileSystem(path: url.path, reason: "cannot read the log: \(String(cString: strerror(code)))")
        }
        return (FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino)), Int(status.st_size))
    }

    private func corruption(_ reason: String) -> ForkedError {
        .corruptRepository(path: url.path, reason: reason)
    }
}

/// A point at which tests make a ``FileRepository`` write stop, as a crash would.
enum FileRepositorySimulatedCrash: Error, Equatable {
    /// Nothing of the new record is written.
    case beforeAppend
    /// Half the new record is appended.
    case duringAppend
}
