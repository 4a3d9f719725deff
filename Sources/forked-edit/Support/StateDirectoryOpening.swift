import Forked
import ForkedEditPersistence
import Foundation

/// Opens a file's stored editing state for the `edit` command, dealing with damaged state
/// the way the user chose: `--fresh` moves it aside; at a terminal the user is asked; with
/// neither, the editor stops with a message naming both ways out.
enum StateDirectoryOpening {
    static func open(
        file path: String, fileText: String?, ownForks: [Fork], sharing: Bool, autoMerge: Bool, fresh: Bool,
        shownFork: Fork? = nil
    ) throws -> PersistentDocument {
        let file = URL(fileURLWithPath: path)
        let options = PersistentDocument.Options(autoMerge: autoMerge, shownFork: shownFork)
        func attempt() throws -> PersistentDocument {
            try PersistentDocument.open(
                file: file, ownForks: ownForks, fileText: fileText, sharesRepository: sharing, options: options
            )
        }
        do {
            return try attempt()
        } catch let error as PersistenceError {
            guard case .corruptState = error else { throw error }
            let layout = ForkedDirectoryLayout(file: file)
            guard fresh || askToStartFresh(error, file: path) else {
                throw CommandFailure(
                    "\(error). Run again with --fresh to move it aside (it is kept, renamed) and start from \(path)"
                )
            }
            let moved = try PersistentDocument.moveAside(layout)
            StandardStream.writeToError("forked-edit: moved the damaged state to \(moved.path)\n")
            return try attempt()
        }
    }

    /// Asks on the terminal whether to start fresh; `false` when there is no terminal to ask.
    private static func askToStartFresh(_ error: PersistenceError, file: String) -> Bool {
        guard isatty(STDIN_FILENO) == 1, isatty(STDERR_FILENO) == 1 else { return false }
        let question = "forked-edit: \(error)\nMove it aside (it is kept, renamed) and start fresh from \(file)? [y/N] "
        StandardStream.writeToError(question)
        guard let answer = readLine() else { return false }
        return answer.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("y")
    }
}
