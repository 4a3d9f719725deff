import Forked
import ForkedEditCore
import Foundation

extension PersistentDocument {
    /// Opens (creating when needed) the stored state of `file`.
    ///
    /// Opening replays each own fork's journal whose header names the fork's current version
    /// (a journal naming an older version is already in the repository), then, if the file's
    /// text differs from what was last opened or saved, merges that change into main
    /// (`update(.main, ...)` with a three-way merge against main's own unsaved merges) and
    /// from main into the own forks.
    ///
    /// - Parameters:
    ///   - file: The edited file.
    ///   - ownForks: The forks this process edits, created in sync with main when missing.
    ///   - fileText: The file's current text, or `nil` when it does not exist.
    ///   - sharesRepository: Whether other processes edit other forks at the same time.
    ///   - options: When to store and merge.
    /// - Throws: ``PersistenceError/corruptState(directory:reason:)`` when the stored state is
    ///   damaged (see ``moveAside(_:)``), ``PersistenceError/fileSystem(path:reason:)`` when it
    ///   cannot be read or written.
    public static func open(
        file: URL, ownForks: [Fork], fileText: String?, sharesRepository: Bool = false, options: Options = Options()
    ) throws -> PersistentDocument {
        let layout = ForkedDirectoryLayout(file: file)
        let madePrivate = try layout.verifyOwnership()
        let normalized = fileText.map(LineEndings.normalize)
        let lineEndings = normalized?.lineEndings ?? .unix
        // A directory holding only history has no editing state: it starts afresh at the first edit.
        let stateExists = FileManager.default.fileExists(atPath: layout.repository.path)
        if !stateExists && !sharesRepository {
            // Nothing is written until the first edit. A directory that could not be made then
            // is reported now, while the user can still choose not to edit.
            var isDirectory: ObjCBool = false
            let occupied = FileManager.default.fileExists(atPath: layout.directory.path, isDirectory: &isDirectory)
            guard !occupied || isDirectory.boolValue else {
                throw PersistenceError.fileSystem(path: layout.directory.path, reason: "cannot create: a file is in the way")
            }
            guard AtomicFile.isWritable(layout.directory.path) else {
                let parent = layout.directory.deletingLastPathComponent().path
                let reason = FileManager.default.fileExists(atPath: parent) ? "permission denied" : "\(parent) does not exist"
                throw PersistenceError.fileSystem(path: layout.directory.path, reason: "cannot create: \(reason)")
            }
            let text = normalized?.text ?? ""
            return try PersistentDocument(
                layout: layout, state: try Self.newState(text: text, forks: ownForks), storage: nil, ownForks: ownForks,
                sharesRepository: false, lineEndings: lineEndings, report: OpenReport(madePrivate: madePrivate), lastSavedText: text,
                options: options
            )
        }
        try makeDirectories(layout)
        let openLock: FileLock
        do {
            openLock = try FileLock.acquire(layout.openLock)
        } catch {
            // An editor closing the same file may have removed the whole directory, as redundant,
            // while this one waited for the lock: made again, it is this editor's to fill.
            try makeDirectories(layout)
            openLock = try FileLock.acquire(layout.openLock)
        }
        let storage = try openStorage(layout, ownForks: ownForks)
        let shared = try ForkedResource(repository: storage.repository)
        var report = OpenReport(madePrivate: madePrivate)

        let isNew = try storage.repository.withState { $0 == ForkedState() }
        if isNew {
            report.createdRepository = true
            try shared.update(.main, with: TextDocument(text: normalized?.text ?? ""))
            try AtomicFile.write((normalized?.text ?? "").utf8, to: layout.savedText)
        }
        for fork in ownForks where try !shared.has(fork) {
            try shared.create(fork)
        }
        try replayJournals(of: ownForks, layout: layout, into: storage.repository, report: &report)

        var lastSaved = try readSavedText(layout) ?? shared.value(in: .main)?.text ?? ""
        if let disk = normalized?.text, disk != lastSaved {
            try OutsideChange.merge(disk, lastSeen: lastSaved, into: shared, forks: ownForks)
            try AtomicFile.write(disk.utf8, to: layout.savedText)
            lastSaved = disk
            report.mergedExternalChange = true
        }
        let document = try PersistentDocument(
            layout: layout, state: try storage.repository.withState { $0 }, storage: storage, ownForks: ownForks,
            sharesRepository: sharesRepository, lineEndings: lineEndings, report: report, lastSavedText: lastSaved,
            options: options
        )
        withExtendedLifetime(openLock) {}
        return document
    }

    /// The state of a file never edited forked: main holds its text, each fork in sync.
    private static func newState(text: String, forks: [Fork]) throws -> ForkedState<TextDocument> {
        let memory = InMemoryRepository<TextDocument>()
        let resource = try ForkedResource(repository: memory)
        try resource.update(.main, with: TextDocument(text: text))
        for fork in forks { try resource.create(fork) }
        return memory.snapshot
    }

    static func makeDirectories(_ layout: ForkedDirectoryLayout) throws {
        do {
            try PrivateFiles.createDirectory(at: layout.journals)
        } catch ForkedError.fileSystem(_, let reason) {
            throw PersistenceError.fileSystem(path: layout.directory.path, reason: reason)
        }
    }

    /// How long a fork's lock may stay held before the fork counts as being edited elsewhere:
    /// an editor that closes a fork and at once reopens it can find it briefly taken (see
    /// ``FileLock/acquireIfFree(_:waitingAtMost:)``).
    static let ownershipPatience = Duration.milliseconds(500)

