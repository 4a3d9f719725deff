import Forked
import ForkedEditCore
import ForkedHistory
import Foundation

/// A file's forked editing state kept on disk beside it (see ``ForkedDirectoryLayout``), so
/// every keystroke survives a crash and several processes can edit one document, each in
/// its own fork.
///
/// The state directory is made at the first edit, not when the file is opened, and removed on
/// close when it holds nothing the file does not (every fork merged and saved), so opening a
/// file and quitting leaves nothing beside it, and editing, saving and quitting only the history.
///
/// The editor session runs on ``resource``, an in-memory copy of the repository: a keystroke
/// changes memory and queues one journal record (written and synced by a background thread
/// within milliseconds), never a megabyte-sized commit. ``synchronize(_:)`` folds the
/// journaled edits into the shared ``repository`` (a snapshot), picks up what other
/// processes stored, and restarts the journals. It runs on merge, save and quit, every
/// ``Options/snapshotInterval`` edits, and, when sharing, several times a second.
///
/// ```swift
/// let document = try PersistentDocument.open(file: url, ownForks: [Fork(name: "alice")],
///                                            fileText: try String(contentsOf: url), sharesRepository: true)
/// let session = try document.makeSession(fileName: url.path, columns: 80, rows: 24, writer: writer)
/// // ... drive the session; call session.show(try document.idle()) between events ...
/// try document.close()
/// ```
public final class PersistentDocument: EditorSessionObserver {
    /// When to store and merge.
    public struct Options: Sendable, Equatable {
        /// Snapshot once this many edits are journaled and typing pauses.
        public var snapshotInterval: Int
        /// When sharing: the longest edits wait before other processes can see them.
        public var publishInterval: Duration
        /// Merge through main after every burst of edits (a pause this long ends a burst),
        /// when ``autoMerge`` is on.
        public var burstPause: Duration
        /// Merge this process's forks through main after every burst of edits.
        public var autoMerge: Bool
        /// How long to wait before storing again after the disk failed; doubled after each
        /// further failure, up to 30 seconds.
        public var retryDelay: Duration
        /// While typing goes on, store at least this often; the version in the history is
        /// recorded at the next pause (``burstPause``), so typing never waits for one.
        public var historyInterval: Duration
        /// When sharing: the fork the read-only pane always shows (with `--sync`, the server's
        /// version); `nil` shows the other fork changed most recently.
        public var shownFork: Fork?
        /// A file of at least this many bytes has its state directory made at the first idle
        /// moment after opening (while its first screen is read) instead of at its first edit,
        /// which would otherwise wait for a copy of the whole text to reach the disk. Closing
        /// without edits removes the directory again.
        public var earlyStoreSize: Int

        /// Creates options.
        public init(
            snapshotInterval: Int = 1000, publishInterval: Duration = .milliseconds(250),
            burstPause: Duration = .milliseconds(300), autoMerge: Bool = false, retryDelay: Duration = .seconds(1),
            historyInterval: Duration = .seconds(5), shownFork: Fork? = nil, earlyStoreSize: Int = 1 << 20
        ) {
            self.historyInterval = historyInterval
            self.earlyStoreSize = earlyStoreSize
            self.shownFork = shownFork
            self.snapshotInterval = max(1, snapshotInterval)
            self.publishInterval = publishInterval
            self.burstPause = burstPause
            self.autoMerge = autoMerge
            self.retryDelay = retryDelay
        }
    }

