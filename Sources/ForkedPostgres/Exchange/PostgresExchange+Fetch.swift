import Forked
import ForkedHistory
import Foundation
import PostgresNIO

extension PostgresExchange {
    /// Brings the server fork to the server's newest version and merges it into main.
    ///
    /// The value is rebuilt from the commits after the one the server fork holds, or from the
    /// newest snapshot when that one is unknown. When the commits include this device's own
    /// pending upload (it landed, but the answer was lost), the server fork restarts from it
    /// instead of merging it: main already has those changes.
    func fetch(on connection: PostgresConnection) async throws {
        guard let head = try await store.head(on: connection) else {
            // Nobody published the document yet: main is the first version.
            try markFetched(generation: 0, head: nil, digest: nil)
            return
        }
        try coding.checkModelVersion(head.modelVersion)
        let local = localState
        guard head.generation != local.generation || head.head != local.head else {
            try markFetched(generation: head.generation, head: head.head, digest: local.headDigest)
            return
        }
        var value = try resource.value(in: Self.serverFork)
        var commits: [ServerCommit] = []
        if local.generation > 0, local.generation < head.generation {
            commits = try await store.commits(after: local.generation, through: head.generation, on: connection)
        }
        // A delta applies only to the value of the commit it names; the server fork's value is
        // checked against the digest recorded with that commit (a crash between updating the
        // fork and recording the state can leave them apart), else the value is rebuilt from a snapshot.
        var followsKnownHead = false
        if let first = commits.first {
            let continuesHead = first.commit.parents.first.map { Data($0.bytes) } == local.head
            followsKnownHead = try first.commit.body.isSnapshot || (continuesHead && holdsRecordedHead(value, local))
        }
        if !followsKnownHead || commits.count != Int(head.generation - local.generation) {
            guard let snapshot = try await store.latestSnapshotGeneration(atOrBefore: head.generation, on: connection) else {
                throw PostgresSyncError.corruptDocument("'\(document)' has no snapshot to start from")
            }
            commits = try await store.commits(after: snapshot - 1, through: head.generation, on: connection)
        }
        guard let last = commits.last, last.idBytes == head.head, last.generation == head.generation else {
            throw PostgresSyncError.corruptDocument("'\(document)' at generation \(head.generation) misses commits")
        }
        var landedPending = false
        var previous = commits.first?.commit.body.isSnapshot == true ? nil : local.head
        for commit in commits {
            try coding.checkModelVersion(commit.modelVersion)
            if !commit.commit.body.isSnapshot, commit.commit.parents.first.map({ Data($0.bytes) }) != previous {
                throw PostgresSyncError.corruptDocument("commit \(commit.hexID) is a delta against a commit that is not before it")
            }
            value = try rebuild(commit, on: value)
            previous = commit.idBytes
            if commit.idBytes == local.pendingCommit {
                try resource.restart(Self.serverFork, with: value)
                landedPending = true
                // It is this device's upload, whose answer was lost: counted as one.
                updateStatus {
                    $0.uploads += 1
                    $0.payloadBytesUploaded += commit.commit.body.payload.count
                }
                logger.notice("an upload whose answer was lost had landed", metadata: ["generation": "\(commit.generation)"])
            }
        }
        guard let value, let snapshot = try? coding.snapshot(of: value), SHA256Digest.digest(of: snapshot) == last.commit.valueDigest else {
            throw PostgresSyncError.corruptDocument("the value rebuilt for generation \(head.generation) does not match its digest")
        }
        if try value != resource.value(in: Self.serverFork) {
            try resource.update(Self.serverFork, with: value)
            try resource.mergeIntoMain(from: Self.serverFork)
            updateStatus { $0.remoteChangesApplied += 1 }
            logger.debug("merged server version", metadata: ["generation": "\(head.generation)"])
        }
        try markFetched(generation: head.generation, head: head.head, digest: Data(last.commit.valueDigest.bytes), clearingPending: landedPending)
    }

    /// The value `commit` holds, given the value of its first parent (the commit before it in
    /// generation order).
    private func rebuild(_ commit: ServerCommit, on base: Resource?) throws -> Resource {
        switch commit.commit.body {
        case .snapshot(let data):
            return try coding.value(fromSnapshot: data)
        case .delta(let data):
            guard let base else {
                throw PostgresSyncError.corruptDocument("commit \(commit.hexID) is a delta with no value before it")
            }
            return try coding.applying(delta: data, to: base)
        case .anchored:
            // Generations are rebuilt one after the other; a delta against an older one has no
            // base here.
            throw PostgresSyncError.corruptDocument("commit \(commit.hexID) is a delta against an older version")
        }
    }

    /// Whether `value` is the value of the commit the local state records as the server's head.
    func holdsRecordedHead(_ value: Resource?, _ local: ExchangeLocalState) throws -> Bool {
        guard let value, let recorded = local.headDigest else { return false }
        return Data(SHA256Digest.digest(of: try coding.snapshot(of: value)).bytes) == recorded
    }

    private func markFetched(generation: Int64, head: Data?, digest: Data?, clearingPending: Bool = false) throws {
        try updateLocalState { local in
            local.generation = generation
            local.head = head
            local.headDigest = digest
            local.hasFetched = true
            if clearingPending { local.pendingCommit = nil }
        }
        updateStatus { status in
            status.generation = generation
            status.lastSync = Date()
        }
    }
}
