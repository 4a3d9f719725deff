import Forked
import ForkedHistory
import Foundation
import PostgresNIO

extension PostgresExchange {
    /// Brings the server fork to the server's newest version and merges it into main.
    func fetch(on connection: PostgresConnection) async throws {
        let head = try await store.head(on: connection)
        // The keys of the document's notifications, once it has a row: without them, presence
        // cannot be read, and what other devices announce only fetched.
        if head != nil {
            if shared.withLock({ $0.seal == nil }) { _ = try await notificationSeal(on: connection) }
            if mayPublish, shared.withLock({ $0.announceSeal == nil }) { _ = try await announcementSeal(on: connection) }
        }
        try await catchUp(to: head, on: connection)
    }

    /// Brings the server fork to `head`, the document's row as just read, and merges it into main.
    ///
    /// The value is rebuilt from the commits after the one the server fork holds, or from the
    /// newest snapshot when that one is unknown. `fetched`: those commits when they were read
    /// with the head (``DocumentStore/beginStagedTurn(after:staged:on:)``).
    func catchUp(to head: DocumentStore.Head?, fetched: [ServerCommit]? = nil, on connection: PostgresConnection) async throws {
        if let caughtUp = try await caughtUp(to: head, fetched: fetched, on: connection) { try record(caughtUp) }
    }

    /// The server's value at `head`, rebuilt from its commits and merged with main in memory,
    /// for ``record(_:)`` to write; `nil` when there was nothing new (that is recorded at once).
    func caughtUp(to head: DocumentStore.Head?, fetched: [ServerCommit]? = nil, on connection: PostgresConnection) async throws -> CaughtUp? {
        if !localState.hasFetched { try await adoptOrClearServerFork(on: connection) }
        guard let head else {
            // Nobody published the document yet: main is the first version.
            try markFetched(generation: 0, head: nil, digest: nil)
            return nil
        }
        try coding.checkModelVersion(head.modelVersion)
        let local = localState
        guard head.generation != local.generation || head.head != local.head else {
            try markFetched(generation: head.generation, head: head.head, digest: local.headDigest)
            return nil
        }
        var commits: [ServerCommit] = []
        if local.generation > 0, local.generation < head.generation {
            if let fetched {
                commits = fetched
            } else {
                commits = try await store.commits(after: local.generation, through: head.generation, on: connection)
            }
        }
        // Both generations were range-checked where they were read; the difference is checked
        // all the same, since it decides how many commits are expected.
        let (behind, overflow) = head.generation.subtractingReportingOverflow(local.generation)
        if try overflow || Int64(commits.count) != behind || !continuesServerFork(commits, local) {
            guard let snapshot = try await store.latestSnapshotGeneration(atOrBefore: head.generation, on: connection) else {
                throw PostgresSyncError.corruptDocument("'\(document)' has no snapshot to start from")
            }
            commits = try await store.commits(from: snapshot, through: head.generation, on: connection)
        }
        guard let last = commits.last, last.idBytes == head.head, last.generation == head.generation else {
            throw PostgresSyncError.corruptDocument("'\(document)' at generation \(head.generation) misses commits")
        }
        try await recallStagedUpload(mergedIn: commits, on: connection)
        if !local.hasFetched, let ancestor = try await joinAncestor(on: connection) {
            // Until the state records this fetch, a restart of the exchange starts the join over.
            try resource.restart(Self.serverFork, with: ancestor)
        }
        return try rebuilt(commits, local)
    }

