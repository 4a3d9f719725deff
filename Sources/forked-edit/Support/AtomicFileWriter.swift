import Forked
import Foundation

/// How the executable writes a user's file (a saved document, a merge result): Forked's
/// ``AtomicFile`` with the options a user's own file needs, so a crash leaves the old text or
/// the new one, a symbolic link and the file's permissions and owner are kept, and a file the
/// user may not write is refused, not replaced.
enum AtomicFileWriter {
    static func write(_ text: String, to path: String) throws {
        try AtomicFile.write(text.utf8, to: URL(fileURLWithPath: path), options: .keepsExistingFile)
    }
}
