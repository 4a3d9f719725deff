import Forked
import ForkedEditCore
import Foundation

/// A file's forked editing state kept on disk beside it (see ``ForkedDirectoryLayout``), so
/// every keystroke survives a crash and several processes can edit one document, each in
/// its own fork.
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
/// // ... drive the session; call document.idle(session:) between events ...
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

        /// Creates options.
        public init(
            snapshotInterval: Int = 1000, publishInterval: Duration = .milliseconds(250),
            burstPause: Duration = .milliseconds(300), autoMerge: Bool = false, retryDelay: Duration = .seconds(1)
        ) {
            self.snapshotInterval = max(1, snapshotInterval)
            self.publishInterval = publishInterval
            self.burstPause = burstPause
            self.autoMerge = autoMerge
            self.retryDelay = retryDelay
        }
    }

    /// Where the state lives.
    public let layout: ForkedDirectoryLayout
    /// The repository on disk, shared with every process editing the file.
    public let repository: FileRepository<TextDocument>
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
    /// The file's text as last opened or saved.
    public internal(set) var lastSavedText: String

    let memory: InMemoryRepository<TextDocument>
    /// Held while the document is open: the own forks' ownership locks.
    private var ownership: [FileLock]
    let writers: [Fork: JournalWriter]
    /// The version each fork's journal header names.
    var headerVersions: [Fork: Version] = [:]
    /// Edits made since the last snapshot, per fork.
    var pending: [Fork: (count: Int, lastVersion: Version)] = [:]
    /// The repository's clock when this process last synchronized with it.
    var syncedClock: Version
    let clock = ContinuousClock()
    var lastSynchronization: ContinuousClock.Instant
    var lastEdit: ContinuousClock.Instant
    var editedSinceMerge = false
    var isClosed = false
    /// The last failure to store edits, and when to try again.
    var storageFailure: StorageFailure?

    /// A failure to store edits (a full disk, an I/O error), retried with a growing delay.
    struct StorageFailure {
        var reason: String
        var delay: Duration
        var retryAt: ContinuousClock.Instant
    }

    init(
        layout: ForkedDirectoryLayout, repository: FileRepository<TextDocument>, ownForks: [Fork],
        sharesRepository: Bool, lineEndings: LineEndings, report: OpenReport, lastSavedText: String, options: Options,
        ownership: [FileLock]
    ) throws {
        self.ownership = ownership
        self.layout = layout
        self.repository = repository
        self.ownForks = ownForks
        self.sharesRepository = sharesRepository
        self.lineEndings = lineEndings
        self.report = report
        self.lastSavedText = lastSavedText
        self.options = options
        let state = try repository.withState { $0 }
        memory = InMemoryRepository(state: state)
        resource = try TextDocumentResource(repository: AnyRepository(memory))
        syncedClock = state.clock
        var writers: [Fork: JournalWriter] = [:]
        for fork in ownForks {
            writers[fork] = try JournalWriter(url: layout.journal(of: fork))
        }
        self.writers = writers
        lastSynchronization = clock.now
        lastEdit = clock.now
        for fork in ownForks { try restartJournal(of: fork, at: state.version(of: fork)) }
    }

    deinit {
        for writer in writers.values { writer.stop() }
    }

    /// How many edits wait in journals for the next snapshot.
    public var pendingEditCount: Int { pending.values.reduce(0) { $0 + $1.count } }

    // MARK: Synchronizing with the repository

    /// Stores this process's journaled edits in the repository, takes in everything other
    /// processes stored, runs `body` (a merge on ``resource``) while the repository is locked
    /// and current, stores its result, and restarts the journals on the new versions.
    ///
    /// The repository is written before any journal is reset: a crash in between leaves
    /// journals whose header names a version the repository has moved past, which opening
    /// then skips instead of applying twice.
    public func synchronize(_ body: () throws -> Void = {}) throws {
        let overlays = try pending.compactMap { fork, edits -> ForkOverlay? in
            guard edits.count > 0, let document = try resource.resource(of: fork) else { return nil }
            return ForkOverlay(fork: fork, document: document, editCount: edits.count, lastEdit: edits.lastVersion)
        }
        let state = try repository.withState { stored -> ForkedState<TextDocument> in
            let current = stored.committing(overlays)
            try memory.withState { $0 = current }
            try body()
            let result = memory.snapshot
            stored = result
            return result
        }
        pending.removeAll()
        syncedClock = state.clock
        lastSynchronization = clock.now
        for fork in ownForks where headerVersions[fork] != state.version(of: fork) {
            try restartJournal(of: fork, at: state.version(of: fork))
        }
    }

    /// Whether another process changed the repository since this one last synchronized:
    /// one lock and one read of the small manifest.
    public func repositoryChangedElsewhere() throws -> Bool {
        try repository.withState { $0.clock } != syncedClock
    }

    /// Writes every queued journal record and waits for it to be on disk.
    public func flushJournals() throws {
        for writer in writers.values { try writer.flush() }
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
        for writer in writers.values { writer.stop() }
        ownership.removeAll()
        isClosed = true
    }

    func restartJournal(of fork: Fork, at version: Version) throws {
        guard let writer = writers[fork] else { return }
        try writer.reset(header: JournalRecord.header(fork: fork, forkVersion: version).encoded)
        headerVersions[fork] = version
    }

    // MARK: EditorSessionObserver

    /// Queues the edit in its fork's journal; the keystroke does not wait for the disk.
    public func editorSession(_ session: EditorSession, didApply edit: DocumentEdit) {
        guard let writer = writers[edit.fork] else { return }
        writer.enqueue(
            JournalRecord.edit(change: edit.change, cursorUTF8Offset: edit.cursorUTF8Offset, version: edit.version).encoded
        )
        let previous = pending[edit.fork]?.count ?? 0
        pending[edit.fork] = (previous + 1, edit.version)
        lastEdit = clock.now
        editedSinceMerge = true
    }

    /// Runs the merge inside ``synchronize(_:)``, so it merges with what every process stored
    /// and its result is stored at once.
    public func editorSession(_ session: EditorSession, performMerge merge: () throws -> Void) throws {
        try synchronize(merge)
        editedSinceMerge = false
    }

    /// Remembers the saved text, to tell later changes made outside the editor.
    public func editorSession(_ session: EditorSession, didSave text: String, toFile path: String) {
        lastSavedText = text
        do {
            try AtomicFile.write(text.utf8, to: layout.savedText)
        } catch {
            session.message = "Saved, but could not record it in \(layout.directory.lastPathComponent): \(error)"
        }
    }
}
