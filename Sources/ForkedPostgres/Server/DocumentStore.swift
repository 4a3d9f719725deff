import Foundation
import Logging
import PostgresNIO

/// The SQL the exchange runs for one document, all with bind parameters: the document's name
/// and every value reach the server as parameters, never as SQL text.
struct DocumentStore: Sendable {
    /// What the `forked_documents` row says about the newest version.
    struct Head: Sendable, Equatable {
        let generation: Int64
        let head: Data
        let device: String
        let modelVersion: Int
    }

    /// What became of an upload.
    enum PublishOutcome: Sendable, Equatable {
        /// The commit is the document's new head at this generation.
        case published(generation: Int64)
        /// Another device published first: the document is past the generation the upload was based on.
        case generationMoved
    }

    let document: String
    let logger: Logger

    /// The document's row, or `nil` when no device has published it yet.
    func head(on connection: PostgresConnection) async throws -> Head? {
        let rows = try await connection.query(
            "SELECT generation, head, device, model_version FROM forked_documents WHERE name = \(document)",
            logger: logger
        )
        for try await (generation, head, device, modelVersion) in rows.decode((Int64, Data, String, Int).self) {
            return Head(generation: generation, head: head, device: device, modelVersion: modelVersion)
        }
        return nil
    }

    /// The commits that made generations `after + 1 ... through`, oldest first.
    func commits(after: Int64, through: Int64, on connection: PostgresConnection) async throws -> [ServerCommit] {
        try await selectCommits(
            """
            SELECT id, parents, origin, time_ms, value_digest, kind, payload, generation, model_version
            FROM forked_commits WHERE document = \(document) AND generation > \(after) AND generation <= \(through)
            ORDER BY generation
            """,
            on: connection
        )
    }

    /// The generation of the newest snapshot at or before `generation`, where rebuilding a value starts.
    func latestSnapshotGeneration(atOrBefore generation: Int64, on connection: PostgresConnection) async throws -> Int64? {
        let rows = try await connection.query(
            """
            SELECT max(generation) FROM forked_commits
            WHERE document = \(document) AND kind = 0 AND generation <= \(generation)
            """,
            logger: logger
        )
        for try await found in rows.decode(Int64?.self) { return found }
        return nil
    }

    /// Makes `commit` the document's head if the document is still at `expected` (0: not yet
    /// published), and announces it, all in one transaction.
    func publish(_ commit: ServerCommit, expecting expected: Int64, device: String, on connection: PostgresConnection) async throws -> PublishOutcome {
        try await connection.withTransaction(logger: logger) { connection in
            try await publish(commit, expecting: expected, device: device, inTransactionOn: connection)
        }
    }

    /// Waits until no other transaction holds the document's row, and holds it until this
    /// transaction ends: another device's upload cannot overtake what this one does meanwhile.
    /// Does nothing for a document not yet published (there is no row to hold).
    func lock(inTransactionOn connection: PostgresConnection) async throws {
        _ = try await connection.query(
            "SELECT generation FROM forked_documents WHERE name = \(document) FOR UPDATE", logger: logger
        ).collect()
    }

    /// ``publish(_:expecting:device:on:)``'s statements, inside a transaction the caller runs.
    func publish(
        _ commit: ServerCommit, expecting expected: Int64, device: String, inTransactionOn connection: PostgresConnection
    ) async throws -> PublishOutcome {
        let moved: Bool
        if expected == 0 {
            let rows = try await connection.query(
                """
                INSERT INTO forked_documents (name, generation, head, device, model_version)
                VALUES (\(document), \(commit.generation), \(commit.idBytes), \(device), \(commit.modelVersion))
                ON CONFLICT (name) DO NOTHING RETURNING generation
                """,
                logger: logger
            )
            moved = try await rows.collect().isEmpty
        } else {
            let rows = try await connection.query(
                """
                UPDATE forked_documents SET generation = \(commit.generation), head = \(commit.idBytes),
                    device = \(device), model_version = \(commit.modelVersion), updated_at = now()
                WHERE name = \(document) AND generation = \(expected) RETURNING generation
                """,
                logger: logger
            )
            moved = try await rows.collect().isEmpty
        }
        guard !moved else { return .generationMoved }
        try await connection.query(
            """
            INSERT INTO forked_commits
                (document, id, parents, origin, time_ms, value_digest, kind, payload, generation, model_version)
            VALUES (\(document), \(commit.idBytes), \(commit.packedParents), \(commit.commit.origin), \(commit.commit.milliseconds),
                \(Data(commit.commit.valueDigest.bytes)), \(commit.kind), \(commit.commit.body.payload), \(commit.generation),
                \(commit.modelVersion))
            """,
            logger: logger
        )
        let announcement = Announcement(document: document, generation: commit.generation, device: device)
        try await connection.query(
            "SELECT pg_notify(\(ServerSchema.channel), \(announcement.payload))", logger: logger
        )
        return .published(generation: commit.generation)
    }

    private func selectCommits(_ query: PostgresQuery, on connection: PostgresConnection) async throws -> [ServerCommit] {
        var commits: [ServerCommit] = []
        let rows = try await connection.query(query, logger: logger)
        for try await (id, parents, origin, time, digest, kind, payload, generation, modelVersion)
            in rows.decode((Data, Data, String, Int64, Data, Int16, Data, Int64, Int).self) {
            commits.append(try ServerCommit(
                storedID: id, parents: parents, origin: origin, timeMilliseconds: time, valueDigest: digest, kind: kind,
                payload: payload, generation: generation, modelVersion: modelVersion
            ))
        }
        return commits
    }
}
