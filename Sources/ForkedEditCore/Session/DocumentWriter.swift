/// Writes the saved document somewhere, and reads back what is there now. The editor core
/// never touches the file system itself: the executable injects a writer for real files,
/// tests and replays an in-memory one.
public protocol DocumentWriter: AnyObject {
    /// Writes `text` as the whole content of the file at `path`.
    func write(_ text: String, toFile path: String) throws

    /// The file's whole text now, or `nil` when there is no such file (or the writer cannot
    /// tell). Read before every save, so a change made by another program is merged in, not
    /// overwritten.
    ///
    /// - Throws: When the file exists but cannot be read as text.
    func read(fromFile path: String) throws -> String?

    /// A cheap stamp of the file's state on disk (`nil`: no file, or unknown), checked on a
    /// timer to notice changes made by other programs without reading the file.
    func stamp(ofFile path: String) -> FileStamp?

    /// The path a name typed by the user stands for (`~/notes.txt` in the home directory).
    func resolvedPath(_ typed: String) -> String
}

/// Thrown by a ``DocumentWriter`` for a file that must not be written under its name (read-only,
/// another user's): the editor then offers to save under another name.
public struct SaveRefusal: Error, Equatable, CustomStringConvertible {
    /// Why, for the status line, without the file's name (e.g. "the file is read-only").
    public var reason: String

    /// Creates a refusal.
    public init(reason: String) {
        self.reason = reason
    }

    /// The reason.
    public var description: String { reason }
}

extension DocumentWriter {
    /// Knows of no file.
    public func read(fromFile path: String) throws -> String? { nil }

    /// Knows of no file.
    public func stamp(ofFile path: String) -> FileStamp? { nil }

    /// The name as typed.
    public func resolvedPath(_ typed: String) -> String { typed }
}

/// A ``DocumentWriter`` that keeps written files in memory, for headless replays and tests.
public final class InMemoryDocumentWriter: DocumentWriter {
    /// The files written so far, by path.
    public private(set) var files: [String: String] = [:]
    /// Paths whose writes fail, to exercise error handling.
    public var failingPaths: Set<String>

    /// Directories that do not exist: a write under one is refused, as on a file system.
    public var missingDirectories: Set<String>
    /// What `~` stands for in typed names.
    public var homeDirectory: String

    /// Creates a writer with no files.
    public init(failingPaths: Set<String> = [], missingDirectories: Set<String> = [], homeDirectory: String = "/home/user") {
        self.failingPaths = failingPaths
        self.missingDirectories = missingDirectories
        self.homeDirectory = homeDirectory
    }

    /// `~` and `~/…` in the ``homeDirectory``.
    public func resolvedPath(_ typed: String) -> String {
        if typed == "~" { return homeDirectory }
        if typed.hasPrefix("~/") { return homeDirectory + typed.dropFirst() }
        return typed
    }

    /// How many times each file was changed, its stamp.
    private var changeCounts: [String: Int64] = [:]

    /// Stores `text` under `path`, or throws for a path in ``failingPaths``.
    public func write(_ text: String, toFile path: String) throws {
        if failingPaths.contains(path) { throw InMemoryWriteError(path: path) }
        if let directory = missingDirectories.first(where: { path.hasPrefix($0 + "/") }) {
            throw SaveRefusal(reason: "the directory \(directory) does not exist")
        }
        files[path] = text
        changeCounts[path, default: 0] += 1
    }

    /// Changes a file as another program would, behind the editor's back.
    public func changeOutside(_ path: String, to text: String) {
        files[path] = text
        changeCounts[path, default: 0] += 1
    }

    /// How many times each file was read.
    public private(set) var readCounts: [String: Int] = [:]

    /// The text stored under `path`, if any.
    public func read(fromFile path: String) throws -> String? {
        readCounts[path, default: 0] += 1
        return files[path]
    }

    /// A stamp that changes with every write to `path`.
    public func stamp(ofFile path: String) -> FileStamp? { changeCounts[path].map { FileStamp([$0]) } }
}

/// The failure ``InMemoryDocumentWriter`` reports for a path it was told to refuse.
public struct InMemoryWriteError: Error, CustomStringConvertible {
    /// The refused path.
    public let path: String
    /// A message like a file system's.
    public var description: String { "permission denied: \(path)" }
}
