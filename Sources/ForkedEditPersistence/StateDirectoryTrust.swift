import Forked
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ForkedDirectoryLayout {
    /// Checks that the state directory, when there is one, is the user's own before anything
    /// in it is read or written, and makes it private.
    ///
    /// In a directory others can write to (a shared `/tmp`, a group's project folder) someone
    /// else can create `.FILE.forked/` first, or plant links in it: a journal that is a link to
    /// the user's private file is truncated and overwritten by the next edit; a planted journal
    /// is "recovered" into the user's text. So the directory and every entry in it must belong
    /// to the user running the editor and none may be a symbolic link (links of the user's own,
    /// such as a `history` shared with another file's state, mix two files' state and are
    /// refused too). Once the directory is the user's and `0700`, nobody else can add to it.
    ///
    /// Entries others could read (state written by an earlier version, `0644` under a `022`
    /// umask) are made private: directories `0700`, files `0600`.
    ///
    /// - Returns: How many entries were made private.
    /// - Throws: ``PersistenceError/untrustedState(path:reason:)`` naming the first entry that
    ///   is not the user's own or is a link; nothing has been changed then.
    @discardableResult
    public func verifyOwnership() throws -> Int {
        var status = stat()
        guard lstat(directory.path, &status) == 0 else { return 0 }
        try Self.checkOwned(directory.path, status)
        guard status.st_mode & S_IFMT == S_IFDIR else { return 0 }
        // Every entry is checked before any is changed, so a refusal changes nothing.
        var entries: [(path: String, mode: mode_t, isDirectory: Bool)] = [(directory.path, status.st_mode, true)]
        var index = 0
        while index < entries.count {
            let (path, _, isDirectory) = entries[index]
            index += 1
            guard isDirectory else { continue }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            for name in names.sorted() {
                let child = path + "/" + name
                var childStatus = stat()
                guard lstat(child, &childStatus) == 0 else { continue }
                try Self.checkOwned(child, childStatus)
                entries.append((child, childStatus.st_mode, childStatus.st_mode & S_IFMT == S_IFDIR))
            }
        }
        var tightened = 0
        for (path, mode, isDirectory) in entries where PrivateFiles.isShared(mode) {
            let wanted = isDirectory ? PrivateFiles.directoryMode : PrivateFiles.fileMode
            if chmod(path, wanted) == 0 { tightened += 1 }
        }
        return tightened
    }

    private static func checkOwned(_ path: String, _ status: stat) throws {
        if status.st_mode & S_IFMT == S_IFLNK {
            throw PersistenceError.untrustedState(path: path, reason: "is a symbolic link")
        }
        if status.st_uid != geteuid() {
            throw PersistenceError.untrustedState(path: path, reason: "belongs to another user (uid \(status.st_uid))")
        }
    }
}
