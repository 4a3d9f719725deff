import Foundation
import SystemPackage
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes files so that readers, and a crash at any moment, see either the old file or the new
/// one, never a mix: the package's one implementation of temporary file, fsync, rename,
/// directory fsync. Repositories, the editor's state files and saved documents all use it.
public enum AtomicFile {
    /// How a write treats an existing file.
    public struct Options: OptionSet, Sendable {
        public let rawValue: Int
        /// Creates options from their raw value.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// For a user's own document: a symbolic link keeps pointing where it did (its target is
        /// replaced); the file keeps its permissions, owner and group, or the write is refused
        /// saying why; a file nobody may write is refused rather than replaced.
        public static let keepsExistingFile = Options(rawValue: 1)
    }

    /// Writes `bytes` to a temporary file beside `url`, flushes it to disk, renames it over
    /// `url`, then flushes the directory so the rename itself survives a power cut. On failure
    /// the temporary file is removed and `url` is as it was.
    ///
    /// Without ``Options/keepsExistingFile`` the file is a program's own state, written
    /// ``PrivateFiles/fileMode`` (`0600`) whatever the umask; with it, a new file gets the
    /// usual `0666 & ~umask` of a document the user creates.
    ///
    /// - Throws: ``ForkedError/fileSystem(path:reason:)`` naming the file and the failed step.
    public static func write<Bytes: Sequence>(_ bytes: Bytes, to url: URL, options: Options = []) throws
    where Bytes.Element == UInt8 {
        let keepsFile = options.contains(.keepsExistingFile)
        let target = keepsFile ? resolvingLinks(url.path) : url.path
        let existing = options.contains(.keepsExistingFile) ? try existingAttributes(of: target) : nil
        let directory = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        let temporary = (directory.isEmpty ? "." : directory) + "/.\(name).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        do {
            let file = try OwnedFileDescriptor(
                opening: temporary, .writeOnly, options: [.create, .exclusiveCreate],
                permissions: FilePermissions(rawValue: existing.map { $0.mode } ?? (keepsFile ? 0o666 : PrivateFiles.fileMode)))
            try file.writeAll(bytes)
            if let existing {
                try file.setAttributes(mode: existing.mode, owner: existing.owner, group: existing.group)
            } else if !keepsFile {
                try file.makePrivate()
            }
            try file.sync()
            try moveIntoPlace(temporary, over: target)
        } catch {
            unlink(temporary)
            throw (error as? ForkedError)?.retargeted(to: url.path) ?? error
        }
        syncDirectory(directory.isEmpty ? "." : directory)
    }

    /// Whether a user's file may be written: the system allows it and, since root may write
    /// anything, its permissions give someone write access.
    public static func isWritable(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0 else {
            let directory = (path as NSString).deletingLastPathComponent
            return access(directory.isEmpty ? "." : directory, W_OK) == 0
        }
        return access(path, W_OK) == 0 && status.st_mode & 0o222 != 0
    }

    private struct Attributes {
        var mode: mode_t
        var owner: uid_t
        var group: gid_t
    }

    private static func existingAttributes(of path: String) throws -> Attributes? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        guard isWritable(path) else {
            throw ForkedError.fileSystem(path: path, reason: "is read-only: not saved over (save under another name)")
        }
        if status.st_uid != geteuid() && geteuid() != 0 {
            throw ForkedError.fileSystem(
                path: path,
                reason: "belongs to user \(status.st_uid), and replacing it would make it yours: not saved over (save under another name)")
        }
        return Attributes(mode: status.st_mode & 0o7777, owner: status.st_uid, group: status.st_gid)
    }

    private static func moveIntoPlace(_ source: String, over target: String) throws {
        do {
            try FileFaults.check(.rename, path: target)
        } catch {
            throw OwnedFileDescriptor.failure("cannot rename into place", path: target, error)
        }
        guard rename(source, target) == 0 else {
            throw OwnedFileDescriptor.failure("cannot rename into place", path: target, Errno(rawValue: errno))
        }
    }

    /// Flushes a directory's entries (best effort: some file systems refuse, which loses nothing).
    private static func syncDirectory(_ directory: String) {
        guard let file = try? OwnedFileDescriptor(opening: directory, .readOnly, options: .directory) else { return }
        try? file.sync()
    }

    /// The file a path finally names, following symbolic links, so a link itself survives.
    private static func resolvingLinks(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

extension ForkedError {
    /// The same failure, naming `path` (the file the caller asked for) rather than a temporary file.
    fileprivate func retargeted(to path: String) -> ForkedError {
        guard case .fileSystem(_, let reason) = self else { return self }
        return .fileSystem(path: path, reason: reason)
    }
}
