import Forked
import ForkedHistory
import ForkedModel
import Foundation
import Logging
import PostgresNIO
import Synchronization

/// Syncs one ``ForkedResource`` with a document in a PostgreSQL database, so that every device
/// running an exchange on the same document ends with the same value, merged like any two forks.
///
/// The exchange keeps the last value known to be on the server in the fork ``serverFork``: it is
/// the common ancestor of every merge with the server. Changes to main are uploaded at once, or
/// gathered while an upload is in flight or for up to ``Options/uploadDelay``; another device's version is
/// written into the server fork and merged into main with the resource's normal three-way
/// merge, so nothing is lost when both changed.
///
/// ```swift
/// let settings = try PostgresSettings(url: "postgres://ann@db.example.org/notes")
/// let exchange = try PostgresExchange(
///     resource: resource, document: "shopping-list", settings: settings, stateDirectory: stateURL
/// )
/// exchange.start()
/// try resource.modify(.main) { list in list?.items.append("milk") }
/// // … other devices' changes arrive in main …
/// await exchange.stop()
/// ```
///
/// The exchange merges other devices' changes into main at any moment, so local edits must
/// never read main and write an edited value back over it with `update(.main, with:)`: a merge
/// made in between would be undone, and the undoing uploaded, losing the other device's changes.
/// Change main with ``ForkedResource/modify(_:_:)`` (redone on the newer value if a merge lands
/// meanwhile; one repository write), or edit a fork of your own and merge it into main with
/// ``ForkedResource/mergeIntoMain(from:)``, as the editor does.
///
/// Each upload is a commit (``PostgresExchange`` documents the tables in the README) made current
/// with `UPDATE … WHERE generation = seen`: when another device got there first, the exchange
/// fetches, merges and retries. `LISTEN`/`NOTIFY` announces new generations; on every connect the
/// exchange listens first, then fetches what is newer, and a slow poll catches anything missed.
/// Nothing is uploaded before a first successful fetch. Connection loss is retried with backoff;
/// the resource goes on working meanwhile. Call ``stop()`` when done: the exchange's tasks keep it alive.
public final class PostgresExchange<RepositoryType: Repository>: Sendable where RepositoryType.Resource: Codable {
    /// The resource's value type.
    public typealias Resource = RepositoryType.Resource

    /// Timing and limits of an exchange.
    public struct Options: Sendable {
        /// The shortest time between the starts of two uploads: a change goes up at once when
        /// the last upload started at least this long ago, and changes within it, or made while
        /// an upload is in flight, go up together next. It bounds a device's upload
        /// transactions: at most 40 a second by default (a person typing ten keys a second
        /// makes about ten).
        public var uploadDelay: Duration = .milliseconds(25)
        /// The longest time between two handlings of other devices' announcements while they
        /// keep coming. The spacing adapts: four times what the last handling took (so a
        /// device spends at most a fifth of its time merging others' changes), from
        /// ``minimumReceiveSpacing`` up to this. An announcement after a quiet spell is handled
        /// at once; those that arrive within the spacing are merged together.
        public var receiveSpacing: Duration = .milliseconds(100)
        /// The shortest time between two handlings of announcements (see ``receiveSpacing``).
        public var minimumReceiveSpacing: Duration = .milliseconds(5)
        /// How often the server is asked for news even without a notification: a backstop for
        /// notifications lost while a connection silently died.
        public var pollInterval: Duration = .seconds(30)
        /// Uploads retried after meeting other devices' generations before the exchange reconnects.
        public var maximumUploadAttempts = 12
        /// The first wait before reconnecting; it doubles up to ``maximumReconnectDelay``.
        public var initialReconnectDelay: Duration = .milliseconds(200)
        /// The longest wait between reconnection attempts.
        public var maximumReconnectDelay: Duration = .seconds(10)
        /// How long a connection attempt may take.
        public var connectTimeout: Duration = .seconds(10)
        /// Every this many generations a commit stores the whole value rather than a delta, so that
        /// a device that starts from the newest snapshot replays at most this many deltas.
        public var snapshotInterval = 64
        /// The largest document this device takes from the server, in bytes: a version, or one
        /// stored change, larger than this stops the sync of the document with
        /// ``PostgresSyncError/documentTooLarge(document:bytes:limit:)`` (the edits stay here)
        /// instead of being held and merged. Anyone who may write the document could otherwise
        /// make every device on it hold and merge a value of any size.
        public var maximumDocumentBytes = 32 << 20
        /// The most other devices' presence kept at once; the longest-silent go first. A peer
        /// could otherwise grow every device's memory with notes from made-up device ids.
        public var maximumPeers = 256
        /// How long another device's presence (``PostgresExchange/peers``) counts after it was
        /// last heard; devices repeat theirs every ``pollInterval``, so keep this longer.
        public var presenceLifetime: Duration = .seconds(75)

