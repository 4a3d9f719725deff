import Forked
import ForkedHistory
import Foundation
import PostgresNIO

/// Group commit. With many devices typing, a turn per upload made every device wait for every
/// other one's turn (with fifty, 528 of 530 commits waited, and the wait was most of the p99);
/// now each waiting device's version is staged, and one turn merges all of them into one
/// generation.
extension PostgresExchange {
    /// A version this device staged, kept while it waits: what main's changes are measured from
    /// once a generation has merged it.
    struct StagedUpload: Sendable {
        let id: Data
        let value: Resource
        let payloadBytes: Int
    }

    /// The server's value at one generation, with the id of the commit that made it.
    struct ServerVersion: Sendable {
        let id: Data
        let value: Resource
    }

    /// One upload attempt through a turn: stages main's version, waits for the document's turn
    /// and, holding it, merges every staged version into the next generation; or finds that the
    /// device that held it before merged this one. `true` when main's changes are on the server
    /// (or there were none), `false` when the attempt must be made again.
    func uploadThroughStage(contended: Bool, on connection: PostgresConnection) async throws -> Bool {
        // An attempt that failed may have left its version staged.
        try await settleUncertainUpload(on: connection)
        if localState.generation == 0 {
            // A version is merged against the generation it was made from: there must be one.
            try await fetch(on: connection)
            // None yet: the first version has no turn to take, and lands unless another device's did.
            if localState.generation == 0 { return try await publishMain(on: connection) }
        }
        guard let version = try await stageMain(on: connection) else { return true }
        let turn = try await store.beginStagedTurn(after: version.baseGeneration, staged: version.idBytes, on: connection)
        guard let head = turn.head else {
            throw PostgresSyncError.corruptDocument("'\(document)' disappeared from the server while a version was staged")
        }
        if contended, head.generation != version.baseGeneration { noteConflict() }
        if let staged = turn.staged {
            do {
                try await mergeStaged(staged, head: head, fetched: turn.commits, on: connection)
            } catch {
                try? await endTurn(on: connection)
                throw error
            }
        } else if let caughtUp = try await caughtUp(to: head, fetched: turn.commits, on: connection) {
            // Merged (or dropped as unusable) by the device that held the turn before.
            try record(caughtUp)
        }
        return localState.pendingCommit != version.idBytes
    }

    /// Stages main's version, made from the generation the device knows, and keeps its value for
    /// the generation that merges it; `nil` when main has nothing to upload. Its id is the
    /// pending commit (``prepareUpload()``) until a turn settles it.
    func stageMain(on connection: PostgresConnection) async throws -> StagedVersion? {
        guard let prepared = try prepareUpload() else { return nil }
        let version = StagedVersion(prepared.commit, basedOn: prepared.expected)
        try await store.stage(version, on: connection)
        shared.withLock {
            $0.stagedUpload = StagedUpload(id: version.idBytes, value: prepared.main, payloadBytes: version.commit.body.payload.count)
        }
        return version
    }

    /// In the turn: merges the staged versions (this device's among them) into the head, oldest
    /// first, each against the generation it was made from, and publishes the result as the next
    /// generation, whose parents are the head and the versions merged. A version that cannot be
    /// read (a delta that does not apply, a digest that does not match, a newer model) is dropped:
    /// its device finds it in no generation and uploads again.
    private func mergeStaged(
        _ staged: [StagedVersion], head: DocumentStore.Head, fetched: [ServerCommit], on connection: PostgresConnection
    ) async throws {
        try coding.checkModelVersion(head.modelVersion)
        let versions = try await serverVersions(
            at: Set(staged.map(\.baseGeneration)).union([head.generation]), head: head, fetched: fetched, on: connection
        )
        guard let current = versions[head.generation] else {
            throw PostgresSyncError.corruptDocument("'\(document)' at generation \(head.generation) misses commits")
        }
        var merged = current.value
        var taken: [StagedVersion] = []
        var dropped: [Data] = []
        var kept: [KeptConflict] = []
        for version in staged {
            guard let base = versions[version.baseGeneration], let value = value(of: version, madeFrom: base) else {
                dropped.append(version.idBytes)
                continue
            }
            // The device's version first, as when a device merges the server's into its main.
            // Where it keeps both versions, the last merge's lines are the ones the text has.
            let (next, conflicts) = try MergeConflictLog.collecting {
                try ValueMerging.merge(value, withSubordinate: merged, commonAncestor: base.value)
            }
            merged = next
            if !conflicts.isEmpty { kept = conflicts }
            taken.append(version)
        }
        let commit = try makeCommit(
            of: merged, parent: head.head, merging: taken.map(\.commit.id), base: current.value,
            generation: try DocumentStore.generation(after: head.generation)
        )
        let outcome = try await store.publish(
            commit, taking: taken.map(\.idBytes), dropping: dropped, expecting: head.generation, device: deviceID,
            sealedWith: try await announcementSeal(on: connection), on: connection
        )
        guard outcome != .generationMoved else {
            // A version withdrawn meanwhile, or an upload outside any turn: the turn is still held.
            noteConflict()
            try await endTurn(on: connection)
            return
        }
        updateStatus {
            $0.payloadBytesUploaded += commit.commit.body.payload.count
            $0.stagedVersionsMerged += taken.count
            $0.noteKept(kept)
        }
        logger.debug("merged staged versions", metadata: ["generation": "\(commit.generation)", "versions": "\(taken.count)"])
        let published = DocumentStore.Head(
            generation: commit.generation, head: commit.idBytes, device: deviceID, modelVersion: commit.modelVersion
        )
        if let caughtUp = try await caughtUp(to: published, fetched: fetched + [commit], on: connection) { try record(caughtUp) }
    }

