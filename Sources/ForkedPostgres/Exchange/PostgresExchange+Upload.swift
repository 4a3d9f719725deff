import Forked
import ForkedHistory
import Foundation
import PostgresNIO

extension PostgresExchange {
    /// Publishes main when it differs from the server fork. Does nothing before the first
    /// successful fetch.
    ///
    /// The first attempt is optimistic: `UPDATE … WHERE generation = seen`. When another device
    /// got there first, racing it again lets a busy document starve its uploaders (with ten
    /// devices typing, retries kept losing to newer uploads), so later attempts wait for the
    /// document's turn and fetch, merge and publish while holding it: one device at a time, and
    /// each certain to land unless an optimistic upload slips in. While uploads keep meeting
    /// other devices' (for ``contentionMemory`` after the last time), the optimistic attempt is
    /// skipped: it would fail, and its update would wait for the row with the turns.
    func uploadPendingChanges(on connection: PostgresConnection) async throws {
        guard localState.hasFetched else { return }
        let now = ContinuousClock.now
        let contended = shared.withLock { state in state.lastUploadConflict.map { now - $0 < Self.contentionMemory } ?? false }
        if contended {
            // Nothing to upload means no turn.
            guard try pendingValues() != nil else { return }
        } else {
            guard let prepared = try prepareUpload() else { return }
            switch try await store.publish(prepared.commit, expecting: prepared.expected, device: deviceID, on: connection) {
            case .published(let generation):
                try finishUpload(prepared, generation: generation)
                return
            case .generationMoved:
                noteConflict()
            }
        }
        for _ in 1..<max(options.maximumUploadAttempts, 2) {
            guard let (prepared, outcome) = try await uploadInTurn(contended: contended, on: connection) else { return }
            switch outcome {
            case .published(let generation):
                try finishUpload(prepared, generation: generation)
                return
            case .generationMoved:
                // An upload outside any turn (or a document's first) got there first: try again.
                noteConflict()
            }
        }
        throw PostgresSyncError.tooManyConflicts(attempts: options.maximumUploadAttempts)
    }

    /// One turn at the document: catch up with what landed before it, then publish main,
    /// which ends the turn. `nil` when, caught up, main has nothing to upload.
    ///
    /// The turn is held outside a transaction and the publishing statement commits by itself,
    /// so the pending commit's id is flushed before it goes (``prepareUpload(caughtUp:)``), as on the
    /// optimistic path. Against a turn that was a transaction holding the row (and committed
    /// after the publish, one more round trip while every other device waited), fifty devices'
    /// p99 fell by about half.
    ///
    /// What the device caught up with is merged with main in memory and published first; the
    /// repository write (a flush of the disk) comes after the turn. A crash between the two leaves
    /// the published commit recorded as pending, and the fetch after it merges the commits before
    /// it again (``rebuilt(_:_:)``).
    private func uploadInTurn(contended: Bool, on connection: PostgresConnection) async throws -> (PreparedUpload, DocumentStore.PublishOutcome)? {
        // The commits this device has not seen come with the turn: one round trip less while
        // the other uploaders wait.
        let (head, fetched) = try await store.beginTurn(after: localState.generation, on: connection)
        let caughtUp: CaughtUp?
        let prepared: PreparedUpload?
        let outcome: DocumentStore.PublishOutcome
        do {
            // Without the optimistic attempt, this is where another device's generation is met.
            if contended, let head, head.generation != localState.generation { noteConflict() }
            var fetchedUp = try await self.caughtUp(to: head, fetched: fetched, on: connection)
            if let landed = fetchedUp, landed.landedPending {
                // The server fork was restarted from this device's own commit: record it at once.
                try record(landed)
                fetchedUp = nil
            }
            caughtUp = fetchedUp
            prepared = try prepareUpload(caughtUp: caughtUp)
            guard let prepared else {
                try await endTurn(on: connection)
                if let caughtUp { try record(caughtUp) }
                return nil
            }
            outcome = try await store.publish(
                prepared.commit, expecting: prepared.expected, device: deviceID, endingTurn: true, on: connection
            )
            // A publish that changed nothing did not end the turn.
            if outcome == .generationMoved { try await endTurn(on: connection) }
        } catch {
            try? await endTurn(on: connection)
            throw error
        }
        if let caughtUp { try record(caughtUp) }
        return prepared.map { ($0, outcome) }
    }

    /// Ends this device's turn. If that fails with the connection still open, the connection is
    /// closed: the server would keep the turn for as long as the session lives, and every other
    /// device would wait for it.
    private func endTurn(on connection: PostgresConnection) async throws {
        do {
            try await store.endTurn(on: connection)
        } catch {
            try? await connection.close()
            throw error
        }
    }