    /// Before a device's first recorded fetch of the document: keeps what the server fork holds
    /// when it is a version of this document the server published (its digest is a commit's),
    /// recording that generation as the one the fork holds; else empties it.
    ///
    /// The state file is written lazily: a device killed after its first merge of the server's
    /// version into main, and before the file said so, has main holding the server's lines and
    /// the server fork holding the version they came from. Emptied, as it was, the fork made the
    /// restart a join with no ancestor, and every line main had taken from the server was kept
    /// twice (found by killing a device at every step of its sync). A fork holding another
    /// document's value (the resource synced elsewhere before) matches none of this document's
    /// versions and is emptied, so that it cannot make main's text look deleted.
    private func adoptOrClearServerFork(on connection: PostgresConnection) async throws {
        guard let held = try resource.value(in: Self.serverFork) else { return }
        let digest = Data(SHA256Digest.digest(of: try coding.snapshot(of: held)).bytes)
        guard let (generation, id) = try await store.newestGeneration(withValueDigest: digest, on: connection) else {
            try resource.restart(Self.serverFork, with: nil)
            return
        }
        logger.notice("the server fork holds a published version; catching up from it", metadata: ["generation": "\(generation)"])
        try updateLocalState { local in
            local.generation = generation
            local.head = id
            local.headDigest = digest
            local.hasFetched = true
        }
    }

    /// At a device's first fetch of the document, the oldest whole version the server keeps,
    /// when main's value descends from it (``ValueMerging/descends(_:from:)``: a file joining a
    /// document that started from a copy of it). The join then merges three-way against that
    /// version, so main's edits apply to the document, instead of salvaging two-way and keeping
    /// both versions of every line either side changed since. `nil` when main holds nothing,
    /// the server fork already holds a value, or main does not descend from that version.
    private func joinAncestor(on connection: PostgresConnection) async throws -> Resource? {
        guard let main = try resource.value(in: .main), try resource.value(in: Self.serverFork) == nil,
              let earliest = try await store.earliestSnapshot(on: connection), case .snapshot(let data) = earliest.commit.body
        else { return nil }
        try coding.checkModelVersion(earliest.modelVersion)
        let version = try coding.value(fromSnapshot: data)
        // A version that does not match its digest is left to the rebuild, which reports it.
        guard try coding.holds(version, of: earliest.commit),
              ValueMerging.descends(main, from: version)
        else { return nil }
        logger.notice("joining as a copy of an earlier version", metadata: ["generation": "\(earliest.generation)"])
        return version
    }

    /// Applies the commits other devices' announcements carried, when they continue what the
    /// server fork holds one generation after the other; returns `false` when they do not (a
    /// gap, a commit too large to announce, a server fork out of step) and a fetch must fill in.
    ///
    /// Announcements that arrived together are applied together: one merge into main and one
    /// state update for all of them.
    func receive(_ announced: [ServerCommit]) throws -> Bool {
        let local = localState
        var commits: [ServerCommit] = []
        for commit in announced.sorted(by: { $0.generation < $1.generation }) where commit.generation > local.generation {
            // Anyone who can connect can announce: the generation that would follow is computed
            // with the overflow checked, and one outside ``DocumentStore/generations`` is left
            // to the fetch, which reports it (an announced generation near `Int64.max` must
            // neither trap here nor become the generation the next upload counts on from).
            let (next, overflow) = local.generation.addingReportingOverflow(Int64(commits.count) + 1)
            guard !overflow, DocumentStore.generations.contains(next), commit.generation == next else {
                if commits.last?.generation == commit.generation { continue }
                return false
            }
            commits.append(commit)
        }
        guard !commits.isEmpty else { return true }
        guard local.generation > 0, try continuesServerFork(commits, local) else { return false }
        do {
            try record(try rebuilt(commits, local))
        } catch {
            // Anyone who can connect can send a notification: what the announcement claimed is
            // left to the server's rows, which the fetch reads (and whose errors it reports).
            logger.warning("an announced commit could not be applied; fetching instead", metadata: ["reason": "\(error)"])
            return false
        }
        updateStatus { $0.commitsFromAnnouncements += commits.count }
        return true
    }

    /// Whether `commits` can be applied to the server fork's value: they start with a snapshot,
    /// or with a delta against the head the local state records, which the server fork holds.
    ///
    /// A delta applies only to the value of the commit it names; the server fork's value is
    /// checked against the digest recorded with that commit (a crash between updating the fork
    /// and recording the state can leave them apart).
    private func continuesServerFork(_ commits: [ServerCommit], _ local: ExchangeLocalState) throws -> Bool {
        guard let first = commits.first else { return false }
        if first.commit.body.isSnapshot { return true }
        guard first.commit.parents.first.map({ Data($0.bytes) }) == local.head else { return false }
        return try holdsRecordedHead(resource.value(in: Self.serverFork), local)
    }

