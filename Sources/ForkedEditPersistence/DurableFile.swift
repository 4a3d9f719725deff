import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Small files written so a crash leaves the old content or the new, never a mix.
enum DurableFile {
    /// Writes `data` to a temporary file beside `url`, fsyncs it, renames it into place and
    /// fsyncs the directory.
    static func write(_ data: Data, to url: URL) throws {
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure(temporary, "cannot create") }
        var written = 0
        let ok = data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> Bool in
            while written < buffer.count {
                guard let base = buffer.baseAddress else { return true }
                let count = Glibc.write(descriptor, base + written, buffer.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                written += count
            }
            return true
        }
        let synced = ok && fsync(descriptor) == 0
        close(descriptor)
        guard synced else {
            unlink(temporary.path)
            throw failure(url, "cannot write")
        }
        guard rename(temporary.path, url.path) == 0 else {
            let error = failure(url, "cannot rename into place")
            unlink(temporary.path)
            throw error
        }
        let directoryDescriptor = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    private static func failure(_ url: URL, _ action: String) -> PersistenceError {
        .fileSystem(path: url.path, reason: "\(action): \(String(cString: strerror(errno)))")
    }
}

/// An exclusive `flock` on a file, released when dropped or when the process dies.
final class ExclusiveFileLock {
    private let descriptor: Int32

    /// Blocks until the lock on `url` is held; with `wait == false`, returns `nil` at once
    /// when another open file (in this process or another) holds it.
    init?(url: URL, wait: Bool = true) throws {
        descriptor = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw PersistenceError.fileSystem(path: url.path, reason: "cannot open lock: \(String(cString: strerror(errno)))")
        }
        while flock(descriptor, wait ? LOCK_EX : LOCK_EX | LOCK_NB) != 0 {
            if errno == EINTR { continue }
            if errno == EWOULDBLOCK {
                close(descriptor)
                return nil
            }
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw PersistenceError.fileSystem(path: url.path, reason: "cannot lock: \(reason)")
        }
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
