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
public final class AppendOnlyJournal: Sendable {
    /// The journal's file.
    public let url: URL

    private struct State {
        var descriptor: Int32
        var pending = Data()
    }

    private let state: ProtectedValue<State>

    /// What reading a journal found.
    public struct Contents: Sendable, Equatable {
        /// Every complete record, in the order appended.
        public var records: [Data]
        /// Bytes after the last complete record (a torn write), which were dropped.
        public var droppedBytes: Int

        /// Creates a reading result.
        public init(records: [Data], droppedBytes: Int) {
            self.records = records
            self.droppedBytes = droppedBytes
        }
    }

    /// Opens (creating if needed) the journal at `url` for appending.
    public init(url: URL) throws {
        self.url = url
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw ForkedError.fileSystem(path: url.path, reason: "cannot open journal: \(String(cString: strerror(errno)))")
        }
        state = ProtectedValue(State(descriptor: descriptor))
    }

    deinit {
        _ = state.withLock { close($0.descriptor) }
    }

    /// Queues a record; it reaches the disk at the next ``flush()``.
    public func append(_ payload: Data) {
        var frame = Data(capacity: payload.count + 12)
        withUnsafeBytes(of: UInt32(payload.count).littleEndian) { frame.append(contentsOf: $0) }
        withUnsafeBytes(of: Self.checksum(payload).littleEndian) { frame.append(contentsOf: $0) }
        frame.append(payload)
        state.withLock { $0.pending.append(frame) }
    }

    /// Whether records are queued that have not reached the disk.
    public var hasPendingRecords: Bool { state.withLock { !$0.pending.isEmpty } }

    /// Writes queued records and waits until they are on disk.
    public func flush() throws {
        try state.withLock { state in
            guard !state.pending.isEmpty else { return }
            try Self.writeAll(state.pending, to: state.descriptor, path: url.path)
            guard fdatasync(state.descriptor) == 0 else {
                throw ForkedError.fileSystem(path: url.path, reason: "fdatasync failed: \(String(cString: strerror(errno)))")
            }
            state.pending.removeAll(keepingCapacity: true)
        }
    }

    /// Empties the journal, after its records were folded into a snapshot.
    public func reset() throws {
        try state.withLock { state in
            state.pending.removeAll()
            guard ftruncate(state.descriptor, 0) == 0, fsync(state.descriptor) == 0 else {
                throw ForkedError.fileSystem(path: url.path, reason: "cannot truncate journal: \(String(cString: strerror(errno)))")
            }
        }
    }

    /// Reads every complete record on disk (queued ones are not included).
    public func records() throws -> Contents {
        try Self.read(url)
    }

    /// Reads the journal at `url`: every complete record, dropping a torn tail.
    public static func read(_ url: URL) throws -> Contents {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch CocoaError.fileReadNoSuchFile {
            return Contents(records: [], droppedBytes: 0)
        } catch {
            throw ForkedError.fileSystem(path: url.path, reason: "cannot read journal: \(error.localizedDescription)")
        }
        var records: [Data] = []
        var offset = data.startIndex
        while data.endIndex - offset >= 12 {
            let length = Int(data.loadLittleEndian(UInt32.self, at: offset))
            let checksum = data.loadLittleEndian(UInt64.self, at: offset + 4)
            let start = offset + 12
            guard data.endIndex - start >= length else { break }
            let payload = data[start..<(start + length)]
            guard Self.checksum(payload) == checksum else { break }
            records.append(Data(payload))
            offset = start + length
        }
        return Contents(records: records, droppedBytes: data.endIndex - offset)
    }

    static func checksum(_ payload: Data) -> UInt64 { Checksum.fnv1a64(payload) }

    private static func writeAll(_ data: Data, to descriptor: Int32, path: String) throws {
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw ForkedError.fileSystem(path: path, reason: "cannot append to journal: \(String(cString: strerror(errno)))")
                }
                offset += written
            }
        }
    }
}

extension Data {
    /// Reads a little-endian integer at an arbitrary (possibly unaligned) offset.
    fileprivate func loadLittleEndian<T: FixedWidthInteger>(_ type: T.Type, at offset: Index) -> T {
        (0..<MemoryLayout<T>.size).reduce(T.zero) { value, index in value | T(self[offset + index]) << (8 * index) }
    }
}
