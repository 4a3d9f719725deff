import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An append-only log of records on disk, for changes that must survive a crash between
/// snapshots (the editor journals every keystroke of every fork in one).
///
/// Each record is framed as `length (UInt32, little endian) · checksum (FNV-1a 64 of the payload,
/// little endian) · payload`. A crash in the middle of an append leaves a torn last record,
/// which ``records()`` detects by its length or checksum and drops, keeping every complete
/// record before it. ``append(_:)`` buffers; ``flush()`` writes and `fdatasync`s, so callers
/// choose how much latency to trade for how many system calls.
///
/// A flush that fails (a full disk, an I/O error) cuts the file back to its last complete
/// record and keeps the queued records, so the next flush retries them: a failed write never
/// leaves a torn record in the middle of the journal, where it would hide every later one.
public final class AppendOnlyJournal: Sendable {
    /// The journal's file.
    public let url: URL

    private let file: OwnedFileDescriptor

    /// Guarded by the lock that also serializes every write to ``file``.
    private struct State {
        /// Queued records.
        var pending = Data()
        /// The length of the complete records when a failed write could not be cut back.
        var completeLength: Int64?
    }

    private let state: ProtectedValue<State>

    /// What reading a journal found.
    public struct Contents: Sendable, Equatable {
        /// Every complete record, in the order appended.
        public var records: [Data]
        /// Bytes after the last complete record (a torn write), which were dropped.
        public var droppedBytes: Int
        /// Whether the dropped bytes are more than one interrupted append could leave: a record
        /// of full length that fails its checksum with other bytes after it. Records behind it
        /// are lost; a reader that must not lose them reports the file as damaged.
        public var isDamaged: Bool
        /// When ``isDamaged``: how many records could not be read, at least (the damaged one and
        /// every complete record found after it); 0 otherwise.
        public var unreadableRecords: Int

        /// Creates a reading result.
        public init(records: [Data], droppedBytes: Int, isDamaged: Bool = false, unreadableRecords: Int? = nil) {
            self.records = records
            self.droppedBytes = droppedBytes
            self.isDamaged = isDamaged
            self.unreadableRecords = unreadableRecords ?? (isDamaged ? 1 : 0)
        }
    }

    /// Opens (creating if needed) the journal at `url` for appending.
    public init(url: URL) throws {
        self.url = url
        // Never through a symbolic link: a link planted in place of a journal must not redirect
        // its appends to another file.
        file = try OwnedFileDescriptor(opening: url.path, .writeOnly, options: [.create, .append, .noFollow], permissions: .ownerReadWrite)
        try file.makePrivate()
        state = ProtectedValue(State())
    }

    /// Queues a record; it reaches the disk at the next ``flush()``.
    public func append(_ payload: Data) {
        let frame = Self.framed([payload])
        state.withLock { $0.pending.append(frame) }
    }

    /// The bytes before each payload: its length (4) and its checksum (8).
    static let frameHeaderLength = 12

    /// The bytes a journal holding exactly `payloads` consists of, for writing a whole journal at
    /// once (atomically, by the caller) instead of appending.
    public static func framed(_ payloads: [Data]) -> Data {
        var frames = Data(capacity: payloads.reduce(0) { $0 + $1.count + frameHeaderLength })
        for payload in payloads {
            withUnsafeBytes(of: UInt32(payload.count).littleEndian) { frames.append(contentsOf: $0) }
            withUnsafeBytes(of: checksum(payload).littleEndian) { frames.append(contentsOf: $0) }
            frames.append(payload)
        }
        return frames
    }

    /// Whether records are queued that have not reached the disk.
    public var hasPendingRecords: Bool { state.withLock { !$0.pending.isEmpty } }

    /// Writes queued records and waits until they are on disk.
    ///
    /// - Throws: ``ForkedError/fileSystem(path:reason:)``; the queued records stay queued and
    ///   the file holds only complete records.
    public func flush() throws {
        try state.withLock { state in
            guard !state.pending.isEmpty else { return }
            if let complete = state.completeLength {
                try file.truncate(to: complete)
                state.completeLength = nil
            }
            let length = try file.length()
            do {
                try file.writeAll(state.pending)
                try file.syncData()
            } catch {
                // Cut back to the last complete record: a retry appends the whole batch again.
                do {
                    try file.truncate(to: length)
                } catch {
                    state.completeLength = length
                }
                throw error
            }
            state.pending.removeAll(keepingCapacity: true)
        }
    }

    /// Empties the journal, after its records were folded into a snapshot.
    public func reset() throws {
        try state.withLock { state in
            state.pending.removeAll()
            try cut(to: 0)
            state.completeLength = nil
        }
    }

    /// Cuts a torn last record (left by a process killed mid-write) off the file, so records
    /// appended after it are not hidden behind it. Returns the bytes removed.
    ///
    /// Call it while holding whatever lock serializes the writers of this file.
    @discardableResult
    public func removeTornTail() throws -> Int {
        try state.withLock { _ in
            let contents = try Self.read(url)
            guard contents.droppedBytes > 0 else { return 0 }
            try cut(to: try file.length() - Int64(contents.droppedBytes))
            return contents.droppedBytes
        }
    }

