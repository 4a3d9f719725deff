import Forked
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
            try markFetched(generation: 0, head: nil)
            return
        }
        try coding.checkModelVersion(head.modelVersion)
        let local = localState
        guard head.generation != local.generation || head.head != local.head else {
            try markFetched(generation: head.generation, head: head.head)
            return
        }
        var value = try resource.value(in: Self.serverFork)
        var commits: [ServerCommit] = []
        if local.generation > 0, local.generation < head.generation {
            commits = try await store.commits(after: local.generation, through: head.generation, on: connection)
        }
        let followsKnownHead = commits.first.map { $0.kind == .snapshot || $0.parents.first == local.head } ?? false
        if !followsKnownHead || commits.count != Int(head.generation - local.generation) {
            guard let snapshot = try await store.latestSnapshotGeneration(atOrBefore: head.generation, on: connection) else {
                throw PostgresSyncError.corruptDocument("'\(document)' has no snapshot to start from")
            }
            commits = try await store.commits(after: snapshot - 1, through: head.generation, on: connection)
        }
        guard let last = commits.last, last.id == head.head, last.generation == head.generation else {
            throw PostgresSyncError.corruptDocument("'\(document)' at generation \(head.generation) misses commits")
        }
        var landedPending = false
        for commit in commits {
            try coding.checkModelVersion(commit.modelVersion)
            value = try rebuild(commit, on: value)
            if commit.id == local.pendingCommit {
                try resource.restart(Self.serverFork, with: value)
                landedPending = true
            }
        }
        guard let value, let snapshot = try? coding.snapshot(of: value), ServerCommit.digest(snapshot) == last.valueDigest else {
            throw PostgresSyncError.corruptDocument("the value rebuilt for generation \(head.generation) does not match its digest")
        }
        if try value != resource.value(in: Self.serverFork) {
            try resource.update(Self.serverFork, with: value)
            try resource.mergeIntoMain(from: Self.serverFork)
            updateStatus { $0.remoteChangesApplied += 1 }
            logger.debug("merged server version", metadata: ["generation": "\(head.generation)"])
        }
        try markFetched(generation: head.generation, head: head.head, clearingPending: landedPending)
    }

    /// The value `commit` holds, given the value of its first parent.
    private func rebuild(_ commit: ServerCommit, on base: Resource?) throws -> Resource {
        switch commit.kind {
        case .snapshot:
            return try coding.value(fromSnapshot: commit.payload)
        case .delta:
            throw PostgresSyncError.corruptDocument("commit \(commit.hexID) is a delta, which \(Resource.self) cannot apply")
        }
    }

    private func markFetched(generation: Int64, head: Data?, clearingPending: Bool = false) throws {
        try updateLocalState { local in
            local.generation = generation
            local.head = head
            local.hasFetched = true
            if clearingPending { local.pendingCommit = nil }
        }
        updateStatus { status in
            status.generation = generation
            status.lastSync = Date()
        }
    }
}
