import Forked
import Foundation

/// Where the editor keeps a file's forks: a hidden directory beside the file.
///
/// For `notes/todo.txt` the directory is `notes/.todo.txt.forked/`:
///
/// ```
/// .todo.txt.forked/
///   repository/          a FileRepository<TextDocument>: log, manifest.json, lock
///                        (main, every fork's value and common ancestor)
///   journals/<fork>.journal
///                        one AppendOnlyJournal per fork: a header record naming the fork's
///                        version in the repository, then one record per edit made since
///   journals/<fork>.lock held by the process editing the fork, so no two processes
///                        write one journal
///   saved.txt            the file's text as last opened or saved ("\n" line breaks), to
///                        tell a change made to the file outside the editor
///   open.lock            held while a process opens the directory (replay, disk changes)
///   history/             every recorded version of main and each fork (a FileCommitStore:
///                        commits.log, heads.json, history.lock); kept when the rest is removed
/// ```
///
/// Damaged directories are renamed to `.todo.txt.forked.corrupt-<timestamp>`, never deleted.
public struct ForkedDirectoryLayout: Sendable, Equatable {
    /// The edited file.
    public let file: URL
    /// The hidden directory beside it.
    public let directory: URL

    /// The layout for `file`.
    public init(file: URL) {
        self.file = file.standardizedFileURL
        directory = self.file.deletingLastPathComponent()
            .appendingPathComponent(".\(self.file.lastPathComponent).forked", isDirectory: true)
    }

    /// A new `<name>.corrupt-<timestamp>` path beside the state directory, for damaged state kept
    /// out of the way (never deleted by the editor).
    public func asideLocation() -> URL {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        let stem = "\(directory.lastPathComponent).corrupt-\(formatter.string(from: Date()))"
        let parent = directory.deletingLastPathComponent()
        var target = parent.appendingPathComponent(stem)
        var attempt = 1
        while FileManager.default.fileExists(atPath: target.path) {
            attempt += 1
            target = parent.appendingPathComponent("\(stem)-\(attempt)")
        }
        return target
    }

    /// The repository of ``TextDocument`` values.
    public var repository: URL { directory.appendingPathComponent("repository", isDirectory: true) }
    /// The state directory's identity: random bytes written when it is made, named in every
    /// journal's header, so a journal from another directory is never replayed here.
    public var identity: URL { directory.appendingPathComponent("id") }

    /// Everything the directory holds for editing, beside the history: what is removed when the
    /// file makes it redundant, or when Save As moves it.
    public var editingState: [URL] { [repository, journals, savedText, identity] }

    /// The directory of per-fork journals.
    public var journals: URL { directory.appendingPathComponent("journals", isDirectory: true) }
    /// The file's text as last opened or saved.
    public var savedText: URL { directory.appendingPathComponent("saved.txt") }
    /// The document's history of versions.
    public var history: URL { directory.appendingPathComponent("history", isDirectory: true) }
    /// The lock held while opening.
    public var openLock: URL { directory.appendingPathComponent("open.lock") }

    /// The journal of `fork`. Fork names are escaped so any name makes one plain file name.
    public func journal(of fork: Fork) -> URL {
        var name = ""
        for byte in fork.name.utf8 {
            let plain = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
                || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2D || byte == 0x5F
            name += plain ? String(UnicodeScalar(byte)) : "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
        }
        return journals.appendingPathComponent("\(name).journal")
    }

    /// The lock the process editing `fork` holds.
    public func ownershipLock(of fork: Fork) -> URL {
        journal(of: fork).deletingPathExtension().appendingPathExtension("lock")
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