    /// How long after an upload met another device's generation the next ones go straight to
    /// a turn.
    static var contentionMemory: Duration { .seconds(2) }

    private func noteConflict() {
        let now = ContinuousClock.now
        shared.withLock { $0.lastUploadConflict = now }
        updateStatus { $0.conflicts += 1 }
    }

    /// An upload ready to go: main's value and the commit making it the next generation.
    struct PreparedUpload: Sendable {
        let main: Resource
        let commit: ServerCommit
        /// The generation the document must still be at.
        let expected: Int64
    }

    /// Main's value and the server fork's when main has changes to upload, else `nil` (a
    /// removed value is not published: the server keeps the last content). Updates
    /// ``SyncStatus/hasPendingChanges``.
    ///
    /// With `caughtUp`, the values it leaves once recorded: main merged with the server's newest
    /// value, and that value.
    private func pendingValues(caughtUp: CaughtUp? = nil) throws -> (main: Resource, server: Resource?)? {
        let main = try caughtUp?.merge.map { $0.mergedMain } ?? resource.value(in: .main)
        let server = try caughtUp.map { $0.value } ?? resource.value(in: Self.serverFork)
        let pending = main.flatMap { $0 != server ? ($0, server) : nil }
        updateStatus { $0.hasPendingChanges = pending != nil }
        return pending
    }

    /// The commit of main's value when it differs from the server fork, else `nil` (nothing to
    /// upload); with `caughtUp`, of the values it leaves once recorded. Its id is in
    /// ``pendingSlot`` when this returns.
    private func prepareUpload(caughtUp: CaughtUp? = nil) throws -> PreparedUpload? {
        guard let (main, server) = try pendingValues(caughtUp: caughtUp) else { return nil }
        var local = localState
        if let last = caughtUp?.last {
            local.generation = last.generation
            local.head = last.idBytes
            local.headDigest = Data(last.commit.valueDigest.bytes)
        }
        // A value just caught up with was checked against its commit's digest already.
        let base = try caughtUp != nil || holdsRecordedHead(server, local) ? server : nil
        let commit = try makeCommit(of: main, parent: local.head, base: base, generation: local.generation + 1)
        // On the disk before the commit can land (see ``PendingCommitSlot``); the state file
        // follows lazily.
        try pendingSlot.record(commit.commit.id)
        try updateLocalState(durably: false) { $0.pendingCommit = commit.idBytes }
        return PreparedUpload(main: main, commit: commit, expected: local.generation)
    }

    /// Records that `prepared` is on the server as `generation`.
    private func finishUpload(_ prepared: PreparedUpload, generation: Int64) throws {
        let commit = prepared.commit
        try resource.restart(Self.serverFork, with: prepared.main)
        // Not at once: after a crash, the commit still recorded as pending is found on the
        // server and recognised as this device's own.
        try updateLocalState(durably: false) { local in
            local.generation = generation
            local.head = commit.idBytes
            local.headDigest = Data(commit.commit.valueDigest.bytes)
            local.pendingCommit = nil
        }
        try pendingSlot.clear()
        let stillPending = try resource.value(in: .main) != prepared.main
        updateStatus { status in
            status.generation = generation
            status.uploads += 1
            status.payloadBytesUploaded += commit.commit.body.payload.count
            status.lastSync = Date()
            status.hasPendingChanges = stillPending
        }
        logger.debug("published", metadata: ["generation": "\(generation)", "bytes": "\(commit.commit.body.payload.count)"])
    }

    /// The commit that makes `value` the document's version `generation`: a delta against `base`
    /// (the parent's value, `nil` when unsure) when the type has one and it is smaller, the whole
    /// value every ``Options/snapshotInterval`` generations so a new device replays little.
    private func makeCommit(of value: Resource, parent: Data?, base: Resource?, generation: Int64) throws -> ServerCommit {
        let snapshot = try coding.snapshot(of: value)
        var body = CommitBody.snapshot(snapshot)
        if let parent, !parent.isEmpty, let base, generation % Int64(max(options.snapshotInterval, 1)) != 0,
           let delta = try coding.delta(of: value, from: base), delta.count < snapshot.count {
            body = .delta(delta)
        }
        let commit = HistoryCommit(
            parents: parent.flatMap { CommitID(bytes: $0) }.map { [$0] } ?? [], origin: deviceID, time: Date(),
            valueDigest: SHA256Digest.digest(of: snapshot), body: body
        )
        return ServerCommit(commit, generation: generation, modelVersion: coding.modelVersion(of: value))
    }
}
