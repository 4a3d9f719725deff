import Forked
import ForkedEditCore
import Foundation

/// The editor's document on real files: saved through ``AtomicFileWriter``, read back with
/// ``TextFileReader``, stamped with `stat`.
final class FileDocumentWriter: DocumentWriter {
    /// `~` and `~/…` in `$HOME`, as a shell reads them (Foundation would take the password
    /// database's home instead); `~user/…` in that user's home.
    func resolvedPath(_ typed: String) -> String {
        guard typed.hasPrefix("~") else { return typed }
        if typed == "~" || typed.hasPrefix("~/"),
           let home = ProcessInfo.processInfo.environment["HOME"], !home.isEmpty {
            return home + typed.dropFirst()
        }
        return NSString(string: typed).expandingTildeInPath
    }

    func write(_ text: String, toFile path: String) throws {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw SaveRefusal(reason: "the directory \(directory) does not exist")
        }
        // Checked first so the editor can offer another name; AtomicFile refuses as well.
        guard AtomicFile.isWritable(path) else {
            throw SaveRefusal(reason: FileManager.default.fileExists(atPath: path)
                ? "the file is read-only" : "its directory cannot be written")
        }
        try AtomicFileWriter.write(text, to: path)
    }

    func read(fromFile path: String) throws -> String? {
        try TextFileReader.readIfPresent(path)
    }

    func stamp(ofFile path: String) -> FileStamp? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return FileStamp([
            Int64(status.st_size), Int64(status.st_mtim.tv_sec), Int64(status.st_mtim.tv_nsec),
            Int64(status.st_ctim.tv_sec), Int64(status.st_ctim.tv_nsec), Int64(bitPattern: UInt64(status.st_ino)),
        ])
    }
}
