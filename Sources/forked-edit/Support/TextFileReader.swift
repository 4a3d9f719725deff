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
}

/// Reads files that must be UTF-8 text, refusing everything else with a clear error rather
/// than merging or editing bytes the user would not recognise.
enum TextFileReader {
    /// The text of the file at `path`.
    static func read(_ path: String) throws(TextFileError) -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .missing(path: path)
        }
        if isDirectory.boolValue { throw .directory(path: path) }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(path: path, reason: Self.reason(for: error))
        }
        return try text(from: data, path: path)
    }

    /// The text of the file at `path`, or `nil` when it does not exist yet (a new document).
    static func readIfPresent(_ path: String) throws(TextFileError) -> String? {
        do {
            return try read(path)
        } catch .missing {
            return nil
        }
    }

    /// Decodes file contents, rejecting NUL bytes (binary files) and invalid UTF-8.
    static func text(from data: Data, path: String) throws(TextFileError) -> String {
        // Through the contiguous bytes: Data's generic Sequence paths cost milliseconds per megabyte.
        let decoded: String?? = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard let base = bytes.baseAddress else { return .some("") }
            if memchr(base, 0, bytes.count) != nil { return .none }
            return .some(String(validating: bytes, as: UTF8.self))
        }
        guard let validated = decoded else { throw .binary(path: path) }
        guard let text = validated else { throw .notUTF8(path: path) }
        return text
    }

    private static func reason(for error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedDescription
    }
}
