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
    /// devices typing, retries kept losing to newer uploads), so later attempts stage main's
    /// version and wait for the document's turn, where whoever gets the turn merges every staged
    /// version into one generation (``uploadThroughStage(contended:on:)``). While uploads keep
    /// meeting other devices' (for ``contentionMemory`` after the last time), the optimistic
    /// attempt is skipped: it would fail, and its update would wait for the row with the turns.
    func uploadPendingChanges(on connection: PostgresConnection) async throws {
        guard localState.hasFetched, mayPublish else { return }
        try await settleUncertainUpload(on: connection)
        let now = ContinuousClock.now
        let contended = shared.withLock { state in state.lastUploadConflict.map { now - $0 < Self.contentionMemory } ?? false }
        if !contended {
            if try await publishMain(on: connection) { return }
            noteConflict()
        }
        for _ in 1..<max(options.maximumUploadAttempts, 2) {
            if try await uploadThroughStage(contended: contended, on: connection) { return }
        }
        throw PostgresSyncError.tooManyConflicts(attempts: options.maximumUploadAttempts)
    }

    /// Whether this login may publish the document: not while the server says it is shared
    /// with it read-only.
    var mayPublish: Bool { shared.withLock { $0.status.access?.mayWrite ?? true } }

    /// Publishes main's version as the generation after the one the device knows, if the
    /// document is still there: `true` when it landed (or main had nothing to upload), `false`
    /// when another device's generation got there first.
    func publishMain(on connection: PostgresConnection) async throws -> Bool {
        guard let prepared = try prepareUpload() else { return true }
        // A first publish stores both keys, made here.
        let channel = try await notificationSeal(on: connection)
        let announcing = try await announcementSeal(on: connection)
        switch try await store.publish(
            prepared.commit, expecting: prepared.expected, device: deviceID, announcingWith: announcing, channelKey: channel.keyBytes,
            on: connection
        ) {
        case .published(let generation):
            // A document this login published first is its own (``ServerAccess``).
            if prepared.expected == 0 { updateStatus { if $0.access == .new { $0.access = .owner } } }
            try finishUpload(prepared, generation: generation)
            return true
        case .generationMoved:
            // A certain answer: the commit is not on the server. A first publish that another
            // device's beat made its key for nothing.
            if prepared.expected == 0 { forgetCandidateSeal() }
            try clearPendingCommit()
            return false
        }
    }

    /// Ends this device's turn. If that fails with the connection still open, the connection is
    /// closed: the server would keep the turn for as long as the session lives, and every other
    /// device would wait for it.
    func endTurn(on connection: PostgresConnection) async throws {
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

    func noteConflict() {
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
    private func pendingValues() throws -> (main: Resource, server: Resource?)? {
        let main = try resource.value(in: .main)
        let server = try resource.value(in: Self.serverFork)
        let pending = main.flatMap { $0 != server ? ($0, server) : nil }
        updateStatus { $0.hasPendingChanges = pending != nil }
        return pending
    }

    /// The commit of main's value when it differs from the server fork, else `nil` (nothing to
    /// upload). Its id is in ``pendingSlot`` when this returns.
    func prepareUpload() throws -> PreparedUpload? {
        guard let (main, server) = try pendingValues() else { return nil }
        let local = localState
        let base = try holdsRecordedHead(server, local) ? server : nil
        let commit = try makeCommit(of: main, parent: local.head, base: base, generation: try DocumentStore.generation(after: local.generation))
        // On the disk before the commit can land (see ``PendingCommitSlot``); the state file
        // follows lazily.
        try pendingSlot.record(commit.commit.id)
        try updateLocalState(durably: false) { $0.pendingCommit = commit.idBytes }
        return PreparedUpload(main: main, commit: commit, expected: local.generation)
    }

    /// Forgets the pending commit: it is certainly not on the server.
    func clearPendingCommit() throws {
        try updateLocalState(durably: false) { $0.pendingCommit = nil }
        try pendingSlot.clear()
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
    ///
    /// - Parameter merged: The staged versions a turn merged into `value`: parents after `parent`.
    func makeCommit(of value: Resource, parent: Data?, merging merged: [CommitID] = [], base: Resource?, generation: Int64) throws -> ServerCommit {
        let snapshot = try coding.snapshot(of: value)
        var body = CommitBody.snapshot(snapshot)
        if let parent, !parent.isEmpty, let base, generation % Int64(max(options.snapshotInterval, 1)) != 0,
           let delta = try coding.delta(of: value, from: base), delta.count < snapshot.count {
            body = .delta(delta)
        }
        let commit = HistoryCommit(
            parents: (parent.flatMap { CommitID(bytes: $0) }.map { [$0] } ?? []) + merged, origin: deviceID, time: Date(),
            valueDigest: SHA256Digest.digest(of: snapshot), body: body
        )
        return ServerCommit(commit, generation: generation, modelVersion: coding.modelVersion(of: value))
    }
}