    /// ``removeTornTail()`` for a caller that knows where the last complete record ends
    /// (`length`), so the file is not read again: cuts whatever follows, if anything does.
    package func removeTornTail(after length: Int) throws {
        try state.withLock { _ in
            guard try file.length() > Int64(length) else { return }
            try cut(to: Int64(length))
        }
    }

    /// Cuts the file to its first `length` bytes and flushes the cut. Called under the lock.
    private func cut(to length: Int64) throws {
        try file.truncate(to: length)
        try file.sync()
    }

    /// Reads every complete record on disk (queued ones are not included).
    public func records() throws -> Contents {
        try Self.read(url)
    }

    /// Reads the journal at `url`: every complete record, dropping a torn tail.
    public static func read(_ url: URL) throws -> Contents {
        try read(url, from: 0).contents
    }

    /// Reads the complete records that start at byte `start` (the end of records read before),
    /// and returns them with the offset just after the last one, where the next read starts.
    public static func read(_ url: URL, from start: Int) throws -> (contents: Contents, end: Int) {
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            try handle.seek(toOffset: UInt64(start))
            data = try handle.readToEnd() ?? Data()
        } catch CocoaError.fileReadNoSuchFile, CocoaError.fileNoSuchFile {
            return (Contents(records: [], droppedBytes: 0), start)
        } catch {
            throw ForkedError.fileSystem(path: url.path, reason: "cannot read journal: \(error.localizedDescription)")
        }
        let (contents, consumed) = records(in: data)
        return (contents, start + consumed)
    }

    /// The complete records at the start of `data`, and how many bytes they take.
    private static func records(in data: Data) -> (Contents, Int) {
        var records: [Data] = []
        var offset = data.startIndex
        while data.endIndex - offset >= frameHeaderLength {
            let length = Int(data.loadLittleEndian(UInt32.self, at: offset))
            let checksum = data.loadLittleEndian(UInt64.self, at: offset + 4)
            let start = offset + frameHeaderLength
            guard data.endIndex - start >= length else { break }
            let payload = data[start..<(start + length)]
            guard Self.checksum(payload) == checksum else { break }
            records.append(Data(payload))
            offset = start + length
        }
        let rest = data[offset...]
        // A record found intact further on means the bytes that failed are not the tail one
        // interrupted append leaves, whatever they look like (a length changed so that the
        // record seems cut short, too).
        let later = rest.isEmpty ? 0 : completeRecords(after: rest)
        let isDamaged = later > 0 || !isTornAppend(rest)
        let contents = Contents(
            records: records, droppedBytes: rest.count, isDamaged: isDamaged, unreadableRecords: isDamaged ? 1 + later : 0
        )
        return (contents, offset - data.startIndex)
    }

    /// How many complete records follow the first intact one found after the start of `rest`
    /// (which failed to read), counting it: records a damaged one hides.
    private static func completeRecords(after rest: Data) -> Int {
        var start = rest.startIndex + 1
        while rest.endIndex - start >= frameHeaderLength {
            let (found, _) = records(inIntact: rest[start...])
            if found > 0 { return found }
            start += 1
        }
        return 0
    }

    /// How many complete, intact records `data` starts with, and the bytes they take.
    private static func records(inIntact data: Data) -> (count: Int, length: Int) {
        var count = 0
        var offset = data.startIndex
        while data.endIndex - offset >= frameHeaderLength {
            let length = Int(data.loadLittleEndian(UInt32.self, at: offset))
            let start = offset + frameHeaderLength
            // An empty record never appears in a journal: a run of zero bytes would read as one.
            guard length > 0, data.endIndex - start >= length,
                  Self.checksum(data[start..<(start + length)]) == data.loadLittleEndian(UInt64.self, at: offset + 4) else { break }
            count += 1
            offset = start + length
        }
        return (count, offset - data.startIndex)
    }

    /// Whether `rest`, the bytes from the first record that failed to read to the end of the
    /// file, can be what an interrupted append leaves: nothing, a record cut short, a last
    /// record whose bytes did not all reach the disk, or zeros where the file grew but its data
    /// was never written.
    private static func isTornAppend(_ rest: Data) -> Bool {
        guard rest.count >= frameHeaderLength else { return true }
        let length = Int(rest.loadLittleEndian(UInt32.self, at: rest.startIndex))
        if rest.count - frameHeaderLength <= length { return true }
        return rest.allSatisfy { $0 == 0 }
    }

    static func checksum(_ payload: Data) -> UInt64 { Checksum.fnv1a64(payload) }
}

extension Data {
    /// Reads a little-endian integer at an arbitrary (possibly unaligned) offset.
    fileprivate func loadLittleEndian<T: FixedWidthInteger>(_ type: T.Type, at offset: Index) -> T {
        (0..<MemoryLayout<T>.size).reduce(T.zero) { value, index in value | T(self[offset + index]) << (8 * index) }
    }
}
