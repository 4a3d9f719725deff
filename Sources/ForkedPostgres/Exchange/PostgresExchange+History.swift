import Forked
import ForkedHistory
import Foundation
import PostgresNIO

extension PostgresExchange {
    /// Uploads what is new in the local history given to ``uploadsHistory(from:)``. A local
    /// history that cannot be read is reported and skipped: it must not stop the sync itself.
    func uploadHistoryIfKept(on connection: PostgresConnection) async throws {
        guard mayPublish, let upload = shared.withLock({ $0.historyUpload }) else { return }
        do {
            try await upload(connection)
        } catch let error as HistoryError {
            logger.error("the local history was not uploaded", metadata: ["reason": "\(error)"])
        }
    }
}

extension PostgresExchange where Resource: HistoryValue {
    /// Keeps the server's copy of a local history: from now on the exchange uploads `store`'s
    /// commits as they are (the same ids, parents and bodies) and its heads, as this device's,
    /// on every connect, poll and upload. A history made offline goes up when the server is back.
    ///
    /// A commit whose delta base the server does not hold (collected there meanwhile) goes up
    /// whole instead, under the same id. Versions older than the server's last collection
    /// (``collectServerHistory(olderThan:retaining:)``) go up only when they are a head, so
    /// devices do not send back what the server removed.
    ///
    /// - Parameters:
    ///   - store: The local history.
    ///   - scope: Which versions leave the device: by default only what was published (the
    ///     versions main's head reaches, and main's head), so drafts typed in a fork and never
    ///     merged stay on it; ``HistoryUploadScope/everything`` sends every head's versions too.
    public func uploadsHistory(from store: any CommitStore, scope: HistoryUploadScope = .published()) {
        shared.withLock { state in
            state.historyUploaded = nil
            state.historyUpload = { [self] connection in try await uploadHistory(from: store, scope: scope, on: connection) }
        }
    }

    /// Every version of the document the server holds (published generations, under the head
    /// ``ServerHistoryStore/publishedHead``, and each device's uploaded history, under
    /// `device/fork`), read into memory for ``History``'s queries.
    public func serverHistory() async throws -> History<Resource> {
        try await withServerConnection { connection in
            let commits = try await historyStore.allCommits(on: connection)
            let heads = try await historyStore.heads(on: connection)
            let memory = InMemoryCommitStore()
            try memory.add(commits, movingHeads: heads)
            return History(store: memory)
        }
    }

    /// Removes the server's versions of the document older than `cutoff` that no head needs,
    /// as ``History/collect(olderThan:retaining:)`` does locally: every head (the published one
    /// and each device's) and every commit in `retained` stays, and a kept commit whose delta
    /// base goes is stored whole under the same id. Publishing and history uploads wait while
    /// it runs; a device whose last known version was removed rebuilds from a whole one.
    /// Returns how many commits were removed.
    @discardableResult
    public func collectServerHistory(olderThan cutoff: Date, retaining retained: Set<CommitID> = []) async throws -> Int {
        try await withServerConnection { connection in
            try await connection.withTransaction(logger: logger) { connection in
                _ = try await store.lockedHead(inTransactionOn: connection)
                try await historyStore.lock(inTransactionOn: connection)
                let commits = try await historyStore.allCommits(on: connection)
                let memory = InMemoryCommitStore()
                try memory.add(commits, movingHeads: try await historyStore.heads(on: connection))
                let removed = try History<Resource>(store: memory).collect(olderThan: cutoff, retaining: retained)
                let kept = Dictionary(try memory.allCommits().map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
                for commit in commits {
                    if let now = kept[commit.id], now.body != commit.body { try await historyStore.replaceBody(of: now, on: connection) }
                }
                try await historyStore.remove(commits.map(\.id).filter { kept[$0] == nil }, on: connection)
                try await historyStore.recordCollection(before: cutoff, on: connection)
                logger.info("collected the server's history", metadata: ["removed": "\(removed)"])
                return removed
            }
        }
    }

    /// Uploads `store`'s commits the server lacks and its heads, under the document's history lock.
    ///
    /// Only commits not handled by an earlier upload are looked up on the server, with their
    /// delta bases and the heads: a base is checked every time, since collection may have
    /// removed it meanwhile.
    private func uploadHistory(from store: any CommitStore, scope: HistoryUploadScope, on connection: PostgresConnection) async throws {
        let (commits, heads) = try scope.selection(of: store)
        let progress = shared.withLock { $0.historyUploaded } ?? HistoryUploadProgress()
        guard progress.commits != commits.count || progress.heads != heads else { return }
        let pending = commits.filter { !progress.handled.contains($0.id) }
        let modelVersion = try resource.value(in: .main).map(coding.modelVersion(of:)) ?? 0
        let sent = try await connection.withTransaction(logger: logger) { connection in
            try await historyStore.lock(inTransactionOn: connection)
            let bases = pending.compactMap { $0.body.deltaBase(firstParent: $0.parents.first) }
            let asked = Set(pending.map(\.id) + bases + heads.values)
            var available = try await historyStore.existing(Array(asked), on: connection)
            // What the server collected is not sent again: older versions go up only as heads.
            let collectedBefore = try await historyStore.collectedBefore(on: connection) ?? .min
            let headIDs = Set(heads.values)
            let local = History<Resource>(store: store)
            var sent = 0
            for commit in pending where !available.contains(commit.id) && (commit.milliseconds >= collectedBefore || headIDs.contains(commit.id)) {
                var upload = commit
                if let base = commit.body.deltaBase(firstParent: commit.parents.first), !available.contains(base) {
                    upload = commit.storing(.snapshot(try local.value(at: commit.id).snapshot()))
                }
                try await historyStore.insert(upload, modelVersion: modelVersion, on: connection)
                available.insert(commit.id)
                sent += 1
            }
            for (head, id) in heads.sorted(by: { $0.key < $1.key }) where available.contains(id) {
                try await historyStore.setHead(device: deviceID, head: head, to: id, on: connection)
            }
            return sent
        }
        shared.withLock {
            $0.historyUploaded = HistoryUploadProgress(
                commits: commits.count, heads: heads, handled: progress.handled.union(pending.map(\.id))
            )
        }
        if sent > 0 {
            updateStatus { $0.historyCommitsUploaded += sent }
            logger.debug("uploaded history", metadata: ["commits": "\(sent)"])
        }
    }

    /// Runs `body` on a connection of its own, with the tables migrated, and closes it.
    private func withServerConnection<Result: Sendable>(
        _ body: (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        try await connector.withConnection { connection in
            try await ServerSchema.migrate(connection, server: settings.description, logger: logger)
            return try await body(connection)
        }
    }
}