    /// Where the state lives: beside the file last saved to (see ``move(to:savedText:)``).
    public internal(set) var layout: ForkedDirectoryLayout
    /// The repository on disk, shared with every process editing the file; `nil` until the
    /// first edit makes the state directory.
    public internal(set) var repository: FileRepository<TextDocument>?
    /// The in-memory copy the editor session runs on.
    public let resource: TextDocumentResource
    /// The forks this process edits; other forks are only shown.
    public let ownForks: [Fork]
    /// Whether other processes may edit other forks at the same time (`--fork`).
    public let sharesRepository: Bool
    /// The file's line breaks, for saving.
    public let lineEndings: LineEndings
    /// What opening found.
    public let report: OpenReport
    /// When to store and merge.
    public var options: Options
    /// Who made the changes to main that reach this process from elsewhere (a sync exchange
    /// merging another device's version into the repository), asked when main's next version is
    /// recorded in the history without this process having merged it: its answer is that
    /// version's origin, where it would otherwise say `main`. `nil`, or a `nil` answer: `main`.
    public var originOfChangesFromElsewhere: (() -> String?)?
    /// The file's text as last opened or saved.
    public internal(set) var lastSavedText: String

    let memory: InMemoryRepository<TextDocument>
    /// Held while the document is open: the own forks' ownership locks.
    var ownership: [FileLock]
    /// The journals of ``ownForks`` and the edits they hold since the last store.
    var journals = ForkJournals()
    /// What the repository named when this process last synchronized with it (``StateStamp``).
    var syncedStamp: StateStamp
    /// The clock the schedule's readings come from (it keeps no state of its own).
    var clock: ContinuousClock { ContinuousClock() }
    /// When to store, publish, merge and record versions, and the last failure to store.
    var schedule: StoreSchedule
    var isClosed = false
    /// The history of versions, once opened, and why it could not be written, once it could not.
    var historyKeeping = HistoryKeeping()
    /// A message for the status line, handed over in the next ``idle()`` report.
    var pendingNotice: String?
    /// While nothing is stored: the document as it was before its next edit, which the first
    /// edit stores so that the edit itself is journaled like every later one.
    var unstoredState: ForkedState<TextDocument>?

    /// Opens a document on `state`: stored in `storage` when the state directory exists,
    /// else in memory until the first edit.
    init(
        layout: ForkedDirectoryLayout, state: ForkedState<TextDocument>, storage: Storage?, ownForks: [Fork],
        sharesRepository: Bool, lineEndings: LineEndings, report: OpenReport, lastSavedText: String, options: Options
    ) throws {
        self.ownership = storage?.ownership ?? []
        self.layout = layout
        self.repository = storage?.repository
        self.ownForks = ownForks
        self.sharesRepository = sharesRepository
        self.lineEndings = lineEndings
        self.report = report
        self.lastSavedText = lastSavedText
        self.options = options
        memory = InMemoryRepository(state: state)
        resource = try TextDocumentResource(repository: AnyRepository(memory))
        syncedStamp = state.stamp
        // Edits recovered from the last run (or made without auto-merge) merge like a burst
        // just typed: they are not left waiting for the next keystroke.
        let resource = resource
        schedule = StoreSchedule(
            at: ContinuousClock.now, editedSinceMerge: try options.autoMerge && ownForks.contains { try resource.status(of: $0) != .inSync }
        )
        if storage != nil {
            try startJournals(at: state)
        } else {
            unstoredState = state
        }
    }

    /// What a stored document holds on disk while it is open.
    struct Storage {
        var repository: FileRepository<TextDocument>
        var ownership: [FileLock]
    }

    func startJournals(at state: ForkedState<TextDocument>) throws {
        try journals.start(ownForks, in: layout, at: state)
    }

    /// Whether the state directory exists (it is made at the first edit).
    public var isStored: Bool { repository != nil }

    /// Makes the state directory and stores the document as it was before its first edit, so
    /// that edit and every later one are journaled. Does nothing when it is already stored.
    func store() throws {
        guard repository == nil else { return }
        let state = unstoredState ?? memory.snapshot
        try Self.makeDirectories(layout)
        let storage = try Self.makeStorage(layout, holding: state, savedText: lastSavedText, ownForks: ownForks)
        repository = storage.repository
        ownership = storage.ownership
        syncedStamp = state.stamp
        unstoredState = nil
        try startJournals(at: state)
    }

