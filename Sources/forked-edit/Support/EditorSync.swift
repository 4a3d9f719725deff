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
final class EditorSync {
    let exchange: PostgresExchange<FileRepository<TextDocument>>
    private var shownConnection: String?

    /// The settings from `--sync URL`, or from `FORKED_EDIT_SYNC` when the flag is absent; `nil`
    /// when neither asks for sync.
    static func settings(url: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> PostgresSettings? {
        guard let url = url ?? environment["FORKED_EDIT_SYNC"].flatMap({ $0.isEmpty ? nil : $0 }) else { return nil }
        do {
            return try PostgresSettings(url: url, environment: environment)
        } catch {
            throw CommandFailure("\(error)")
        }
    }

    /// Checks the server before the screen changes: a refused login or a missing database stops
    /// the editor with one line; an unreachable server only leaves a notice, the editor starting offline.
    static func check(_ settings: PostgresSettings) throws -> String? {
        do {
            try waitFor { try await settings.checkConnection(timeout: .seconds(3)) }
            return nil
        } catch let error as PostgresSyncError where error.isTransient {
            return "Offline: \(error). Edits are kept and synced when the server is back"
        } catch {
            throw CommandFailure("\(error)")
        }
    }

    /// The fork holding the document as the server has it, shown in the right pane.
    static let serverFork = PostgresExchange<FileRepository<TextDocument>>.serverFork

    /// The fork this device edits when `--fork` names none.
    static let deviceFork = "this-device"

    /// Starts syncing `persistent`'s repository with the server's document `document`.
    init(persistent: PersistentDocument?, document: String?, settings: PostgresSettings) throws {
        guard let persistent, let repository = persistent.repository, let document else {
            throw CommandFailure("--sync needs a FILE and its stored state")
        }
        var options = PostgresExchange<FileRepository<TextDocument>>.Options()
        options.uploadDelay = .milliseconds(150)
        options.pollInterval = .seconds(30)
        // Diagnostics would draw over the screen: the status line says what matters.
        let logger = Logger(label: "forked-edit.sync", factory: { _ in SwiftLogNoOpLogHandler() })
        exchange = try PostgresExchange(
            resource: ForkedResource(repository: repository), document: document, settings: settings,
            stateDirectory: persistent.layout.directory.appendingPathComponent("sync", isDirectory: true),
            options: options, logger: logger
        )
        // Every version this device records goes up too, the ones made offline when it is back.
        exchange.uploadsHistory(from: try FileCommitStore(directory: persistent.layout.history))
        // The editor's copy learns of the server fork now, so the right pane shows it from the start.
        try persistent.synchronize()
        exchange.start()
    }

    /// Between input events: lets the exchange see this process's changes to main and puts a
    /// change of connection on the status line. Returns whether the screen changed.
    func idle(session: EditorSession) -> Bool {
        exchange.noteLocalChanges()
        let cursorsMoved = exchangeCursors(session: session)
        let status = exchange.status
        let text = Self.describe(status, document: exchange.document)
        guard text != shownConnection else { return cursorsMoved }
        // Another message on the status line (such as the edits recovered at start) stays, the
        // connection's state after it; an earlier state of the connection is replaced.
        let other = session.message.flatMap { message -> String? in
            guard let shown = shownConnection else { return message }
            if message == shown { return nil }
            return message.hasSuffix("  " + shown) ? String(message.dropLast(shown.count + 2)) : message
        }
        shownConnection = text
        session.message = other.map { "\($0)  \(text)" } ?? text
        return true
    }

    /// Tells the other devices where this device's cursor is, and shows theirs in the shared
    /// document's pane; returns whether theirs moved.
    private func exchangeCursors(session: EditorSession) -> Bool {
        if let own = session.panes.first {
            exchange.sharePresence(PeerCursor(name: Self.userName, position: own.state.cursor).presence)
        }
        let serverFork = Self.serverFork.name
        let peers = exchange.peers.compactMap { PeerCursor(presence: $0.value) }
        guard (session.peerCursors[serverFork] ?? []) != peers else { return false }
        session.peerCursors[serverFork] = peers
        return true
    }

    /// How this editor names its user to the others.
    static let userName: String = {
        let environment = ProcessInfo.processInfo.environment
        return environment["USER"].flatMap { $0.isEmpty ? nil : $0 } ?? ProcessInfo.processInfo.hostName
    }()

    /// Stops syncing; what was not uploaded goes up at the next start.
    func stop() {
        let exchange = exchange
        try? Self.waitFor { await exchange.stop() }
    }

    /// The status line's words for the exchange's state.
    static func describe(_ status: SyncStatus, document: String) -> String {
        switch status.connection {
        case .connecting: return "Sync: connecting for '\(document)'"
        case .connected: return "Sync: connected, '\(document)' shared live (F5 merges and publishes)"
        case .offline(let since, let reason):
            let time = since.formatted(date: .omitted, time: .standard)
            return "Sync: offline since \(time), reconnecting (\(reason)); edits are kept"
        case .stopped(let error): return "Sync stopped: \(error)"
        case .closed: return "Sync: closed"
        }
    }

    /// Runs async work from the editor's synchronous loop.
    private static func waitFor<Value: Sendable>(_ body: @escaping @Sendable () async throws -> Value) throws -> Value {
        let outcome = SyncOutcome<Value>()
        let done = DispatchSemaphore(value: 0)
        Task {
            do {
                outcome.set(.success(try await body()))
            } catch {
                outcome.set(.failure(error))
            }
            done.signal()
        }
        done.wait()
        return try outcome.get()
    }
}

/// The result handed from a task to the thread waiting for it.
private final class SyncOutcome<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<Value, any Error>?

    func set(_ result: Result<Value, any Error>) {
        lock.withLock { self.result = result }
    }

    func get() throws -> Value {
        guard let result = lock.withLock({ result }) else { throw CancellationError() }
        return try result.get()
    }
}
