import Forked
import ForkedHistory
import Foundation
import PostgresNIO

extension PostgresExchange {
    /// Publishes main when it differs from the server fork, retrying after a fetch and merge when
    /// another device published first. Does nothing before the first successful fetch.
    func uploadPendingChanges(on connection: PostgresConnection) async throws {
        guard localState.hasFetched else { return }
        for attempt in 1...options.maximumUploadAttempts {
            let main = try resource.value(in: .main)
            let server = try resource.value(in: Self.serverFork)
            // A removed value is not published: the server keeps the last content.
            guard let main, main != server else {
                updateStatus { $0.hasPendingChanges = false }
                return
            }
            updateStatus { $0.hasPendingChanges = true }
            let local = localState
            let base = try holdsRecordedHead(server, local) ? server : nil
            let commit = try makeCommit(of: main, parent: local.head, base: base, generation: local.generation + 1)
            try updateLocalState { $0.pendingCommit = commit.idBytes }
            switch try await store.publish(commit, expecting: local.generation, device: deviceID, on: connection) {
            case .published(let generation):
                try resource.restart(Self.serverFork, with: main)
                try updateLocalState { local in
                    local.generation = generation
                    local.head = commit.idBytes
                    local.headDigest = Data(commit.commit.valueDigest.bytes)
                    local.pendingCommit = nil
                }
                let stillPending = try resource.value(in: .main) != main
                updateStatus { status in
                    status.generation = generation
                    status.uploads += 1
                    status.payloadBytesUploaded += commit.commit.body.payload.count
                    status.lastSync = Date()
                    status.hasPendingChanges = stillPending
                }
                logger.debug("published", metadata: ["generation": "\(generation)", "bytes": "\(commit.commit.body.payload.count)"])
                return
            case .generationMoved:
                updateStatus { $0.conflicts += 1 }
                try await fetch(on: connection)
                // Devices that collided wait a little, differently, before trying again.
                let wait = Duration.milliseconds(5 * (1 << min(attempt, 8))) * Double.random(in: 0.5..<1.5)
                try await Task.sleep(for: wait)
            }
        }
        throw PostgresSyncError.tooManyConflicts(attempts: options.maximumUploadAttempts)
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
