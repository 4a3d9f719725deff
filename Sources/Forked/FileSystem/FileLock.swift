import Foundation

/// An exclusive advisory lock (`flock`) on a file, held while this object lives.
///
/// The lock belongs to the open file it was taken on, which this object owns through an
/// ``OwnedFileDescriptor``: releasing the lock is closing that descriptor, exactly once. The
/// kernel also drops it when the holder dies, so a killed process never leaves it stuck.
/// Shared by every process that opens the same repository or edits the same file's forks.
public final class FileLock: Sendable {
    private let file: OwnedFileDescriptor

    private init(holding file: consuming OwnedFileDescriptor) {
        self.file = file
    }

    /// The lock file's path.
    public var path: String { file.path }

    /// Waits until the lock on `url` is held (creating the lock file when missing).
    ///
    /// - Throws: ``ForkedError/fileSystem(path:reason:)`` when the file cannot be opened or locked.
    public static func acquire(_ url: URL) throws -> FileLock {
        while true {
            let file = try OwnedFileDescriptor(opening: url.path, .readWrite, options: [.create, .noFollow], permissions: .ownerReadWrite)
            try file.makePrivate()
            _ = try file.lockExclusively(wait: true)
            // The holder may have removed the file (``removeFile()``) while this waited on it.
            if isStillAtPath(file) { return FileLock(holding: file) }
        }
    }

    /// Takes the lock on `url` if no one holds it; `nil` at once when another open file (in
    /// this process or another) does.
    public static func acquireIfFree(_ url: URL) throws -> FileLock? {
        while true {
            let file = try OwnedFileDescriptor(opening: url.path, .readWrite, options: [.create, .noFollow], permissions: .ownerReadWrite)
            try file.makePrivate()
            guard try file.lockExclusively(wait: false) else { return nil }
            if isStillAtPath(file) { return FileLock(holding: file) }
        }
    }

    /// Removes the lock file while the lock is held, so that nothing is left behind. Safe for
    /// other lockers: one that opened the removed file and then gets its lock finds the file
    /// gone from its path and locks the path afresh (``acquire(_:)``), so two never hold it.
    public func removeFile() {
        unlink(file.path)
    }

    /// Whether the file `file` has open is still the one at its path (not removed or replaced).
    private static func isStillAtPath(_ file: borrowing OwnedFileDescriptor) -> Bool {
        var opened = stat()
        var named = stat()
        guard file.withRawDescriptor({ fstat($0, &opened) }) == 0, stat(file.path, &named) == 0 else { return false }
        return opened.st_dev == named.st_dev && opened.st_ino == named.st_ino
    }

    /// Takes the lock on `url` if it is free or becomes free within `timeout`; `nil` when it stays
    /// held that long.
    ///
    /// Use it where a holder is an error to report, not something to wait for: a lock just
    /// released can still be held for a moment, because a child process that another thread is
    /// starting holds a copy of every descriptor until it runs its program (closing them then).
    /// A real holder keeps it past the timeout, and is still reported.
    public static func acquireIfFree(_ url: URL, waitingAtMost timeout: Duration) throws -> FileLock? {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let lock = try acquireIfFree(url) { return lock }
            guard ContinuousClock.now < deadline else { return nil }
            // Polled: flock has no timed wait.
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    /// Whether some open file holds the lock on `url` right now (a missing lock file is free).
    public static func isHeld(_ url: URL) throws -> Bool {
        guard FileManager.default.fileExists(atPath: url.path) else { return false }
        return try acquireIfFree(url) == nil
    }

    /// Runs `body` while holding the lock on `url`, waiting for it first.
    public static func withLock<Result>(on url: URL, _ body: () throws -> Result) throws -> Result {
        let lock = try acquire(url)
        return try withExtendedLifetime(lock) { try body() }
    }
}
