import Forked
import ForkedEditCore

/// The journals of the forks one process edits, with what each holds: the one owner of the
/// journal writers, the version each journal's header names, and the edits journaled since the
/// last store. ``PersistentDocument`` appends edits and restarts journals through it.
struct ForkJournals {
    private var writers: [Fork: JournalWriter] = [:]
    /// The version each fork's journal header names.
    private var headerVersions: [Fork: Version] = [:]
    /// Edits journaled since the last store, per fork, with the version after the last one.
    private var pending: [Fork: (count: Int, lastVersion: Version)] = [:]

    /// How many edits wait in journals for the next store.
    var pendingEditCount: Int { pending.values.reduce(0) { $0 + $1.count } }

    /// Opens a journal for each of `forks` in `layout`, each starting at its version in `state`.
    mutating func start(_ forks: [Fork], in layout: ForkedDirectoryLayout, at state: ForkedState<TextDocument>) throws {
        for fork in forks {
            writers[fork] = try JournalWriter(url: layout.journal(of: fork))
            try restart(fork, at: state.version(of: fork), in: layout)
        }
    }

    /// Starts `fork`'s journal afresh at `version`, unless its header names that version already.
    mutating func restart(_ fork: Fork, at version: Version, in layout: ForkedDirectoryLayout) throws {
        guard let writer = writers[fork], headerVersions[fork] != version else { return }
        try writer.reset(header: JournalRecord.header(fork: fork, forkVersion: version, stateID: StateIdentity.read(layout)).encoded)
        headerVersions[fork] = version
    }

    /// Queues `edit` in its fork's journal (the keystroke does not wait for the disk); `false`
    /// when the fork has no journal (nothing is stored yet).
    mutating func append(_ edit: DocumentEdit) -> Bool {
        guard let writer = writers[edit.fork] else { return false }
        writer.enqueue(
            JournalRecord.edit(change: edit.change, cursorUTF8Offset: edit.cursorUTF8Offset, version: edit.version).encoded
        )
        pending[edit.fork] = ((pending[edit.fork]?.count ?? 0) + 1, edit.version)
        return true
    }

    /// The forks' documents in `resource` with the edits journaled since the last store, for the
    /// repository to commit.
    func overlays(from resource: TextDocumentResource) throws -> [ForkOverlay] {
        try pending.compactMap { fork, edits -> ForkOverlay? in
            guard edits.count > 0, let document = try resource.resource(of: fork) else { return nil }
            return ForkOverlay(fork: fork, document: document, editCount: edits.count, lastEdit: edits.lastVersion)
        }
    }

    /// Counts the journaled edits stored.
    mutating func noteStored() {
        pending.removeAll()
    }

    /// Writes every queued record and waits for it to be on disk.
    func flush() throws {
        for writer in writers.values { try writer.flush() }
    }

    /// Throws what a writer last failed with (its records stay queued for retry).
    func rethrowFailure() throws {
        for writer in writers.values {
            if let failure = writer.takeFailure() { throw failure }
        }
    }

    /// Stops every writer and forgets the journals (they are not written again).
    mutating func stop() {
        for writer in writers.values { writer.stop() }
        writers.removeAll()
        headerVersions.removeAll()
        pending.removeAll()
    }
}
