import ForkedEditCore
import Foundation

/// A ``LineSink`` that appends to a file, writing each line through at once so a recording
/// survives the editor being killed.
final class FileLineSink: LineSink {
    private let handle: FileHandle
    let path: String

    /// Creates (or truncates) the file at `path`.
    init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw CommandFailure("\(path): cannot be created")
        }
        guard let handle = FileHandle(forWritingAtPath: path) else {
            throw CommandFailure("\(path): cannot be opened for writing")
        }
        self.handle = handle
        self.path = path
    }

    deinit {
        try? handle.close()
    }

    func writeLine(_ line: String) throws {
        do {
            try handle.write(contentsOf: Data((line + "\n").utf8))
        } catch {
            throw CommandFailure("\(path): cannot be written (\(error.localizedDescription))")
        }
    }
}