    /// The value a staged version holds, made from `base`; `nil` (with a warning) when it cannot
    /// be read or was not made from that version.
    private func value(of version: StagedVersion, madeFrom base: ServerVersion) -> Resource? {
        do {
            guard version.baseID == base.id else {
                throw PostgresSyncError.corruptDocument("it was not made from generation \(version.baseGeneration)")
            }
            try coding.checkModelVersion(version.modelVersion)
            return try coding.value(of: version.commit, madeFrom: base.value)
        } catch {
            logger.warning("a staged version was dropped", metadata: ["version": "\(version.commit.id.hex)", "reason": "\(error)"])
            return nil
        }
    }

    /// The server's versions at `generations` (none after `head`), each checked against its
    /// digest: from the server fork and `fetched` (the commits after it) where they reach, the
    /// rest from the newest snapshot before the oldest missing. A version the server no longer
    /// has the commits for (its history was collected) is left out; the head never is.
    private func serverVersions(
        at generations: Set<Int64>, head: DocumentStore.Head, fetched: [ServerCommit], on connection: PostgresConnection
    ) async throws -> [Int64: ServerVersion] {
        let local = localState
        var found: [Int64: ServerVersion] = [:]
        if let id = local.head, let value = try resource.value(in: Self.serverFork), try holdsRecordedHead(value, local) {
            let start = ServerVersion(id: id, value: value)
            if generations.contains(local.generation) { found[local.generation] = start }
            found.merge(try versions(along: fetched, from: start, capturing: generations)) { first, _ in first }
        }
        let missing = generations.subtracting(found.keys)
        if let lowest = missing.min(), let highest = missing.max(),
           let snapshot = try await store.latestSnapshotGeneration(atOrBefore: lowest, on: connection) {
            let commits = try await store.commits(from: snapshot, through: highest, on: connection)
            found.merge(try versions(along: commits, from: nil, capturing: missing)) { first, _ in first }
        }
        guard found[head.generation] != nil else {
            throw PostgresSyncError.corruptDocument("'\(document)' at generation \(head.generation) cannot be rebuilt")
        }
        return found
    }

    /// The versions `commits` (one generation after the other from `start`, or from a snapshot)
    /// make at `generations`, each checked against its digest. Where a commit does not follow
    /// (a gap left by a collected history), nothing is found until the next snapshot.
    private func versions(
        along commits: [ServerCommit], from start: ServerVersion?, capturing generations: Set<Int64>
    ) throws -> [Int64: ServerVersion] {
        var found: [Int64: ServerVersion] = [:]
        var current = start
        for commit in commits {
            guard (try? coding.checkModelVersion(commit.modelVersion)) != nil else { return found }
            switch commit.commit.body {
            case .snapshot(let data):
                current = try? ServerVersion(id: commit.idBytes, value: coding.value(fromSnapshot: data))
            case .delta(let data):
                current = current.flatMap { base in
                    guard commit.commit.parents.first.map({ Data($0.bytes) }) == base.id,
                          let value = try? coding.applying(deltas: [data], to: base.value)
                    else { return nil }
                    return ServerVersion(id: commit.idBytes, value: value)
                }
            case .anchored:
                current = nil
            }
            // Only the versions asked for are checked: the digest costs a snapshot of the value.
            if let current, generations.contains(commit.generation), try coding.holds(current.value, of: commit.commit) {
                found[commit.generation] = current
            }
        }
        return found
    }

    /// Settles a commit this device sent without learning what became of it (the connection
    /// failed, or the process stopped, while it was on its way or staged). A version still staged
    /// is taken back, so that no turn merges it as well as the version that replaces it; else the
    /// server says: the fetch merges the generation that took it, or finds it never landed.
    ///
    /// Runs before any other catch-up of a session (``catchUpAfterConnecting(on:)``): the
    /// generation that took a staged version is merged into main against that version's value,
    /// which is right only while the server fork holds the generation it was made from.
    func settleUncertainUpload(on connection: PostgresConnection) async throws {
        guard let pending = localState.pendingCommit else { return }
        if try await store.withdraw(pending, on: connection) {
            try clearPendingCommit()
            return
        }
        try await fetch(on: connection)
        if localState.pendingCommit == pending { try clearPendingCommit() }
    }

    /// After a restart, reads back from the server the value of this device's staged version
    /// that one of `commits` merged, when it was made from the version the server fork holds:
    /// what main's changes are measured from (``rebuilt(_:_:)``), rather than finding them on
    /// both sides of the merge.
    func recallStagedUpload(mergedIn commits: [ServerCommit], on connection: PostgresConnection) async throws {
        let local = localState
        guard let pending = local.pendingCommit, stagedUpload(pending) == nil,
              commits.contains(where: { $0.commit.parents.dropFirst().contains { Data($0.bytes) == pending } }),
              let staged = try await store.storedCommit(pending, on: connection),
              staged.parents.first.map({ Data($0.bytes) }) == local.head,
              let base = try resource.value(in: Self.serverFork), try holdsRecordedHead(base, local),
              let value = try? coding.value(of: staged, madeFrom: base)
        else { return }
        shared.withLock { $0.stagedUpload = StagedUpload(id: pending, value: value, payloadBytes: staged.body.payload.count) }
    }

    /// The version this device staged as `id`, while this process knows it.
    func stagedUpload(_ id: Data) -> StagedUpload? {
        shared.withLock { state in state.stagedUpload.flatMap { $0.id == id ? $0 : nil } }
    }
}
