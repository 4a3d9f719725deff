import Foundation
import Forked
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Small files written so a crash leaves the old content or the new, never a mix.
enum DurableFile {
    /// Writes `data` with Forked's ``AtomicFile``, reporting failures as this module's
    /// ``PersistenceError`` so callers handle one error type.
    static func write(_ data: Data, to url: URL) throws {
        do {
            try AtomicFile.write(data, to: url)
        } catch ForkedError.fileSystem(let path, let reason) {
            throw PersistenceError.fileSystem(path: path, reason: reason)
        }
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