    /// The server's commits a device caught up with: the value they lead to, merged with main in
    /// memory. Nothing of it is written until ``record(_:)``, so that an upload's turn can publish
    /// the merge before the repository write, out of the way of the devices waiting for the turn.
    struct CaughtUp: Sendable {
        /// The last of the commits.
        let last: ServerCommit
        /// The server fork's new value merged into main; `nil` when the server fork already holds it.
        let merge: ReceivedMerge<Resource>?
        /// Whether this device's pending upload was among the commits (the server fork restarted from it).
        let landedPending: Bool
        /// The device that made the newest of the commits that were not this device's own.
        let remoteDevice: String?

        /// The value the server has at ``last``.
        let value: Resource
    }

    /// Rebuilds the value of the last of `commits` (consecutive generations, starting from a
    /// snapshot or from the server fork's value), checks it against its digest and merges it
    /// with main in memory (written by ``record(_:)``).
    ///
    /// Consecutive deltas are applied as one run (``ValueCoding/applying(deltas:to:)``): a
    /// device catching up applies dozens at a time, inside an upload's turn too, while every
    /// other device waits.
    ///
    /// When the commits include this device's own pending upload (it landed, but the answer was
    /// lost), or a generation that merged it (staged for a turn), the server fork restarts from
    /// it instead of merging it: main already has those changes. The commits before a pending
    /// upload are merged into main first if the server fork does not hold them: an upload's turn publishes its merge of them before writing it (``record(_:)``
    /// after the publish), and a crash in between leaves the repository without them.
    private func rebuilt(_ commits: [ServerCommit], _ local: ExchangeLocalState) throws -> CaughtUp {
        guard let last = commits.last else { throw PostgresSyncError.corruptDocument("'\(document)' has no commits to catch up with") }
        var value = try resource.value(in: Self.serverFork)
        // Deltas read but not applied yet, and the commit the first of them belongs to.
        var run: [Data] = []
        var runStart: ServerCommit?
        func applyRun() throws {
            guard let first = runStart else { return }
            guard let base = value else {
                throw PostgresSyncError.corruptDocument("commit \(first.hexID) is a delta with no value before it")
            }
            value = try coding.applying(deltas: run, to: base)
            run.removeAll()
            runStart = nil
        }
        var landedPending = false
        var previous = commits.first?.commit.body.isSnapshot == true ? nil : local.head
        for commit in commits {
            try coding.checkModelVersion(commit.modelVersion)
            if !commit.commit.body.isSnapshot, commit.commit.parents.first.map({ Data($0.bytes) }) != previous {
                throw PostgresSyncError.corruptDocument("commit \(commit.hexID) is a delta against a commit that is not before it")
            }
            previous = commit.idBytes
            let isPending = commit.idBytes == local.pendingCommit
            let mergesPending = local.pendingCommit.map { pending in
                commit.commit.parents.dropFirst().contains { Data($0.bytes) == pending }
            } ?? false
            if isPending {
                try applyRun()
                // The server fork holds the value of a generation this device knew, unless the
                // upload had been recorded there (``finishUpload``) and only the state file's
                // lazy write was lost: then it already holds what the commit published, and
                // merging "back" to the value before it would take the upload out of main.
                if let before = value, try before != resource.value(in: Self.serverFork),
                   try !holdsValue(of: commit, resource.value(in: Self.serverFork)) {
                    try resource.mergeIntoMain(from: Self.serverFork, receiving: before)
                    updateStatus { $0.remoteChangesApplied += 1 }
                    logger.notice("merged the commits before an upload whose answer was lost", metadata: ["generation": "\(commit.generation &- 1)"])
                }
            }
            switch commit.commit.body {
            case .snapshot(let data):
                run.removeAll()
                runStart = nil
                value = try coding.value(fromSnapshot: data)
            case .delta(let data):
                if runStart == nil { runStart = commit }
                run.append(data)
            case .anchored:
                // Generations are rebuilt one after the other; a delta against an older one has no
                // base here.
                throw PostgresSyncError.corruptDocument("commit \(commit.hexID) is a delta against an older version")
            }
            if isPending {
                try applyRun()
                try resource.restart(Self.serverFork, with: value)
                landedPending = true
                // It is this device's upload, whose answer was lost: counted as one.
                updateStatus {
                    $0.uploads += 1
                    $0.payloadBytesUploaded += commit.commit.body.payload.count
                }
                logger.notice("an upload whose answer was lost had landed", metadata: ["generation": "\(commit.generation)"])
            }
            if mergesPending, let pending = local.pendingCommit {
                // This device's staged version, merged by the device that held the turn. Main
                // has its changes: what the generation adds is measured from its value, kept
                // while it waited or read back after a restart (``recallStagedUpload``); when
                // neither can be had, the merge finds those changes on both sides. Its value is
                // what main shares with the generation only while the server fork holds the
                // version it was made from: a session settles a version left staged before it
                // fetches anything newer (``catchUpAfterConnecting(on:)``).
                try applyRun()
                let own = stagedUpload(pending)
                if let own { try resource.restart(Self.serverFork, with: own.value) }
                landedPending = true
                updateStatus {
                    $0.uploads += 1
                    $0.payloadBytesUploaded += own?.payloadBytes ?? 0
                }
            }
        }
        try applyRun()
        guard let value, let snapshot = try? coding.snapshot(of: value), SHA256Digest.digest(of: snapshot) == last.commit.valueDigest else {
            throw PostgresSyncError.corruptDocument("the value rebuilt for generation \(last.generation) does not match its digest")
        }
        // Small changes can add up to a value larger than any one of them.
        try store.checkSize(snapshot.count)
        let merge = try value != resource.value(in: Self.serverFork) ? resource.preparedMerge(from: Self.serverFork, receiving: value) : nil
        let remoteDevice = commits.last { $0.idBytes != local.pendingCommit && $0.commit.origin != deviceID }?.commit.origin
        return CaughtUp(last: last, merge: merge, landedPending: landedPending, remoteDevice: remoteDevice, value: value)
    }

