import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The permissions of what a repository stores: readable and writable by its owner only.
///
/// A repository holds the full text of every version, and often of a file its owner keeps
/// private; created with the usual `0666 & ~umask` it was readable by every local user. Every
/// directory this package creates is `0700` and every file `0600`, whatever the umask (which
/// can only take bits away, so a mode is set after creating, not asked for at `open`).
public enum PrivateFiles {
    /// The mode of a directory a repository creates.
    public static let directoryMode: mode_t = 0o700
    /// The mode of a file a repository creates.
    public static let fileMode: mode_t = 0o600

    /// Creates the directory at `url` and any missing parent, each created one `0700`.
    /// Directories already there are left as they are.
    ///
    /// - Throws: ``ForkedError/fileSystem(path:reason:)`` naming the directory that could not be made.
    public static func createDirectory(at url: URL) throws {
        var missing: [String] = []
        var path = url.standardizedFileURL.path
        while path.count > 1, !exists(path) {
            missing.append(path)
            path = (path as NSString).deletingLastPathComponent
        }
        for path in missing.reversed() {
            guard mkdir(path, directoryMode) == 0 else {
                let code = errno
                // Another process made it meanwhile: what is there is checked by whoever trusts it.
                if code == EEXIST, isDirectory(path) { continue }
                throw ForkedError.fileSystem(path: path, reason: "cannot create directory: \(String(cString: strerror(code)))")
            }
            // The umask may have taken bits the owner needs; nothing else has seen it yet.
            chmod(path, directoryMode)
        }
    }

    /// Whether `mode` gives anyone but the owner any access.
    public static func isShared(_ mode: mode_t) -> Bool { mode & 0o077 != 0 }

    private static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    private static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }
}

extension OwnedFileDescriptor {
    /// Makes the open file ``PrivateFiles/fileMode`` (`0600`) unless it already is: for files
    /// a repository creates, and for one an earlier version left readable by others.
    public func makePrivate() throws {
        var status = stat()
        let found = withRawDescriptor { fstat($0, &status) }
        guard found != 0 || status.st_mode & 0o7777 != PrivateFiles.fileMode else { return }
        try setMode(PrivateFiles.fileMode)
    }
}
