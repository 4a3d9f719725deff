import Foundation
@testable import Forked
import ForkedTestSupport
import Testing

@Suite("File locks")
struct FileLockTests {
    @Test("a busy lock answers nil at once and is free again when its holder goes")
    func busyLock() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("lock")
        var holder: FileLock? = try FileLock.acquire(url)
        #expect(try FileLock.acquireIfFree(url) == nil)
        #expect(try FileLock.isHeld(url))
        withExtendedLifetime(holder) {}
        holder = nil
        #expect(try !FileLock.isHeld(url))
        #expect(try FileLock.acquireIfFree(url) != nil)
    }

    @Test("a lock file removed by its holder leaves no second holder: a waiter that locked the removed file locks the path afresh")
    func removedLockFile() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("lock")
        var holder: FileLock? = try FileLock.acquire(url)
        let waiter = Task.detached { try FileLock.acquire(url) }
        // Give the waiter time to open the file that is about to be removed and wait on it.
        try await Task.sleep(for: .milliseconds(200))
        holder?.removeFile()
        #expect(!FileManager.default.fileExists(atPath: url.path))
        holder = nil
        let taken = try await waiter.value
        #expect(FileManager.default.fileExists(atPath: url.path), "the waiter locked a file at the path, not the removed one")
        #expect(try FileLock.acquireIfFree(url) == nil, "and holds it: nobody else can take it")
        withExtendedLifetime(taken) {}
    }

    @Test("a lock released within the wait is taken; one held past it answers nil after about the wait")
    func timedWait() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("lock")
        let holder = ReleasedLater(try FileLock.acquire(url))
        let clock = ContinuousClock()
        let start = clock.now
        #expect(try FileLock.acquireIfFree(url, waitingAtMost: .milliseconds(60)) == nil)
        #expect(clock.now - start >= .milliseconds(60))
        holder.release(after: .milliseconds(50))
        #expect(try FileLock.acquireIfFree(url, waitingAtMost: .seconds(10)) != nil)
        #expect(clock.now - start < .seconds(10))
    }

    @Test("a refused lock closes its descriptor once: files opened meanwhile on other threads keep working")
    func refusedLockNeverClosesAnotherFile() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("lock")
        let holder = try FileLock.acquire(url)
        // One task keeps being refused the lock while another opens, writes and reads files.
        // A second close of a refused lock's descriptor would hit one of those files, whose
        // number the kernel reuses at once: its writes would fail with EBADF or land elsewhere.
        async let refusals: Int = {
            var refused = 0
            for _ in 0..<3_000 where try FileLock.acquireIfFree(url) == nil { refused += 1 }
            return refused
        }()
        async let mismatches: Int = {
            var mismatches = 0
            for index in 0..<3_000 {
                let path = directory.appendingPathComponent("file-\(index % 8)").path
                let text = "file \(index)\n"
                do {
                    let file = try OwnedFileDescriptor(opening: path, .writeOnly, options: [.create, .truncate], permissions: .ownerReadWrite)
                    try file.writeAll(text.utf8)
                }
                if (try? String(contentsOfFile: path, encoding: .utf8)) != text { mismatches += 1 }
            }
            return mismatches
        }()
        #expect(try await refusals == 3_000)
        #expect(try await mismatches == 0)
        withExtendedLifetime(holder) {}
    }

    @Test("no descriptor is left open by refused locks or failed opens")
    func noLeaks() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("lock")
        let holder = try FileLock.acquire(url)
        #expect(try descriptors(openOn: url) == 1)
        for _ in 0..<200 {
            _ = try FileLock.acquireIfFree(url)
            _ = try? OwnedFileDescriptor(opening: directory.appendingPathComponent("missing/file").path, .readOnly)
        }
        #expect(try descriptors(openOn: url) == 1, "only the holder's")
        withExtendedLifetime(holder) {}
    }

    /// How many of this process's descriptors are open on `url` (other tests run in parallel,
    /// so only this test's own file is counted).
    private func descriptors(openOn url: URL) throws -> Int {
        let directory = "/proc/self/fd"
        return try FileManager.default.contentsOfDirectory(atPath: directory).filter { name in
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(directory)/\(name)")) == url.path
        }.count
    }
}
