import Forked
import ForkedEditCore
import ForkedEditPersistence
import Foundation

/// A temporary directory holding one edited file, removed when the test ends.
final class ScratchFile {
    let directory: URL
    let file: URL

    init(text: String?, name: String = "notes.txt") throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("forked-persist-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        file = directory.appendingPathComponent(name)
        if let text { try text.write(to: file, atomically: true, encoding: .utf8) }
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    var layout: ForkedDirectoryLayout { ForkedDirectoryLayout(file: file) }

    var text: String? { try? String(contentsOf: file, encoding: .utf8) }

    /// Opens the file's stored state the way the editor does.
    func open(
        forks: [String] = ["left", "right"], shared: Bool = false,
        options: PersistentDocument.Options = PersistentDocument.Options()
    ) throws -> PersistentDocument {
        try PersistentDocument.open(
            file: file, ownForks: forks.map(Fork.init(name:)), fileText: text, sharesRepository: shared, options: options
        )
    }

    /// Opens the file's stored state and an 80×24 editor session on it, saving as the editor does.
    func openWithSession(
        forks: [String] = ["left", "right"], shared: Bool = false, options: PersistentDocument.Options = PersistentDocument.Options()
    ) throws -> (PersistentDocument, EditorSession) {
        let document = try open(forks: forks, shared: shared, options: options)
        let session = try document.makeSession(fileName: file.path, columns: 80, rows: 24, writer: AtomicDocumentWriter())
        return (document, session)
    }

    /// Opens the file, types `keys` (key notation) into a session and closes it: edits journaled
    /// and stored, as an editor that quit normally leaves them.
    func typeAndClose(_ keys: String) throws {
        let document = try open()
        try type(keys, into: try document.session())
        try document.close()
    }

    /// A copy of the file and its state directory in a new scratch directory.
    func copy() throws -> ScratchFile {
        let copy = try ScratchFile(text: nil, name: file.lastPathComponent)
        try FileManager.default.removeItem(at: copy.directory)
        try FileManager.default.copyItem(at: directory, to: copy.directory)
        return copy
    }
}

extension PersistentDocument {
    func session(columns: Int = 80, rows: Int = 24, fileName: String? = nil) throws -> EditorSession {
        try makeSession(fileName: fileName ?? layout.file.path, columns: columns, rows: rows, writer: InMemoryDocumentWriter())
    }
}

/// Types key notation (`"abc<Tab><F5>"`) into a session.
func type(_ notation: String, into session: EditorSession) throws {
    for key in try KeyNotation.parse(notation) { session.handle(.key(key)) }
}

/// Every fork's text and cursors, status and common ancestor, and main's value: what a
/// reopened editor must restore.
struct ForkSnapshot: Equatable, CustomStringConvertible {
    var values: [String: TextDocument?]
    var ancestors: [String: TextDocument?]
    var statuses: [String: ForkStatus]

    init(_ resource: TextDocumentResource) throws {
        values = [:]
        ancestors = [:]
        statuses = [:]
        for fork in try resource.currentForks() {
            values[fork.name] = try resource.value(in: fork)
            ancestors[fork.name] = try resource.commonAncestor(of: fork)
            statuses[fork.name] = try resource.status(of: fork)
        }
    }

    var description: String { "values \(values), statuses \(statuses)" }
}

/// Saves real files through the same atomic writer the editor uses, and reads them back.
final class AtomicDocumentWriter: DocumentWriter {
    func write(_ text: String, toFile path: String) throws {
        try AtomicFile.write(text.utf8, to: URL(fileURLWithPath: path), options: .keepsExistingFile)
    }

    func read(fromFile path: String) throws -> String? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        return try String(contentsOfFile: path, encoding: .utf8)
    }
}
