import Forked
import ForkedEditCore
import ForkedHistory
import Foundation

extension PersistentDocument {
    /// The file's history of versions, kept in ``ForkedDirectoryLayout/history``.
    ///
    /// Versions are recorded when edits are stored (snapshots, at least every few seconds of
    /// typing), around every merge, and on save; never per keystroke.
    public func history() throws -> History<TextDocument> {
        if let history = historyKeeping.history { return history }
        let history = History<TextDocument>(store: try FileCommitStore(directory: layout.history))
        historyKeeping.history = history
        return history
    }

    /// Records main and this process's forks in the history, as ``recordHistoryOrFail(merged:)``
    /// does, but never fails: the history is secondary to the file, so a damaged one stops
    /// being written (until the file is opened again) and is reported once, through
    /// ``idle()``'s report, while edits are stored and saves go on.
    func recordHistory(merged: Bool = false) {
        guard historyKeeping.problem == nil else { return }
        do {
            try recordHistoryOrFail(merged: merged)
        } catch {
            historyKeeping.problem = "\(error)"
            pendingNotice = "The history of versions could not be written (\(error)); edits and saves go on without it. "
                + "Check and repair it with: forked-edit history \(layout.file.lastPathComponent) --repair"
        }
    }

    /// Records main and this process's forks as they are in memory. After a merge (`merged`),
    /// main's version follows the forks' versions it merged, and a fork left equal to main
    /// points at main's version instead of repeating it.
    func recordHistoryOrFail(merged: Bool = false) throws {
        guard isStored else { return }
        let history = try history()
        let before = try history.heads()
        var mainHead = before[Fork.main.name]
        // Versions keep the text only: cursors are where someone was, not what the document says.
        let main = try resource.value(in: .main).map { TextDocument(text: $0.text) }
        if let main {
            // A merge that left main's text as it was is not a version of main.
            let mainChanged = try mainHead.map { try history.value(at: $0) != main } ?? true
            let mergedFrom = merged && mainChanged ? ownForks.compactMap { before[$0.name] }.filter { $0 != mainHead } : []
            // Main moves without a merge of this process's only when the change came from elsewhere.
            let origin = merged ? nil : originOfChangesFromElsewhere?()
            if let commit = try history.record(main, head: Fork.main.name, origin: origin, mergedFrom: mergedFrom) { mainHead = commit.id }
        }
        for fork in ownForks {
            guard let document = try resource.value(in: fork).map({ TextDocument(text: $0.text) }) else { continue }
            // A fork that took main's text (a merge, or main's changes brought in) points at
            // main's version rather than repeating it as its own.
            if let mainHead, document == main, before[fork.name] != mainHead {
                let tookMain = try merged || before[fork.name].map { try history.value(at: $0) != document } ?? true
                if tookMain {
                    try history.move(head: fork.name, to: mainHead)
                    continue
                }
            }
            try history.record(document, head: fork.name, startingAt: mainHead)
        }
    }

    /// Whether the history holds more than the one version the file has. A history that cannot
    /// be read counts as holding them: damaged versions are kept for the user, never removed.
    func historyHoldsEarlierVersions() -> Bool {
        guard FileManager.default.fileExists(atPath: layout.history.path) else { return false }
        guard historyKeeping.problem == nil, let commits = try? history().store.allCommits() else { return true }
        return commits.count > 1
    }
}

/// The file's history as a document keeps it while open: the history once opened, and why it
/// could not be written once it could not (it is not tried again while the file is open).
struct HistoryKeeping {
    /// The history, once opened.
    var history: History<TextDocument>?
    /// Why recording a version failed, once it did.
    var problem: String?
}
