import Forked
import ForkedEditCore
import Foundation

/// A ``LineSink`` that appends to a file, writing each line through at once so a recording
/// survives the editor being killed.
final class FileLineSink: LineSink {
    private let file: OwnedFileDescriptor
    let path: String

    /// Creates the file at `path`; an existing file is truncated only when `replacing`, so a
    /// recording never overwrites an earlier one by accident.
    init(path: String, replacing: Bool = true) throws {
        try Self.checkAvailable(path, replacing: replacing)
        do {
            // Exclusive unless replacing: a file made in between is not truncated either.
            if replacing {
                file = try OwnedFileDescriptor(opening: path, .writeOnly, options: [.create, .truncate],
                                               permissions: [.ownerReadWrite, .groupRead, .otherRead])
            } else {
                file = try OwnedFileDescriptor(opening: path, .writeOnly, options: [.create, .exclusiveCreate],
                                               permissions: [.ownerReadWrite, .groupRead, .otherRead])
            }
        } catch {
            throw CommandFailure("\(error)")
        }
        self.path = path
    }

    /// Refuses a `path` that already exists unless `replacing`: what ``init(path:replacing:)``
    /// checks first, for a command to check before it changes the screen and creates the file later.
    static func checkAvailable(_ path: String, replacing: Bool) throws {
        if !replacing, FileManager.default.fileExists(atPath: path) {
            throw CommandFailure("\(path) already exists; choose another name or add --force to replace it")
        }
    }

    func writeLine(_ line: String) throws {
        do {
            try file.writeAll((line + "\n").utf8)
        } catch {
            throw CommandFailure("\(error)")
        }
    }
}
