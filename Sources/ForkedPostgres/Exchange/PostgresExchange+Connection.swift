import Forked
import Foundation
import PostgresNIO
import Synchronization

extension PostgresExchange {
    /// Connects, runs a session until the connection fails, and reconnects with backoff, until
    /// stopped or until an error that retrying cannot fix.
    func run() async {
        var failures = 0
        while !Task.isCancelled {
            do {
                try await connector.withConnection { connection in
                    failures = 0
                    try await watchedSession(on: connection)
                }
            } catch {
                if Task.isCancelled { break }
                let syncError = connector.classify(error)
                guard syncError.isTransient else {
                    logger.error("sync stopped", metadata: ["reason": "\(syncError)"])
                    updateStatus { $0.connection = .stopped(syncError) }
                    return
                }
                logger.notice("sync offline", metadata: ["reason": "\(syncError)"])
                updateStatus { status in
                    if case .offline(let since, _) = status.connection {
                        status.connection = .offline(since: since, reason: syncError.description)
                    } else {
                        status.connection = .offline(since: Date(), reason: syncError.description)
                    }
                }
                failures += 1
                try? await Task.sleep(for: reconnectDelay(afterFailures: failures))
            }
        }
    }

    /// Runs ``session(on:)`` until it ends, or until its connection has been closed for two
    /// seconds while the session still waits.
    ///
    /// A query in flight when the server goes away has been seen never to return (1 server
    /// restart in 5 left a device silent for good). Such a session is left behind, cancelled,
    /// holding nothing but its dead connection, and the exchange reconnects.
    private func watchedSession(on connection: PostgresConnection) async throws {
        let session = Task(executorPreference: executor) { try await self.session(on: connection) }
        let closed = Task(executorPreference: executor) {
            try? await connection.closeFuture.get()
            try? await Task.sleep(for: .seconds(2))
        }
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<Void, any Error>, Never>) in
                let resumed = Mutex(false)
                let resume = { @Sendable (outcome: Result<Void, any Error>) in
                    let first = resumed.withLock { resumed in
                        defer { resumed = true }
                        return !resumed
                    }
                    if first { continuation.resume(returning: outcome) }
                }
                Task(executorPreference: executor) { resume(await session.result) }
                Task(executorPreference: executor) {
                    await closed.value
                    resume(.failure(PostgresSyncError.unreachable(
                        server: self.settings.description, detail: "the connection closed while the session was waiting"
                    )))
                }
            }
        } onCancel: {
            session.cancel()
            closed.cancel()
        }
        session.cancel()
        closed.cancel()
        try outcome.get()
    }

    /// One connection's life: migrate, `LISTEN`, settle an upload the last session left uncertain,
    /// fetch what is newer, upload what is pending, then handle announcements, polls and local
    /// changes one at a time until the connection fails.
    private func session(on connection: PostgresConnection) async throws {
        try await ServerSchema.migrate(connection, server: settings.description, logger: logger)
        // The server decides (``ServerAccess``); asked at every connection, since the owner may
        // have shared or revoked meanwhile.
        let access = try await DocumentSharing(settings: settings, document: document).access(on: connection)
        guard access != .none else { throw PostgresSyncError.noAccess(server: settings.description, detail: "'\(document)'") }
        updateStatus { $0.access = access }
        // Keys are read again at this session's first fetch: one made for a first publish that an
        // error cut short may not be the one the server kept.
        shared.withLock { state in
            state.seal = nil
            state.announceSeal = nil
        }
        let (events, wake) = AsyncStream<Wakeup>.makeStream(bufferingPolicy: .unbounded)
        let sessionID = UUID()
        shared.withLock {
            $0.wake = wake
            $0.wakeSession = sessionID
            // Whatever a previous session was told, the fetch below catches up with, and the
            // upload below sends what is pending: a wake-up queued for it is void.
            $0.announcements = []
            $0.announcementsDropped = false
            $0.uploadQueued = false
        }
        defer {
            // A session left behind may end after its successor started: it clears only its own.
            shared.withLock { state in
                if state.wakeSession == sessionID { state.wake = nil }
            }
            wake.finish()
        }
        try await connection.listen(on: ServerSchema.channel) { notifications in
            try await connection.listen(on: ServerSchema.presenceChannel) { presenceNotes in
                try await self.serve(
                    connection, notifications: notifications, presenceNotes: presenceNotes, events: events, wake: wake
                )
            }
        }
    }

    /// Handles a listening connection's life: announcements, presence, polls and local changes.
    private func serve(
        _ connection: PostgresConnection, notifications: PostgresNotificationSequence,
        presenceNotes: PostgresNotificationSequence, events: AsyncStream<Wakeup>, wake: AsyncStream<Wakeup>.Continuation
    ) async throws {
        updateStatus { $0.connection = .connected }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for try await notification in notifications { self.note(notification.payload, wake: wake) }
                throw PostgresSyncError.unreachable(server: self.settings.description, detail: "the listening connection ended")
            }
            group.addTask {
                for try await note in presenceNotes { self.receivePresence(note.payload) }
                throw PostgresSyncError.unreachable(server: self.settings.description, detail: "the listening connection ended")
            }
            group.addTask {
                while true {
                    try await Task.sleep(for: self.options.pollInterval)
                    wake.yield(.poll)
                }
            }
            group.addTask {
                // Listening already: whatever lands from here on is announced, so catching up
                // now misses nothing in between.
                try await self.catchUpAfterConnecting(on: connection)
                try await self.uploadPendingChanges(on: connection)
                try await self.uploadHistoryIfKept(on: connection)
                try await self.sendPresence(on: connection)
                for await event in events {
                    try await self.handle(event, on: connection)
                }
                throw CancellationError()
            }
            do {
                try await group.next()
            } catch {
                // The group waits for every task before it ends, the one reading
                // notifications too, which ends only when the connection does.
                group.cancelAll()
                try? await connection.close()
                throw error
            }
            group.cancelAll()
        }
    }

    /// What a session does first once it listens: settles the upload the session before left
    /// uncertain (``settleUncertainUpload(on:)``), then fetches what is newer.
    ///
    /// In that order, not the other way round. A version the last session left staged (its
    /// connection failed while it waited for its turn, or the upload gave up after
    /// ``Options/maximumUploadAttempts``) was made from generation `g`, and the generation that
    /// merges it is merged into main against that version's value, as if the server fork still
    /// held `g`. Fetched first, the generations after `g` that did not merge it go into main and
    /// the server fork; when another device's turn merges the version after that and before it
    /// is taken back, those generations are on both sides of that merge (main and the new
    /// generation hold them, the version does not), and every line of them that the merge does
    /// not line up is doubled, on every device once main is uploaded.
    func catchUpAfterConnecting(on connection: PostgresConnection) async throws {
        try await settleUncertainUpload(on: connection)
        try await fetch(on: connection)
    }

    private func handle(_ event: Wakeup, on connection: PostgresConnection) async throws {
        switch event {
        case .announced:
            guard receiveTurnHasCome() else { return }
            let started = ContinuousClock.now
            let (announcements, dropped) = shared.withLock { state in
                defer {
                    state.announcements = []
                    state.announcementsDropped = false
                }
                return (state.announcements, state.announcementsDropped)
            }
            let known = localState.generation
            let echoes = announcements.count { $0.generation <= known && $0.device == deviceID }
            if echoes > 0 { updateStatus { $0.ownEchoesIgnored += echoes } }
            let newer = announcements.filter { $0.generation > known }
            guard !newer.isEmpty || dropped else { return }
            let commits = newer.compactMap { $0.commit() }
            if try dropped || commits.count < newer.count || !receive(commits) {
                try await fetch(on: connection)
            }
            paceReceiving(afterHandlingThatTook: ContinuousClock.now - started)
            try await uploadPendingChanges(on: connection)
        case .poll:
            try await fetch(on: connection)
            try await uploadPendingChanges(on: connection)
            try await sendPresence(on: connection)
            try await uploadHistoryIfKept(on: connection)
        case .localChange:
            shared.withLock { $0.uploadQueued = false }
            try await uploadPendingChanges(on: connection)
            try await uploadHistoryIfKept(on: connection)
        case .presence:
            try await sendPresence(on: connection)
        }
    }

    /// Keeps an announcement of this document for the session's loop, waking it when it finds
    /// nothing kept: announcements that arrive while it is busy are handled together.
    ///
    /// At most ``maximumQueuedAnnouncements`` wait (anyone who can connect can send them, up to
    /// 8,000 bytes each); past that they are dropped and the handling fetches from the server
    /// instead, which misses nothing.
    ///
    /// Announcements travel sealed with the document's key (``NotificationSeal``): one that does
    /// not open is not this document's, or was forged, and is dropped; one that names this
    /// document before its key is known asks for a fetch.
    func note(_ payload: String, wake: AsyncStream<Wakeup>.Continuation) {
        let opening = openNotification(payload, with: \.announceSeal)
        let announcement: Announcement?
        switch opening {
        case .opened(let text): announcement = Announcement(payload: text).flatMap { $0.document == document ? $0 : nil }
        case .keyUnknown: announcement = nil
        case .notOpening:
            // Never applied; but the keys may have been made anew (a member was removed): the
            // fetch this asks for reads them again, and the rows.
            forgetCandidateSeal()
            announcement = nil
        case .elsewhere: return
        }
        guard announcement != nil || opening == .keyUnknown || opening == .notOpening else { return }
        let wasEmpty = shared.withLock { state in
            defer {
                if let announcement, state.announcements.count < Self.maximumQueuedAnnouncements {
                    state.announcements.append(announcement)
                } else {
                    state.announcementsDropped = true
                }
            }
            return state.announcements.isEmpty && !state.announcementsDropped
        }
        if wasEmpty { wake.yield(.announced) }
    }

    /// The most announcements kept waiting for a handling.
    static var maximumQueuedAnnouncements: Int { 1_000 }

    /// Whether announcements may be handled now: at once when the last handling started at
    /// least the receive spacing ago (``paceReceiving(afterHandlingThatTook:)``), else at its
    /// end, when a scheduled wake-up comes; those that arrive meanwhile are merged as one.
    ///
    /// Each handling merges into main (and, for a repository on disk, writes it): with fifty
    /// devices on a document, handling every announcement as it came took the cores the
    /// uploads needed.
    private func receiveTurnHasCome() -> Bool {
        mayStart(\.receiveGate) { self.shared.withLock { _ = $0.wake?.yield(.announced) } }
    }

    /// Whether the work `gate` paces may start now. When it may not and no wake-up is waiting,
    /// one is scheduled for the end of the gate's spacing: it calls `whenDue`, which asks
    /// again and is let through.
    func mayStart(_ gate: any WritableKeyPath<SharedState, PacingGate> & Sendable, whenDue: @escaping @Sendable () -> Void) -> Bool {
        switch shared.withLock({ $0[keyPath: gate].ask(at: .now) }) {
        case .now:
            return true
        case .alreadyWaiting:
            return false
        case .after(let delay):
            Task(executorPreference: executor) {
                try? await Task.sleep(for: delay)
                self.shared.withLock { $0[keyPath: gate].waitEnded() }
                whenDue()
            }
            return false
        }
    }

    /// Sets the receive spacing from what the last handling cost: a device spends at most a
    /// fifth of its time applying other devices' changes (four times the handling's duration
    /// between two starts), at least ``Options/minimumReceiveSpacing`` and at most
    /// ``Options/receiveSpacing``. Two people typing pay a few milliseconds; a crowd whose
    /// merges take long gathers up to the maximum.
    private func paceReceiving(afterHandlingThatTook duration: Duration) {
        let spacing = min(options.receiveSpacing, max(options.minimumReceiveSpacing, duration * 4))
        shared.withLock { $0.receiveGate.spacing = spacing }
    }

    /// Follows main's changes made through ``resource``.
    func watchLocalChanges(_ changes: AsyncStream<ForkChange>) async {
        for await change in changes where change.fork == .main {
            noteLocalChanges()
        }
    }

    /// Tells the exchange that main may have changed without ``resource`` seeing it: through
    /// another `ForkedResource` on the same repository, such as another process's. The
    /// exchange compares main with the server fork and uploads what differs.
    ///
    /// A change goes up at once when the last upload started at least ``Options/uploadDelay``
    /// ago; changes within that time go up together at its end, and changes made while an
    /// upload is in flight go up together in the next one (one wake-up waits at a time). A
    /// person typing pays no wait, a burst of typing makes a few uploads, not one per key, and
    /// no device uploads more often than once per ``Options/uploadDelay``.
    public func noteLocalChanges() {
        updateStatus { $0.hasPendingChanges = true }
        if mayStart(\.uploadGate, whenDue: { self.noteLocalChanges() }) { wakeForUpload() }
    }

    /// Queues one upload wake-up for the session, unless one is queued and not yet handled.
    /// Without a session (not yet connected, or between connections) nothing is queued: the
    /// next session uploads what is pending when it starts. (Marking one queued then left it
    /// marked for good, and every later change waited for a poll.)
    private func wakeForUpload() {
        shared.withLock { state in
            guard !state.uploadQueued, let wake = state.wake else { return }
            state.uploadQueued = true
            wake.yield(.localChange)
        }
    }

    private func reconnectDelay(afterFailures failures: Int) -> Duration {
        let doubled = options.initialReconnectDelay * (1 << min(failures - 1, 16))
        let capped = min(doubled, options.maximumReconnectDelay)
        // Up to a quarter more, so that devices cut off together do not all return together.
        return capped + capped * Double.random(in: 0..<0.25)
    }
}