    /// Claims `ownForks` in `layout`'s new directory and stores `state` and `savedText` there,
    /// under the open lock. Throws when another editor of the file stored a state there first.
    static func makeStorage(
        _ layout: ForkedDirectoryLayout, holding state: ForkedState<TextDocument>, savedText: String, ownForks: [Fork]
    ) throws -> Storage {
        try FileLock.withLock(on: layout.openLock) { () throws -> Storage in
            let storage = try openStorage(layout, ownForks: ownForks)
            try storage.repository.withState { stored in
                // Another editor of this file may have made the directory first.
                guard stored == ForkedState() else {
                    throw PersistenceError.fileSystem(
                        path: layout.directory.path, reason: "another forked-edit started keeping this file's state")
                }
                stored = state
            }
            try AtomicFile.write(savedText.utf8, to: layout.savedText)
            return storage
        }
    }

    deinit {
        journals.stop()
    }

    /// How many edits wait in journals for the next snapshot.
    public var pendingEditCount: Int { journals.pendingEditCount }

    // MARK: Synchronizing with the repository

    /// Stores this process's journaled edits in the repository, takes in everything other
    /// processes stored, runs `body` (a merge on ``resource``) while the repository is locked
    /// and current, stores its result, and restarts the journals on the new versions.
    ///
    /// The repository is written before any journal is reset: a crash in between leaves
    /// journals whose header names a version the repository has moved past, which opening
    /// then skips instead of applying twice.
    public func synchronize(_ body: () throws -> Void = {}) throws {
        try synchronize(merging: false, body)
    }

    /// ``synchronize(_:)``; `merging` says `body` merges, which the history records as a merge.
    /// A store made while typing goes on (`recordingHistory` false) leaves the version for the
    /// next pause.
    func synchronize(merging: Bool, recordingHistory: Bool = true, _ body: () throws -> Void) throws {
        guard let repository else {
            // Nothing is stored yet: the memory copy is all there is.
            try body()
            unstoredState = memory.snapshot
            return
        }
        let overlays = try journals.overlays(from: resource)
        let state = try repository.withState { stored -> ForkedState<TextDocument> in
            let current = stored.committing(overlays)
            try memory.withState { $0 = current }
            try body()
            let result = memory.snapshot
            stored = result
            return result
        }
        journals.noteStored()
        syncedStamp = state.stamp
        for fork in ownForks { try journals.restart(fork, at: state.version(of: fork), in: layout) }
        let recording = recordingHistory || merging
        if recording { recordHistory(merged: merging) }
        schedule.noteStored(at: clock.now, recordedVersion: recording)
    }

    /// Whether another process changed the repository since this one last synchronized:
    /// one lock and a `stat` of the repository's log (reading only what was appended since).
    public func repositoryChangedElsewhere() throws -> Bool {
        try repository?.withState { $0.stamp } ?? syncedStamp != syncedStamp
    }

    /// Writes every queued journal record and waits for it to be on disk.
    public func flushJournals() throws {
        try journals.flush()
    }

    /// Snapshots, then stops the journal writers. The document cannot be used afterwards.
    ///
    /// - Throws: When the snapshot cannot be stored; the journals are flushed first, so what was
    ///   typed is recovered when the file is opened again.
    public func close() throws {
        guard !isClosed else { return }
        do {
            try synchronize()
        } catch {
            try? flushJournals()
            throw PersistenceError.fileSystem(
                path: layout.directory.path,
                reason: "could not store the last edits (\(error)); those journaled come back when the file is opened again")
        }
        let redundant = try removeOwnForksWithNothingOfTheirOwn()
        journals.stop()
        for fork in redundant {
            try? FileManager.default.removeItem(at: layout.journal(of: fork))
        }
        try removeIfItHoldsNothingBeyondTheFile()
        ownership.removeAll()
        isClosed = true
    }