    /// Claims this process's forks, then opens the repository. The caller holds the open lock.
    static func openStorage(_ layout: ForkedDirectoryLayout, ownForks: [Fork]) throws -> Storage {
        // Claimed before anything is read, so a second editor of the same fork stops here
        // instead of writing the same journal.
        let ownership = try ownForks.map { fork in
            guard let lock = try FileLock.acquireIfFree(layout.ownershipLock(of: fork), waitingAtMost: ownershipPatience) else {
                throw PersistenceError.forkInUse(fork: fork.name, file: layout.file.path)
            }
            return lock
        }
        do {
            let repository = try FileRepository<TextDocument>(directory: layout.repository)
            _ = try StateIdentity.ensure(in: layout)
            return Storage(repository: repository, ownership: ownership)
        } catch let ForkedError.corruptRepository(path, reason) {
            throw PersistenceError.corruptState(directory: layout.directory.path, reason: "\(path): \(reason)")
        }
    }

    /// Renames a damaged state directory to `<name>.corrupt-<timestamp>` beside it, so the
    /// file can be opened fresh while nothing stored is lost. Returns the new location.
    @discardableResult
    public static func moveAside(_ layout: ForkedDirectoryLayout) throws -> URL {
        let target = asideLocation(for: layout)
        do {
            try FileManager.default.moveItem(at: layout.directory, to: target)
        } catch {
            throw PersistenceError.fileSystem(path: layout.directory.path, reason: "cannot move aside: \(error.localizedDescription)")
        }
        return target
    }

    /// A new `<name>.corrupt-<timestamp>` path beside the state directory (``ForkedDirectoryLayout/asideLocation()``).
    static func asideLocation(for layout: ForkedDirectoryLayout) -> URL {
        layout.asideLocation()
    }

    /// Copies the damaged journal of `fork` into a new directory beside the state, before the
    /// journal is restarted, and returns that directory's name.
    private static func keepAside(journalOf fork: Fork, _ layout: ForkedDirectoryLayout) throws -> String {
        let target = asideLocation(for: layout).appendingPathComponent("journals", isDirectory: true)
        let journal = layout.journal(of: fork)
        do {
            try PrivateFiles.createDirectory(at: target)
            try FileManager.default.copyItem(at: journal, to: target.appendingPathComponent(journal.lastPathComponent))
        } catch {
            throw PersistenceError.fileSystem(path: journal.path, reason: "cannot keep the damaged journal aside: \(error)")
        }
        return target.deletingLastPathComponent().lastPathComponent
    }

    /// Applies each fork's journal when it follows the fork's current version, committing all
    /// of them in one transaction, in the order the edits were made.
    private static func replayJournals(
        of forks: [Fork], layout: ForkedDirectoryLayout, into repository: FileRepository<TextDocument>,
        report: inout OpenReport
    ) throws {
        let state = try repository.withState { $0 }
        var overlays: [ForkOverlay] = []
        for fork in forks {
            guard let journal = try JournalContents.read(layout.journal(of: fork)) else { continue }
            report.droppedJournalBytes += journal.droppedBytes
            guard journal.fork == fork else {
                throw PersistenceError.corruptState(
                    directory: layout.directory.path,
                    reason: "journal \(layout.journal(of: fork).lastPathComponent) belongs to fork '\(journal.fork.name)'"
                )
            }
            if let written = journal.stateID, written != StateIdentity.read(layout) {
                // Written for another state directory (copied or planted here): its edits belong
                // to another file's forks and are never applied to these.
                report.foreignJournals.append(.init(
                    fork: fork.name, edits: journal.edits.count + journal.unreadableEdits, keptAt: try keepAside(journalOf: fork, layout)
                ))
                continue
            }
            if journal.baseVersion > state.version(of: fork) {
                // The journal follows a version the repository no longer has (its last records
                // were damaged or cut off): its edits cannot be applied to anything, and the
                // fork is back at an older version. Said even when the journal holds no edits:
                // the repository is written before a journal restarts on its version, so only
                // damage gets here, and the fork's latest version is lost with it.
                report.unrecovered.append(.init(
                    fork: fork.name, edits: journal.edits.count + journal.unreadableEdits, keptAt: try keepAside(journalOf: fork, layout)
                ))
                continue
            }
            if journal.unreadableEdits > 0 {
                report.unrecovered.append(.init(fork: fork.name, edits: journal.unreadableEdits, keptAt: try keepAside(journalOf: fork, layout)))
            }
            guard let last = journal.edits.last else { continue }
            guard journal.baseVersion == state.version(of: fork) else {
                report.skippedJournals.append(fork.name)
                continue
            }
            let base = state.document(of: fork)
            let document: TextDocument
            do {
                document = try journal.applied(to: base ?? TextDocument(text: ""))
            } catch {
                throw PersistenceError.corruptState(
                    directory: layout.directory.path, reason: "journal of '\(fork.name)' does not fit its fork: \(error)"
                )
            }
            overlays.append(ForkOverlay(fork: fork, document: document, editCount: journal.edits.count, lastEdit: last.version))
            report.replayedEdits[fork.name] = journal.edits.count
        }
        guard !overlays.isEmpty else { return }
        // Journals are restarted on the new versions when the document opens; until then a
        // crash leaves them naming the old versions, so they are skipped next time.
        try repository.withState { $0 = $0.committing(overlays) }
    }

    private static func readSavedText(_ layout: ForkedDirectoryLayout) throws -> String? {
        let data: Data
        do {
            data = try Data(contentsOf: layout.savedText)
        } catch CocoaError.fileReadNoSuchFile {
            return nil
        } catch {
            throw PersistenceError.fileSystem(path: layout.savedText.path, reason: error.localizedDescription)
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw PersistenceError.corruptState(directory: layout.directory.path, reason: "saved.txt is not valid UTF-8")
        }
        return text
    }
}