        /// Options with the defaults.
        public init() {}
    }

    /// The fork holding the last value known to be on the server.
    public static var serverFork: Fork { Fork(name: "postgres-server") }

    /// The resource being synced.
    public let resource: ForkedResource<RepositoryType>
    /// The document's name on the server.
    public let document: String
    /// Where the server is. Its description never shows the password.
    public let settings: PostgresSettings
    /// This device's id: kept in the state directory, written into every commit it makes.
    public let deviceID: String
    /// Timing and limits.
    public let options: Options

    let logger: Logger
    /// Runs the exchange's tasks, on the event loop its connections use.
    let executor = ExchangeExecutor.next()
    let connector: PostgresConnector
    let store: DocumentStore
    let historyStore: ServerHistoryStore
    let coding = ValueCoding<Resource>()
    /// The tag this document's notifications carry (``NotificationSeal/tag(of:)``), made once:
    /// every notification on the channel is checked against it.
    let notificationTag: String
    /// What the exchange remembers between runs, and its files (the state file, the pending slot).
    let ledger: LocalLedger
    /// The commit an upload is publishing, kept durably apart from the state file.
    var pendingSlot: PendingCommitSlot { ledger.pendingSlot }
    let shared: Mutex<SharedState>

    struct SharedState: Sendable {
        var status = SyncStatus()
        var statusContinuations: [UUID: AsyncStream<SyncStatus>.Continuation] = [:]
        /// What this document's presence notes are sealed with, once the server told it
        /// (``PostgresExchange/notificationSeal(on:)``).
        var seal: NotificationSeal?
        /// What this document's announcements are sealed with, once the server told it: the
        /// writers' key (``PostgresExchange/announcementSeal(on:)``).
        var announceSeal: NotificationSeal?
        /// Announcements of this document not handled yet, in the order they came.
        var announcements: [Announcement] = []
        /// Whether announcements were dropped since the last handling (too many waited).
        var announcementsDropped = false
        /// When announcements may be handled (``PostgresExchange/receiveTurnHasCome()``).
        var receiveGate: PacingGate
        /// When an upload last found another device's generation first.
        var lastUploadConflict: ContinuousClock.Instant?
        /// The version this device staged last, for the generation that merges it.
        var stagedUpload: StagedUpload?
        /// Where wake-ups go while a connection is up.
        var wake: AsyncStream<Wakeup>.Continuation?
        /// The session that set ``wake``.
        var wakeSession: UUID?
        /// When an upload may start (``PostgresExchange/noteLocalChanges()``).
        var uploadGate: PacingGate
        /// Whether an upload wake-up is queued and not yet handled.
        var uploadQueued = false
        /// When this device's presence may be sent (``PostgresExchange/sharePresence(_:)``).
        var presenceGate: PacingGate
        var tasks: [Task<Void, Never>] = []
        /// What this device shares with ``sharePresence(_:)``.
        var ownPresence: String?
        /// The other devices' presence, within its bounds.
        var peers = PeerTable()
        /// Uploads the local history given to ``uploadsHistory(from:)``, if any.
        var historyUpload: (@Sendable (PostgresConnection) async throws -> Void)?
        /// How far uploading that history has come.
        var historyUploaded: HistoryUploadProgress?
        var started = false
    }

    /// How much of a local history was uploaded: it grows by appending, so its commit count and
    /// heads say whether anything is new, and the commits handled need no second look.
    struct HistoryUploadProgress: Sendable {
        var commits = 0
        var heads: [String: CommitID] = [:]
        /// Commits uploaded, found on the server, or left out as collected there.
        var handled: Set<CommitID> = []
    }

    enum Wakeup: Sendable {
        /// Announcements are waiting in ``SharedState/announcements``.
        case announced
        case poll
        case localChange
        case presence
    }

