import Foundation
import ForkedHistory
import PostgresNIO

/// Group commit: versions staged by devices that wait for the document's turn, merged by the one
/// that gets it into a single generation.
extension DocumentStore {
    /// What beginning a turn with a staged version found.
    struct StagedTurn: Sendable {
        /// The document's row; `nil` for a document not yet published (no turn is held then).
        let head: Head?
        /// The commits after the generation the device knows, up to the head, oldest first.
        let commits: [ServerCommit]
        /// Every staged version, oldest first, the device's own among them, when this connection
        /// holds the turn; `nil` when it does not: the device's version was merged into a
        /// generation (or dropped as unusable) while it waited, and the turn was given back.
        let staged: [StagedVersion]?
    }

    /// Stores `version` for the device that holds the next turn to merge. Visible to that device
    /// once this returns (the statement commits by itself).
    func stage(_ version: StagedVersion, on connection: PostgresConnection) async throws {
        let commit = version.commit
        _ = try await connection.query(
            """
            INSERT INTO forked_staged
                (document, id, parents, origin, time_ms, value_digest, kind, payload, base_generation, model_version)
            VALUES (\(document), \(version.idBytes), \(ServerCommit.packedParents(of: commit)), \(commit.origin),
                \(commit.milliseconds), \(Data(commit.valueDigest.bytes)), \(Int16(commit.body.kind)), \(commit.body.payload),
                \(version.baseGeneration), \(version.modelVersion))
            ON CONFLICT (document, id) DO NOTHING
            """,
            logger: logger
        ).collect()
    }

    /// Takes back the staged version `id`: `true` when it was still waiting (no turn will merge it
    /// now), `false` when it was not there: merged into a generation already, dropped, or never staged.
    func withdraw(_ id: Data, on connection: PostgresConnection) async throws -> Bool {
        let rows = try await connection.query(
            "DELETE FROM forked_staged WHERE document = \(document) AND id = \(id) RETURNING id", logger: logger
        ).collect()
        return !rows.isEmpty
    }

    /// Waits for the document's turn (as ``endTurn(on:)`` describes) with the staged version
    /// `stagedID` and returns the row, the commits after generation `known` (none when `known` is
    /// 0 or the head) and, when the turn is held, the staged versions.
    ///
    /// When the version was merged while the device waited, the turn is given back at once, in the
    /// same statement, and the commits include the generation that merged it.
    func beginStagedTurn(after known: Int64, staged stagedID: Data, on connection: PostgresConnection) async throws -> StagedTurn {
        var head: Head?
        var holding = false
        var commits: [ServerCommit] = []
        var staged: [StagedVersion] = []
        let rows = try await connection.query(
            "SELECT * FROM forked_begin_staged_turn(\(document), \(known), \(stagedID))", logger: logger
        )
        for try await row in rows.decode(
            (Int16, Int64, Data, String, Int, Data?, Data?, String?, Int64?, Data?, Int16?, Data?, Int64?, Int?).self
        ) {
            switch row.0 {
            case 0, 1:
                head = try checkedHead(generation: row.1, head: row.2, device: row.3, modelVersion: row.4)
                holding = row.0 == 0
            default:
                guard let id = row.5, let parents = row.6, let origin = row.7, let time = row.8, let digest = row.9,
                      let kind = row.10, let payload = row.11, let generation = row.12, let modelVersion = row.13
                else { throw PostgresSyncError.corruptDocument("'\(document)' has a commit with missing fields") }
                try checkSize(payload.count)
                if row.0 == 2 {
                    commits.append(try ServerCommit(
                        storedID: id, parents: parents, origin: origin, timeMilliseconds: time, valueDigest: digest, kind: kind,
                        payload: payload, generation: generation, modelVersion: modelVersion
                    ))
                } else {
                    staged.append(try StagedVersion(
                        storedID: id, parents: parents, origin: origin, timeMilliseconds: time, valueDigest: digest, kind: kind,
                        payload: payload, baseGeneration: generation, modelVersion: modelVersion
                    ))
                }
            }
        }
        return StagedTurn(head: head, commits: commits, staged: holding ? staged : nil)
    }

    /// The commit `id` of the document's history: a version a turn merged is kept there.
    func storedCommit(_ id: Data, on connection: PostgresConnection) async throws -> HistoryCommit? {
        let rows = try await connection.query(
            """
            SELECT id, parents, origin, time_ms, value_digest, kind, payload FROM forked_commits
            WHERE document = \(document) AND id = \(id)
            """,
            logger: logger
        )
        for try await (id, parents, origin, time, digest, kind, payload) in rows.decode((Data, Data, String, Int64, Data, Int16, Data).self) {
            try checkSize(payload.count)
            return try ServerCommit.historyCommit(
                storedID: id, parents: parents, origin: origin, timeMilliseconds: time, valueDigest: digest, kind: kind,
                payload: payload, describedAs: "a merged version"
            )
        }
        return nil
    }

    /// In the turn: makes `commit` (parents: the head at `expected`, then the versions `taken`) the
    /// document's head, moves the taken versions to the commits, deletes the `dropped` ones,
    /// announces the commit and ends the turn, in one statement. All or nothing: when a taken
    /// version was withdrawn meanwhile or the document moved past `expected` (an upload outside
    /// any turn), nothing changes and the turn stays held.
    func publish(
        _ commit: ServerCommit, taking taken: [Data], dropping dropped: [Data], expecting expected: Int64, device: String,
        sealedWith seal: NotificationSeal, on connection: PostgresConnection
    ) async throws -> PublishOutcome {
        var binds = PostgresBindings(capacity: 16)
        binds.append(document)
        binds.append(expected)
        binds.append(commit.generation)
        try binds.append(commit.idBytes)
        binds.append(device)
        binds.append(commit.modelVersion)
        try binds.append(commit.packedParents)
        binds.append(commit.commit.origin)
        binds.append(commit.commit.milliseconds)
        try binds.append(Data(commit.commit.valueDigest.bytes))
        binds.append(commit.kind)
        try binds.append(commit.commit.body.payload)
        binds.append(taken.map { ByteBuffer(bytes: $0) })
        binds.append(dropped.map { ByteBuffer(bytes: $0) })
        binds.append(ServerSchema.channel)
        binds.append(try seal.seal(Announcement(document: document, device: device, announcing: commit).payload))
        let statement = PostgresQuery(
            unsafeSQL: "SELECT forked_publish_staged($1, $2, $3, $4, $5, $6::integer, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)",
            binds: binds
        )
        for try await landed in try await connection.query(statement, logger: logger).decode(Bool.self) {
            return landed ? .published(generation: commit.generation) : .generationMoved
        }
        throw PostgresSyncError.corruptDocument("publishing '\(document)' returned nothing")
    }
}
