import Forked
import Foundation

/// Why a file could not be used as text. Every case names the file.
enum TextFileError: Error, Equatable, CustomStringConvertible {
    case missing(path: String)
    case directory(path: String)
    case unreadable(path: String, reason: String)
    case binary(path: String)
    case notUTF8(path: String)

    var description: String {
        switch self {
        case let .missing(path): return "\(path): no such file"
        case let .directory(path): return "\(path): is a directory, not a text file"
        case let .unreadable(path, reason): return "\(path): cannot be read (\(reason))"
        case let .binary(path): return "\(path): looks binary (contains a NUL byte), not text"
        case let .notUTF8(path): return "\(path): is not valid UTF-8 text"
        }
    }

    /// The file the error is about.
    var path: String {
        switch self {
        case let .missing(path), let .directory(path), let .unreadable(path, _), let .binary(path), let .notUTF8(path): return path
        }
    }

    /// The same error, naming the file as `name` (a git merge driver's inputs are temporary
    /// copies whose names say nothing to the user).
    func naming(_ name: String) -> TextFileError {
        switch self {
        case .missing: return .missing(path: name)
        case .directory: return .directory(path: name)
        case let .unreadable(_, reason): return .unreadable(path: name, reason: reason)
        case .binary: return .binary(path: name)
        case .notUTF8: return .notUTF8(path: name)
        }
    }
}

/// Reads files that must be UTF-8 text, refusing everything else with a clear error rather
/// than merging or editing bytes the user would not recognise.
enum TextFileReader {
    /// The text of the file at `path`.
    ///
    /// Read with plain system calls rather than Foundation's `Data(contentsOf:)`: the merge
    /// command, which git starts once per file, spends its time starting up, not merging.
    static func read(_ path: String) throws(TextFileError) -> String {
        _ = try status(of: path)
        let contents: TextFileContents
        do {
            let file = try OwnedFileDescriptor(opening: path, .readOnly)
            contents = try file.readAllText()
        } catch {
            throw unreadable(path, error)
        }
        switch contents {
        case .text(let text): return text
        case .binary: throw .binary(path: path)
        case .notUTF8: throw .notUTF8(path: path)
        }
    }

    /// Calls `body` with the UTF-8 bytes of the file at `path`, refusing what ``read(_:)``
    /// refuses. A regular file is mapped into memory instead of read: the merge command works
    /// on the bytes, and copying megabyte files into strings was a good part of its time.
    static func withBytes<Result>(of path: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) throws -> Result {
        guard try status(of: path).st_mode & S_IFMT == S_IFREG else {
            // A pipe or a device cannot be mapped: read it.
            var text = try read(path)
            return try text.withUTF8(body)
        }
        let mapped: MappedFile
        do {
            let file = try OwnedFileDescriptor(opening: path, .readOnly)
            mapped = try MappedFile(mapping: file)
        } catch {
            throw unreadable(path, error)
        }
        switch TextBytes.classify(mapped.bytes) {
        case .text: return try body(mapped.bytes)
        case .binary: throw TextFileError.binary(path: path)
        case .notUTF8: throw TextFileError.notUTF8(path: path)
        }
    }

    /// `error`, met opening or reading `path`, as the message for an unreadable file: the
    /// system's reason alone when it is a file-system failure.
    private static func unreadable(_ path: String, _ error: any Error) -> TextFileError {
        if case .fileSystem(_, let reason)? = error as? ForkedError { return .unreadable(path: path, reason: reason) }
        return .unreadable(path: path, reason: "\(error)")
    }

    /// The file's status, refusing a missing file and a directory.
    private static func status(of path: String) throws(TextFileError) -> stat {
        var status = stat()
        guard stat(path, &status) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw .missing(path: path) }
            throw .unreadable(path: path, reason: String(cString: strerror(code)))
        }
        if status.st_mode & S_IFMT == S_IFDIR { throw .directory(path: path) }
        return status
    }

    /// The text of the file at `path`, or `nil` when it does not exist yet (a new document).
    static func readIfPresent(_ path: String) throws(TextFileError) -> String? {
        do {
            return try read(path)
        } catch .missing {
            return nil
        }
    }
}