    /// Deletes this process's forks that hold nothing of their own (in sync with main, or only
    /// behind it) where other forks keep the state directory: they would otherwise be listed
    /// by `forked-edit forks` long after, and opening again makes them afresh from main.
    /// Returns the forks deleted (their journals are removed once the writers stop).
    private func removeOwnForksWithNothingOfTheirOwn() throws -> [Fork] {
        guard repository != nil else { return [] }
        let others = try resource.currentForks().filter { $0 != .main && !ownForks.contains($0) }
        guard !others.isEmpty else { return [] }
        let redundant = try ownForks.filter { fork in
            guard try resource.has(fork) else { return false }
            switch try resource.status(of: fork) {
            case .inSync, .behind: return true
            case .ahead, .diverged: return false
            }
        }
        guard !redundant.isEmpty else { return [] }
        try synchronize { for fork in redundant { try resource.delete(fork) } }
        return redundant
    }

    /// Removes the state directory when it holds nothing the file does not: only this
    /// process's forks, each with main's text, main as last saved, and the file on disk as saved.
    /// Checked and removed under the open lock, so no other editor opens it half-way.
    private func removeIfItHoldsNothingBeyondTheFile() throws {
        guard let repository, !sharesRepository else { return }
        let openLock = try FileLock.acquire(layout.openLock)
        try withExtendedLifetime(openLock) {
            let state = try repository.withState { $0 }
            let main = state.document(of: .main)?.text ?? ""
            guard main == lastSavedText, Set(state.forks.keys).isSubset(of: Set(ownForks)),
                  try state.forks.keys.allSatisfy({ try resource.value(in: $0)?.text ?? "" == main })
            else { return }
            if let data = FileManager.default.contents(atPath: layout.file.path) {
                guard String(validating: data, as: UTF8.self).map({ LineEndings.normalize($0).text }) == main else { return }
            } else {
                guard main.isEmpty else { return }
            }
            guard historyHoldsEarlierVersions() else {
                try? FileManager.default.removeItem(at: layout.directory)
                return
            }
            // Earlier versions stay browsable; everything else is what the file holds.
            for item in layout.editingState { try? FileManager.default.removeItem(at: item) }
            openLock.removeFile()
        }
    }

    // MARK: EditorSessionObserver

    /// Queues the edit in its fork's journal; the keystroke does not wait for the disk.
    /// Throws when the first edit could not make the state directory (the edit stays in memory
    /// and storing is retried).
    public func editorSession(_ session: EditorSession, didApply edit: DocumentEdit) throws {
        var failure: (any Error)?
        if repository == nil, schedule.failure == nil {
            // The first edit makes the state directory.
            do {
                try store()
            } catch {
                schedule.noteFailure("\(error)", at: clock.now, retryDelay: options.retryDelay)
                failure = error
            }
        }
        let journaled = journals.append(edit)
        schedule.noteEdit(at: clock.now)
        if !journaled, let failure { throw failure }
    }

    /// Runs the merge inside ``synchronize(_:)``, so it merges with what every process stored
    /// and its result is stored at once.
    public func editorSession(_ session: EditorSession, performMerge merge: () throws -> Void) throws {
        // The forks' own versions go into the history first, so the merge's version follows them.
        recordHistory()
        try synchronize(merging: true, merge)
        schedule.noteMerged()
    }

    /// Remembers the saved text, to tell later changes made outside the editor. A save to
    /// another file (Save As) moves the editing state there (``move(to:savedText:)``).
    public func editorSession(_ session: EditorSession, didSave text: String, toFile path: String) throws {
        let file = URL(fileURLWithPath: path)
        if ForkedDirectoryLayout(file: file) != layout {
            try move(to: file, savedText: text)
            return
        }
        lastSavedText = text
        guard isStored else { return }
        try AtomicFile.write(text.utf8, to: layout.savedText)
    }
}
