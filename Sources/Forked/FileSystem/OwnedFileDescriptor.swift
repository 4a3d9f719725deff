import SystemPackage
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The single owner of an open file descriptor: the descriptor is closed exactly once, when
/// this value's lifetime ends.
///
/// Being `~Copyable`, an owner cannot be duplicated, so no second value can close the same
/// number later (after the kernel may have handed it to another file). Every file this package
/// opens goes through this type, which is also where tests inject I/O faults
/// (see ``FileFaults``).
public struct OwnedFileDescriptor: ~Copyable, Sendable {
    private let descriptor: FileDescriptor
    /// The path the descriptor was opened with, for messages.
    public let path: String

    /// Opens `path`.
    ///
    /// - Throws: ``ForkedError/fileSystem(path:reason:)`` saying why, e.g. "cannot open: No
    ///   such file or directory".
    public init(
        opening path: String, _ mode: FileDescriptor.AccessMode, options: FileDescriptor.OpenOptions = [],
        permissions: FilePermissions? = nil
    ) throws {
        let descriptor: FileDescriptor
        do {
            try FileFaults.check(.open, path: path)
            // The C string, not a `FilePath`: parsing one is a measurable part of a merge
            // driver's start-up, and the path is passed to the system as it is either way.
            descriptor = try path.withCString {
                try FileDescriptor.open($0, mode, options: options.union(.closeOnExec), permissions: permissions)
            }
        } catch {
            throw Self.failure("cannot open", path: path, error)
        }
        self.descriptor = descriptor
        self.path = path
    }

    deinit {
        try? descriptor.close()
    }

    /// Writes every byte of `bytes`, continuing after short writes and interrupted calls: at
    /// the file's current position, or from `position` on (`pwrite`, which leaves the current
    /// position alone) when one is given.
    ///
    /// This is the package's one write loop. A failure part-way leaves the bytes written so far
    /// in the file; callers that append restore the old length (see ``truncate(to:)``).
    public func writeAll(_ bytes: UnsafeRawBufferPointer, at position: Int64? = nil) throws {
        var offset = 0
        while offset < bytes.count {
            do {
                try FileFaults.check(.write, path: path)
                let rest = UnsafeRawBufferPointer(rebasing: bytes[offset...])
                if let position {
                    offset += try descriptor.write(toAbsoluteOffset: position + Int64(offset), rest, retryOnInterrupt: true)
                } else {
                    offset += try descriptor.write(rest, retryOnInterrupt: true)
                }
            } catch {
                throw Self.failure("cannot write", path: path, error)
            }
        }
    }

    /// Writes every byte of `bytes` at the current position (see ``writeAll(_:at:)``).
    public func writeAll<Bytes: Sequence>(_ bytes: Bytes) throws where Bytes.Element == UInt8 {
        let result: Result<Void, any Error>? = bytes.withContiguousStorageIfAvailable { buffer in
            Result { try writeAll(UnsafeRawBufferPointer(buffer)) }
        }
        if let result { return try result.get() }
        try Array(bytes).withUnsafeBytes { try writeAll($0) }
    }

    /// Reads from the current position to the end of the file.
    ///
    /// This is the package's one read loop: it sizes its buffer from the file's length and
    /// goes on past it, so a file that grows while it is read is read whole.
    public func readAll() throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: lengthHint() + 1)
        var count = 0
        while true {
            if count == bytes.count { bytes.append(contentsOf: repeatElement(0, count: max(4096, bytes.count))) }
            count += try bytes.withUnsafeMutableBytes { try fill(UnsafeMutableRawBufferPointer(rebasing: $0[count...])) }
            if count < bytes.count { break }
        }
        bytes.removeSubrange(count...)
        return bytes
    }

    /// The file's length from `fstat`, as a first guess at how much there is to read.
    func lengthHint() -> Int {
        var status = stat()
        return fstat(descriptor.rawValue, &status) == 0 ? max(0, Int(status.st_size)) : 0
    }

    /// Reads until `buffer` is full or the file ends; returns how many bytes were read.
    func fill(_ buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        var count = 0
        while count < buffer.count {
            let read: Int
            do {
                read = try descriptor.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[count...]), retryOnInterrupt: true)
            } catch {
                throw Self.failure("cannot read", path: path, error)
            }
            if read == 0 { break }
            count += read
        }
        return count
    }

    /// Flushes the file's data and metadata to the disk (`fsync`).
    public func sync() throws {
        try perform(.sync, "cannot flush to disk") { fsync($0) }
    }

    /// Flushes the file's data to the disk (`fdatasync`), enough for an append-only log.
    public func syncData() throws {
        #if canImport(Darwin)
        try perform(.sync, "cannot flush to disk") { fsync($0) }
        #else
        try perform(.sync, "cannot flush to disk") { fdatasync($0) }
        #endif
    }

    /// Cuts the file to `length` bytes.
    public func truncate(to length: Int64) throws {
        try perform(.truncate, "cannot truncate") { ftruncate($0, off_t(length)) }
    }

    /// The file's current length in bytes.
    public func length() throws -> Int64 {
        do {
            return try descriptor.seek(offset: 0, from: .end)
        } catch {
            throw Self.failure("cannot measure", path: path, error)
        }
    }

    /// Takes an exclusive `flock` on the open file. With `wait == false`, returns `false` at
    /// once when another open file (in this process or another) holds it.
    public func lockExclusively(wait: Bool) throws -> Bool {
        while true {
            do {
                try FileFaults.check(.lock, path: path)
            } catch {
                throw Self.failure("cannot lock", path: path, error)
            }
            if flock(descriptor.rawValue, wait ? LOCK_EX : LOCK_EX | LOCK_NB) == 0 { return true }
            let code = errno
            if code == EINTR { continue }
            if code == EWOULDBLOCK { return false }
            throw Self.failure("cannot lock", path: path, Errno(rawValue: code))
        }
    }

    /// Changes the file's permission bits and, where it differs, its owner and group.
    func setAttributes(mode: mode_t, owner: uid_t, group: gid_t) throws {
        try setMode(mode)
        var status = stat()
        guard fstat(descriptor.rawValue, &status) == 0 else { return }
        if status.st_uid != owner || status.st_gid != group {
            try perform(.attributes, "cannot keep the file's owner") { fchown($0, owner, group) }
        }
    }

    /// Sets the file's permission bits.
    func setMode(_ mode: mode_t) throws {
        try perform(.attributes, "cannot set permissions") { fchmod($0, mode) }
    }

    /// Calls `body` with the descriptor's number, which must not be closed or kept.
    func withRawDescriptor<Result>(_ body: (CInt) throws -> Result) rethrows -> Result {
        try body(descriptor.rawValue)
    }

    private func perform(
        _ operation: FileFaults.Operation, _ failure: String, _ call: (CInt) -> CInt
    ) throws {
        do {
            try FileFaults.check(operation, path: path)
        } catch {
            throw Self.failure(failure, path: path, error)
        }
        while call(descriptor.rawValue) != 0 {
            let code = errno
            if code == EINTR { continue }
            throw Self.failure(failure, path: path, Errno(rawValue: code))
        }
    }

    static func failure(_ what: String, path: String, _ error: any Error) -> ForkedError {
        let reason = (error as? Errno).map { String(cString: strerror($0.rawValue)) } ?? String(describing: error)
        return ForkedError.fileSystem(path: path, reason: "\(what): \(reason)")
    }
}
