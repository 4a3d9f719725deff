import Foundation

/// Why a file could not be written; names the file.
struct FileWriteError: Error, CustomStringConvertible {
    let path: String
    let step: String
    let code: Int32

    var description: String {
        "\(path): cannot be written (\(step): \(String(cString: strerror(code))))"
    }
}

/// Replaces a file's contents all at once: readers (and a crash) see either the old file or
/// the new one, never half of each.
///
/// The text goes to a temporary file in the same directory (so the final rename stays on one
/// file system), is flushed to disk, then renamed over the target. An existing file keeps its
/// permissions; a symbolic link keeps pointing where it did, and its target is replaced.
enum AtomicFileWriter {
    static func write(_ text: String, to path: String) throws {
        let target = resolvedTarget(path)
        let directory = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        var template = Array(((directory.isEmpty ? "." : directory) + "/.\(name).forked-edit-XXXXXX").utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { throw FileWriteError(path: path, step: "creating a temporary file", code: errno) }
        let temporaryPath = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var committed = false
        defer {
            if !committed { unlink(temporaryPath) }
        }
        do {
            defer { close(descriptor) }
            try writeAll(Array(text.utf8), to: descriptor, path: path)
            guard fchmod(descriptor, permissions(for: target)) == 0 else {
                throw FileWriteError(path: path, step: "setting permissions", code: errno)
            }
            guard fsync(descriptor) == 0 else { throw FileWriteError(path: path, step: "flushing", code: errno) }
        }
        guard rename(temporaryPath, target) == 0 else { throw FileWriteError(path: path, step: "renaming", code: errno) }
        committed = true
        // Make the rename itself durable; a failure here leaves a correct file, so it is not reported.
        let directoryDescriptor = open(directory.isEmpty ? "." : directory, O_RDONLY)
        if directoryDescriptor >= 0 {
            fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw FileWriteError(path: path, step: "writing", code: errno)
            }
            offset += written
        }
    }

    /// The file a path finally names, following symbolic links, so the link itself survives.
    private static func resolvedTarget(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The existing file's permissions, or what a newly created file would get under the umask.
    private static func permissions(for path: String) -> mode_t {
        var status = stat()
        if stat(path, &status) == 0 { return status.st_mode & 0o7777 }
        let mask = umask(0)
        umask(mask)
        return 0o666 & ~mask
    }
}
