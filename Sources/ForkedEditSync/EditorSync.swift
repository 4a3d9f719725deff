import Forked
import ForkedHistory
import ForkedEditCore
import ForkedEditPersistence
import ForkedPostgres
import Foundation
import Logging

/// `forked-edit FILE --sync URL`: this device's fork of FILE, shared with other devices through
/// a document on a PostgreSQL server.
///
/// The exchange runs on the file's stored repository (the one `--fork` shares between
/// processes): the server's version lives there in the fork ``PostgresExchange/serverFork``,
/// which the right pane shows read-only, and main is what this device publishes. The editor's
/// own writes to the repository do not pass through the exchange's resource, so every idle
/// turn tells the exchange to compare main with the server fork.
public final class EditorSync {
    /// The exchange syncing the file's repository with the server's document.
    public let exchange: PostgresExchange<FileRepository<TextDocument>>
    private var shownConnection: SyncStatus.Connection?
    /// Whether the session was told where main goes when it merges (once).
    private var toldPublishing = false
    /// Merges that kept both versions of something, this editor's and its peers'.
    private var keptConflicts = KeptConflictReports()

    /// The settings from `--sync URL`, or from `FORKED_EDIT_SYNC` when the flag is absent; `nil`
    /// when neither asks for sync.
    public static func settings(url: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> PostgresSettings? {
        guard let url = url ?? environment["FORKED_EDIT_SYNC"].flatMap({ $0.isEmpty ? nil : $0 }) else { return nil }
        do {
            return try PostgresSettings(url: url, environment: environment)
        } catch {
            throw EditorSyncFailure("\(error)")
        }
    }

    /// Checks the server before the screen changes: a refused login or a missing database stops
    /// the editor with one line; an unreachable server only leaves a notice, the editor starting offline.
    public static func check(_ settings: PostgresSettings) throws -> String? {
        do {
            try waitFor { try await settings.checkConnection(timeout: .seconds(3)) }
            return nil
        } catch let error as PostgresSyncError where error.isTransient {
            return "Offline: \(error). Edits are kept and synced when the server is back"
        } catch {
            throw EditorSyncFailure("\(error)")
        }
    }

    /// The largest document taken from the server unless `--sync-limit` says otherwise.
    public static var defaultMaximumDocumentBytes: Int { PostgresExchange<FileRepository<TextDocument>>.Options().maximumDocumentBytes }

    /// The fork holding the document as the server has it, shown in the right pane.
    public static let serverFork = PostgresExchange<FileRepository<TextDocument>>.serverFork

    /// The fork this device edits when `--fork` names none.
    public static let deviceFork = "this-device"

    /// Starts syncing `persistent`'s repository with the server's document `document`.
    public init(
        persistent: PersistentDocument?, document: String?, settings: PostgresSettings,
        documentNamed: Bool = true, historyScope: HistoryUploadScope = .published(),
        maximumDocumentBytes: Int = EditorSync.defaultMaximumDocumentBytes
    ) throws {
        guard let persistent, let repository = persistent.repository, let document else {
            throw EditorSyncFailure("--sync needs a FILE and its stored state")
        }
        // One exchange per file on this machine: two would publish each other's uploads as their own.
        do {
            try persistent.claim(Self.serverFork)
        } catch PersistenceError.forkInUse {
            throw EditorSyncFailure("\(persistent.layout.file.path) is already synced by another forked-edit on this machine; quit it first")
        }
        // The exchange's own pacing (uploads and receiving at once unless busy).
        var options = PostgresExchange<FileRepository<TextDocument>>.Options()
        options.pollInterval = .seconds(30)
        options.maximumDocumentBytes = maximumDocumentBytes
        // Diagnostics would draw over the screen: the status line says what matters.
        let logger = Logger(label: "forked-edit.sync", factory: { _ in SwiftLogNoOpLogHandler() })
        userName = Self.userName(settings: settings)
        exchange = try PostgresExchange(
            resource: ForkedResource(repository: repository), document: document, settings: settings,
            stateDirectory: persistent.layout.directory.appendingPathComponent("sync", isDirectory: true),
            options: options, logger: logger
        )
        // The versions this device publishes go up too (drafts only with --sync-drafts), the ones
        // made offline when it is back.
        exchange.uploadsHistory(from: try FileCommitStore(directory: persistent.layout.history), scope: historyScope)
        // F4's history names who made the versions merged in from the server, not `main`.
        let exchange = exchange
        persistent.originOfChangesFromElsewhere = { Self.historyOrigin(device: exchange.status.lastRemoteDevice, peers: exchange.peers) }
        // A document not shared with this login stops the editor before the screen changes; one
        // shared read-only opens read-only (``idle(session:autoMerged:)``). Offline, the exchange
        // asks when it connects.
        let access: DocumentAccess
        do {
            access = try Self.waitFor { try await DocumentSharing(settings: settings, document: document, connectTimeout: .seconds(3)).access() }
        } catch let error as PostgresSyncError where !error.isTransient {
            throw EditorSyncFailure("\(error)")
        } catch {
            access = .new
        }
        if access == .none {
            throw EditorSyncFailure("\(PostgresSyncError.noAccess(server: settings.description, detail: "document '\(document)'"))")
        }
        // A file named like another file's document (two `plan.txt`s) must not silently become
        // one with it: joining a document it is not a copy of takes an explicit --document.
        // Checked only when the server answers; offline, the join happens when it is back.
        if !documentNamed, try !(persistent.resource.value(in: .main)?.text.isEmpty ?? true),
           (try? Self.waitFor({ try await exchange.joinsUnrelatedDocument() })) == true {
            throw EditorSyncFailure(
                "'\(document)' on the server is another file's document, and \(persistent.layout.file.lastPathComponent) is not a copy of it; "
                    + "to merge the two, run again with --document '\(document)'; to keep them apart, choose another name with --document NAME"
            )
        }
        // The editor's copy learns of the server fork now, so the right pane shows it from the start.
        try persistent.synchronize()
        exchange.start()
    }

    /// Between input events: lets the exchange see this process's changes to main, and shows the
    /// connection's state: on the status line while it is not connected (keys do not clear
    /// it), in the server pane's title always, once as a message when it connects. Returns
    /// whether the screen changed.
    ///
    /// `autoMerged`: where this turn's automatic merge of this device's fork with main kept
    /// both versions (``StoreReport/keptConflicts``), for the other editors to hear of.
    public func idle(session: EditorSession, autoMerged: [KeptConflict] = []) -> Bool {
        // Read first: noting changes marks main pending until the exchange has compared it with
        // the server's version, which it does at once, so this turn shows its last answer.
        let status = exchange.status
        exchange.noteLocalChanges()
        var changed = exchangeCursors(session: session)
        changed = reportKeptConflicts(status, autoMerged: autoMerged, session: session) || changed
        if !toldPublishing {
            toldPublishing = true
            session.report(.mainPublishing { [exchange] mainChanged in Self.publishingNote(exchange.status, mainChanged: mainChanged) })
        }
        let readOnly = status.access == .readOnly
            ? "'\(exchange.document)' is shared with this login read-only: it can be read here, not edited"
            : nil
        changed = session.report(.documentReadOnly(reason: readOnly)) || changed
        changed = session.report(.forkState(fork: Self.serverFork.name, note: Self.serverPaneNote(status))) || changed
        changed = session.report(.standing(Self.standingNotice(status, document: exchange.document))) || changed
        if status.connection != shownConnection {
            shownConnection = status.connection
            if status.connection == .connected {
                // Another message (such as the edits recovered at start) stays, this one after it.
                let text = "Sync: connected, '\(exchange.document)' shared live (F5 merges and publishes)"
                changed = session.report(.messageAfterCurrent(text)) || changed
            }
        }
        return changed
    }

    /// Tells the other devices where this device's cursor is, and shows theirs in the shared
    /// document's pane; returns whether theirs moved.
    private func exchangeCursors(session: EditorSession) -> Bool {
        if let own = session.panes.first {
            let note = keptConflicts.presenceNote(stillMarked: !own.state.conflictLines.isEmpty)
            exchange.sharePresence(PeerCursor(name: userName, position: own.state.cursor, keptConflicts: note).presence)
        }
        let serverFork = Self.serverFork.name
        let peers = exchange.peers.compactMap { PeerCursor(presence: $0.value) }
        guard (session.peerCursors[serverFork] ?? []) != peers else { return false }
        session.peerCursors[serverFork] = peers
        return true
    }

    /// Says where a merge of the shared document, this editor's or a peer's, kept both versions
    /// of something, and marks those lines once a pane holds the merged text; returns whether
    /// the screen changed.
    private func reportKeptConflicts(_ status: SyncStatus, autoMerged: [KeptConflict], session: EditorSession) -> Bool {
        let peers = session.peerCursors[Self.serverFork.name] ?? []
        var changed = false
        // The peers' list is filtered and sorted under the exchange's lock: read for a message only.
        if let message = keptConflicts.update(
            status: status, autoMerged: autoMerged, peers: peers,
            mergedFrom: Self.historyOrigin(device: status.lastRemoteDevice, peers: exchange.peers)
        ) {
            changed = session.report(.message(message)) || changed
        }
        guard keptConflicts.pendingMarks != nil else { return changed }
        let main = try? exchange.resource.value(in: .main)?.text
        return keptConflicts.applyPendingMarks(mainText: main) { session.markKeptConflicts($0, inPanesHolding: $1) } || changed
    }

    /// How this editor names its user to the others: the login name, else the server's user
    /// from the URL (or `PGUSER`).
    public let userName: String

    /// The name `settings` and the environment give this editor's user (see ``userName``).
    public static func userName(settings: PostgresSettings, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        environment["USER"].flatMap { $0.isEmpty ? nil : $0 } ?? settings.user
    }

    /// Stops syncing; what was not uploaded goes up at the next start.
    public func stop() {
        let exchange = exchange
        try? Self.waitFor { await exchange.stop() }
    }
}

extension EditorSync {
    /// The document a file is synced as when `--document` names none: its owner's login and the
    /// file's name (`alice/plan.txt`), the only names a login may publish new documents under;
    /// or the bare file name for a file that was synced under it before owners were kept.
    public static func documentName(forFile file: URL, settings: PostgresSettings) -> String {
        let stateDirectory = ForkedDirectoryLayout(file: file).directory.appendingPathComponent("sync", isDirectory: true)
        let legacy = file.lastPathComponent
        if PostgresExchange<FileRepository<TextDocument>>.hasState(in: stateDirectory, settings: settings, document: legacy) {
            return legacy
        }
        return settings.user + "/" + file.lastPathComponent
    }
}
