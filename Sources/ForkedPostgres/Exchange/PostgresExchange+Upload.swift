import Forked
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
            let commit = try makeCommit(of: main, parent: local.head, generation: local.generation + 1)
            try updateLocalState { $0.pendingCommit = commit.id }
            switch try await store.publish(commit, expecting: local.generation, device: deviceID, on: connection) {
            case .published(let generation):
                try resource.restart(Self.serverFork, with: main)
                try updateLocalState { local in
                    local.generation = generation
                    local.head = commit.id
                    local.pendingCommit = nil
                }
                let stillPending = try resource.value(in: .main) != main
                updateStatus { status in
                    status.generation = generation
                    status.uploads += 1
                    status.payloadBytesUploaded += commit.payload.count
                    status.lastSync = Date()
                    status.hasPendingChanges = stillPending
                }
                logger.debug("published", metadata: ["generation": "\(generation)", "bytes": "\(commit.payload.count)"])
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

    /// The commit that makes `value` the document's version `generation`.
    private func makeCommit(of value: Resource, parent: Data?, generation: Int64) throws -> ServerCommit {
        let snapshot = try coding.snapshot(of: value)
        return ServerCommit(
            parents: parent.map { [$0] } ?? [], origin: deviceID,
            timeMilliseconds: Int64((Date().timeIntervalSince1970 * 1000).rounded()),
            valueDigest: ServerCommit.digest(snapshot), kind: .snapshot, payload: snapshot,
            generation: generation, modelVersion: coding.modelVersion(of: value)
        )
    }
}
