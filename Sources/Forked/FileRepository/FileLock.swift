import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive advisory lock on a file, shared by every process that opens the same repository.
/// The kernel drops it when the holder exits, so a killed process never leaves it stuck.
struct FileLock {
    private let descriptor: Int32

    /// Blocks until the lock on `url` is held.
    init(url: URL) throws {
        descriptor = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw ForkedError.fileSystem(path: url.path, reason: "cannot open lock file: \(String(cString: strerror(errno)))")
        }
        while flock(descriptor, LOCK_EX) != 0 {
            if errno == EINTR { continue }
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw ForkedError.fileSystem(path: url.path, reason: "cannot lock: \(reason)")
        }
    }

    /// Releases the lock.
    func unlock() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
