import ForkedEditCore
import ForkedEditPersistence
import ForkedHistory
import Foundation

/// The history kept beside a file, opened for the `log`, `show`, `diff` and `restore` commands.
struct FileHistory {
    let file: URL
    let history: History<TextDocument>

    /// Opens the history of `path`; a file without one is a ``CommandFailure``.
    init(path: String) throws {
        file = URL(fileURLWithPath: path)
        let layout = ForkedDirectoryLayout(file: file)
        try layout.verifyOwnership()
        let store = layout.history.appendingPathComponent("commits.log")
        guard FileManager.default.fileExists(atPath: store.path) else {
            throw CommandFailure("\(path) has no history yet (versions are recorded once it is edited in forked-edit)")
        }
        history = History(store: try FileCommitStore(directory: layout.history))
    }

    /// The commit a version name means, on `fork`'s line of history; unknown and ambiguous
    /// names are ``CommandFailure``s naming the candidates.
    func resolve(_ name: String, fork: String = "main") throws -> CommitID {
        do {
            return try history.resolve(name, head: fork)
        } catch let error as HistoryError {
            throw CommandFailure("\(file.lastPathComponent): \(error)")
        }
    }

    /// The text at version `name`.
    func text(at name: String) throws -> String {
        try history.value(at: resolve(name)).text
    }
}