    /// Writes what ``rebuilt(_:_:)`` caught up with: the server fork's new value merged into main
    /// (computed again if main changed meanwhile), and the generation reached.
    func record(_ caughtUp: CaughtUp) throws {
        if let merge = caughtUp.merge {
            // One write of the repository, not two: on disk each write flushes it several times.
            let written = try resource.writeMerge(merge)
            updateStatus { status in
                status.remoteChangesApplied += 1
                if let device = caughtUp.remoteDevice { status.lastRemoteDevice = device }
                status.noteKept(written.conflicts)
            }
            logger.debug("merged server version", metadata: ["generation": "\(caughtUp.last.generation)"])
        }
        let last = caughtUp.last
        try markFetched(
            generation: last.generation, head: last.idBytes, digest: Data(last.commit.valueDigest.bytes), clearingPending: caughtUp.landedPending
        )
    }

    /// Whether `value` is the value `commit` made the document's (its digest matches).
    private func holdsValue(of commit: ServerCommit, _ value: Resource?) throws -> Bool {
        guard let value else { return false }
        return SHA256Digest.digest(of: try coding.snapshot(of: value)) == commit.commit.valueDigest
    }

    /// Whether `value` is the value of the commit the local state records as the server's head.
    func holdsRecordedHead(_ value: Resource?, _ local: ExchangeLocalState) throws -> Bool {
        guard let value, let recorded = local.headDigest else { return false }
        return Data(SHA256Digest.digest(of: try coding.snapshot(of: value)).bytes) == recorded
    }

    private func markFetched(generation: Int64, head: Data?, digest: Data?, clearingPending: Bool = false) throws {
        try updateLocalState(durably: clearingPending) { local in
            local.generation = generation
            local.head = head
            local.headDigest = digest
            local.hasFetched = true
            if clearingPending { local.pendingCommit = nil }
        }
        if clearingPending { try pendingSlot.clear() }
        updateStatus { status in
            status.generation = generation
            status.lastSync = Date()
        }
    }
}
