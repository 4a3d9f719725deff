/// Writes the saved document somewhere. The editor core never touches the file system
/// itself: the executable injects a writer for real files, tests and replays an in-memory one.
public protocol DocumentWriter: AnyObject {
    /// Writes `text` as the whole content of the file at `path`.
    func write(_ text: String, toFile path: String) throws
}

/// A ``DocumentWriter`` that keeps written files in memory, for headless replays and tests.
public final class InMemoryDocumentWriter: DocumentWriter {
    /// The files written so far, by path.
    public private(set) var files: [String: String] = [:]
    /// Paths whose writes fail, to exercise error handling.
    public var failingPaths: Set<String>

    /// Creates a writer with no files.
    public init(failingPaths: Set<String> = []) {
        self.failingPaths = failingPaths
    }

    /// Stores `text` under `path`, or throws for a path in ``failingPaths``.
    public func write(_ text: String, toFile path: String) throws {
        if failingPaths.contains(path) { throw InMemoryWriteError(path: path) }
        files[path] = text
    }
}

/// The failure ``InMemoryDocumentWriter`` reports for a path it was told to refuse.
public struct InMemoryWriteError: Error, CustomStringConvertible {
    /// The refused path.
    public let path: String
    /// A message like a file system's.
    public var description: String { "permission denied: \(path)" }
}
