import Forked
import ForkedEditCore
import Foundation

extension PersistentDocument {
    /// Moves the document's editing state to `file`, which Save As just wrote `text` to, so the
    /// edits that follow are journaled beside the file they will be saved to.
    ///
    /// The forks and their journals move; the history of versions is copied, so both files keep
    /// the versions made so far. The old directory is left as a save and quit leaves it: only
    /// its history, since what it held now lives in the new file and its state. Nothing moves
    /// when other processes share the forks (`--fork`, `--sync`) or when `file` already has a
    /// state directory of its own (its forks were never this document's); the edits then go on
    /// being kept beside the old file, and the error says so.
    ///
    /// - Throws: ``StateNotMoved`` when the state stays where it was; the document is then
    ///   unchanged.
    public func move(to file: URL, savedText text: String) throws {
        let target = ForkedDirectoryLayout(file: file)
        guard target != layout else { return }
        let source = layout
        func notMoved(_ reason: String) -> StateNotMoved {
            StateNotMoved(from: source.file.path, to: target.file.path, reason: reason)
        }
        guard !sharesRepository else { throw notMoved("its forks are shared from there with other processes (--fork) or devices (--sync)") }
        guard !FileManager.default.fileExists(atPath: target.directory.path) else {
            throw notMoved("\(target.directory.lastPathComponent) already holds the state of \(target.file.lastPathComponent)")
        }
        // Everything typed goes into the old repository first: it is complete whatever follows.
        try synchronize()
        let storage: Storage?
        do {
            storage = try makeState(at: target, copyingHistoryFrom: source, savedText: text)
        } catch {
            // Only what this move made is removed: the directory did not exist before it.
            try? FileManager.default.removeItem(at: target.directory)
            throw notMoved("\(error)")
        }
        journals.stop()
        let wasStored = isStored
        layout = target
        lastSavedText = text
        historyKeeping.history = nil
        if let storage {
            repository = storage.repository
            ownership = storage.ownership
            unstoredState = nil
            let state = memory.snapshot
            syncedStamp = state.stamp
            try startJournals(at: state)
        } else {
            repository = nil
            ownership = []
            unstoredState = memory.snapshot
        }
        guard wasStored else { return }
        // What the old directory held beyond its history is in the new one now.
        try? FileLock.withLock(on: source.openLock) {
            for item in source.editingState { try? FileManager.default.removeItem(at: item) }
        }
    }

    /// Makes `target`'s state directory: the history copied from `source`'s, and, when the
    /// document is stored, its repository holding the document as it is in memory, with this
    /// process's forks claimed. Returns the storage, or `nil` for a document not stored yet
    /// (its directory is made at its next edit, as for a file just opened).
    private func makeState(at target: ForkedDirectoryLayout, copyingHistoryFrom source: ForkedDirectoryLayout, savedText text: String) throws -> Storage? {
        let hasHistory = FileManager.default.fileExists(atPath: source.history.path)
        guard isStored || hasHistory else { return nil }
        try Self.makeDirectories(target)
        if hasHistory {
            // Copied under the old history's lock, so no version is half-written in the copy.
            try FileLock.withLock(on: source.history.appendingPathComponent("history.lock")) {
                try FileManager.default.copyItem(at: source.history, to: target.history)
            }
        }
        guard isStored else { return nil }
        return try Self.makeStorage(target, holding: memory.snapshot, savedText: text, ownForks: ownForks)
    }
}
