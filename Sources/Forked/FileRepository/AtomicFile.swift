import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes files so that a crash at any moment leaves either the old file or the new one.
///
/// Public so that other layers keeping small state files (the editor's persistence) share this
/// one implementation of temp file, fsync, rename, directory fsync.
public enum AtomicFile {
    /// Writes `data` to a temporary file beside `url`, flushes it to disk, renames it over
    /// `url`, then flushes the directory so the rename itself survives a power cut.
    ///
    /// - Throws: ``ForkedError/fileSystem(path:reason:)`` naming the file and the failed step.
    public static func write(_ data: Data, to url: URL) throws {
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try writeAndSync(data, to: temporary)
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            throw ForkedError.fileSystem(path: url.path, reason: "cannot rename into place: \(reason)")
        }
        syncDirectory(directory)
    }

    /// Writes `data` to `url` (which must not be visible to readers yet) and fsyncs it.
    static func writeAndSync(_ data: Data, to url: URL) throws {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw ForkedError.fileSystem(path: url.path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        try FileDescriptorWrite.writeAll(data, to: descriptor, path: url.path, failure: "cannot write")
        guard fsync(descriptor) == 0 else {
            throw ForkedError.fileSystem(path: url.path, reason: "fsync failed: \(String(cString: strerror(errno)))")
        }
    }

    /// Flushes a directory's entries (best effort: some file systems refuse, which loses nothing).
    static func syncDirectory(_ directory: URL) {
        let descriptor = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}