    /// Prepares an exchange; nothing happens on the network until ``start()``.
    ///
    /// - Parameters:
    ///   - resource: The resource to sync. The exchange creates ``serverFork`` in it.
    ///   - document: The document's name on the server; any text up to 1,000 bytes.
    ///   - settings: Where the server is.
    ///   - stateDirectory: A directory of this device's own (next to the local repository) for
    ///     the device id and what the server fork holds. Created if missing.
    ///   - options: Timing and limits.
    ///   - logger: Where diagnostics go.
    public init(
        resource: ForkedResource<RepositoryType>, document: String, settings: PostgresSettings, stateDirectory: URL,
        options: Options = Options(), logger: Logger = Logger(label: "forked.postgres")
    ) throws {
        guard !document.isEmpty, document.utf8.count <= 1000 else {
            throw PostgresSyncError.invalidSettings("a document name must have 1 to 1000 bytes")
        }
        try PrivateFiles.createDirectory(at: stateDirectory)
        self.resource = resource
        self.document = document
        self.settings = settings
        self.options = options
        self.logger = logger
        self.deviceID = try DeviceIdentity.load(in: stateDirectory)
        self.connector = PostgresConnector(settings: settings, connectTimeout: options.connectTimeout, logger: logger, eventLoop: executor.loop)
        self.notificationTag = NotificationSeal.tag(of: document)
        self.store = DocumentStore(document: document, logger: logger, maximumPayloadBytes: options.maximumDocumentBytes)
        self.historyStore = ServerHistoryStore(document: document, logger: logger)
        self.ledger = try LocalLedger(
            url: stateDirectory.appendingPathComponent(Self.stateFileName(settings: settings, document: document)), logger: logger
        )
        self.shared = Mutex(SharedState(
            receiveGate: PacingGate(spacing: options.minimumReceiveSpacing),
            uploadGate: PacingGate(spacing: options.uploadDelay), presenceGate: PacingGate(spacing: options.uploadDelay)
        ))
        let created = try !resource.has(Self.serverFork)
        if created { try resource.create(Self.serverFork) }
        // Nothing known of the server yet: the first value is merged two-way into main. A fork
        // left from before a recorded fetch is kept or emptied at the first fetch, which can ask
        // the server whether it holds one of this document's versions (``adoptOrClearServerFork(on:)``).
        if created { try resource.restart(Self.serverFork, with: nil) }
        let pending = try resource.value(in: .main) != resource.value(in: Self.serverFork)
        shared.withLock {
            $0.status.generation = ledger.current.generation
            $0.status.hasPendingChanges = pending
        }
    }

    /// Starts syncing in the background: connecting, fetching, uploading, listening. Calling it again does nothing.
    public func start() {
        let changes = resource.changeStream
        shared.withLock { state in
            guard !state.started else { return }
            state.started = true
            state.tasks = [
                Task(executorPreference: executor) { await self.watchLocalChanges(changes) },
                Task(executorPreference: executor) { await self.run() },
            ]
        }
    }

    /// Stops syncing and waits for the background work to end. Local changes not yet uploaded
    /// stay in main and go up on the next start.
    public func stop() async {
        let tasks = shared.withLock { state in
            defer { state.tasks = [] }
            state.wake?.finish()
            return state.tasks
        }
        for task in tasks { task.cancel() }
        for task in tasks { await task.value }
        do {
            try saveLocalState()
        } catch {
            logger.warning("the sync state could not be saved", metadata: ["reason": "\(error)"])
        }
        updateStatus { $0.connection = .closed }
        shared.withLock { state in
            for continuation in state.statusContinuations.values { continuation.finish() }
            state.statusContinuations = [:]
        }
    }

    /// The exchange's state now.
    public var status: SyncStatus { shared.withLock { $0.status } }

    /// The current status, then every change to it until ``stop()``.
    public var statusStream: AsyncStream<SyncStatus> {
        let (stream, continuation) = AsyncStream<SyncStatus>.makeStream(bufferingPolicy: .bufferingNewest(16))
        let id = UUID()
        shared.withLock { state in
            continuation.yield(state.status)
            state.statusContinuations[id] = continuation
        }
        continuation.onTermination = { [weak self] _ in
            self?.shared.withLock { _ = $0.statusContinuations.removeValue(forKey: id) }
        }
        return stream
    }

    // MARK: Shared state

    func updateStatus(_ change: (inout SyncStatus) -> Void) {
        shared.withLock { state in
            let before = state.status
            change(&state.status)
            guard state.status != before else { return }
            for continuation in state.statusContinuations.values { continuation.yield(state.status) }
        }
    }

    /// What the exchange remembers between runs, as it is now.
    var localState: ExchangeLocalState { ledger.current }

    /// Changes what the exchange remembers between runs (``LocalLedger/update(durably:_:)``).
    func updateLocalState(durably: Bool = true, _ change: (inout ExchangeLocalState) -> Void) throws {
        try ledger.update(durably: durably, change)
    }

    /// Writes the state file if it is behind.
    func saveLocalState() throws {
        try ledger.save()
    }

    /// Whether an exchange of `document` on the server of `settings` ran with `stateDirectory`
    /// before: it left its state there.
    public static func hasState(in stateDirectory: URL, settings: PostgresSettings, document: String) -> Bool {
        FileManager.default.fileExists(atPath: stateDirectory.appendingPathComponent(stateFileName(settings: settings, document: document)).path)
    }

    /// One state file per server and document, so one directory can serve several exchanges.
    private static func stateFileName(settings: PostgresSettings, document: String) -> String {
        let key = "\(settings.host):\(settings.port)/\(settings.database)/\(document)"
        let digest = SHA256Digest.digest(of: Data(key.utf8)).hex.prefix(16)
        return "postgres-sync-\(digest).json"
    }
}
