import Forked
import ForkedEditCore

/// A ``LineSink`` that appends to a file, writing each line through at once so a recording
/// survives the editor being killed.
final class FileLineSink: LineSink {
    private let file: OwnedFileDescriptor
    let path: String

    /// Creates (or truncates) the file at `path`.
    init(path: String) throws {
        do {
            file = try OwnedFileDescriptor(opening: path, .writeOnly, options: [.create, .truncate], permissions: [.ownerReadWrite, .groupRead, .otherRead])
        } catch {
            throw CommandFailure("\(error)")
        }
        self.path = path
    }

    func writeLine(_ line: String) throws {
        do {
            try file.writeAll((line + "\n").utf8)
        } catch {
            throw CommandFailure("\(error)")
        }
    }
}
