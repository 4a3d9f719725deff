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
    /// The largest commit payload taken from the server (``PostgresExchange/Options/maximumDocumentBytes``):
    /// a larger one is not transferred (its row comes back without it) and stops the sync.
    var maximumPayloadBytes = 32 << 20

    /// Refuses a payload, or a value rebuilt from payloads, of `bytes` bytes when it is over
    /// ``maximumPayloadBytes``.
    func checkSize(_ bytes: Int) throws {
        guard bytes <= maximumPayloadBytes else {
            throw PostgresSyncError.documentTooLarge(document: document, bytes: bytes, limit: maximumPayloadBytes)
        }
    }

    /// The columns of a commit's row, the payload only when it is within ``maximumPayloadBytes``
    /// and its length always (the limit is a number this code formats, not text from outside).
    private var commitColumns: String {
        "id, parents, origin, time_ms, value_digest, kind, "
            + "CASE WHEN octet_length(payload) <= \(maximumPayloadBytes) THEN payload END, octet_length(payload), "
            + "generation, model_version"
    }

    /// The generations a document's row, a commit or an announcement may name: from 1 (the
    /// first upload) and short of `Int64.max`, so that the generation after any of them exists.
    /// A value outside them (a damaged or crafted row or notification) is refused where it is
    /// read, before any arithmetic on it, and stops the sync of the document.
    static let generations: ClosedRange<Int64> = 1...(Int64.max - 1)

    /// How an error says that a generation is outside ``generations``.
    static var generationsWording: String { "outside 1…\(generations.upperBound)" }

    /// The generation an upload after `generation` makes.
    ///
    /// - Throws: ``PostgresSyncError/corruptDocument(_:)`` when there is none within ``generations``.
    static func generation(after generation: Int64) throws -> Int64 {
        let (next, overflow) = generation.addingReportingOverflow(1)
        guard !overflow, generations.contains(next) else {
            throw PostgresSyncError.corruptDocument("no generation can follow generation \(generation)")
        }
        return next
    }

    /// A row of `forked_documents` as read, refusing a generation outside ``generations``.
    func checkedHead(generation: Int64, head: Data, device: String, modelVersion: Int) throws -> Head {
        guard Self.generations.contains(generation) else {
            throw PostgresSyncError.corruptDocument("'\(document)' is at generation \(generation), \(Self.generationsWording)")
        }
        return Head(generation: generation, head: head, device: device, modelVersion: modelVersion)
    }

    /// The document's row, or `nil` when no device has published it yet.
    func head(on connection: PostgresConnection) async throws -> Head? {
        try await head("SELECT generation, head, device, model_version FROM forked_documents WHERE name = \(document)", on: connection)
    }

    private func head(_ query: PostgresQuery, on connection: PostgresConnection) async throws -> Head? {
        let rows = try await connection.query(query, logger: logger)
        for try await (generation, head, device, modelVersion) in rows.decode((Int64, Data, String, Int).self) {
            return try checkedHead(generation: generation, head: head, device: device, modelVersion: modelVersion)
        }
        return nil
    }

    /// The commits that made generations `after + 1 ... through`, oldest first.
    func commits(after: Int64, through: Int64, on connection: PostgresConnection) async throws -> [ServerCommit] {
        try await selectCommits(
            """
            SELECT \(unescaped: commitColumns)
            FROM forked_commits WHERE document = \(document) AND generation > \(after) AND generation <= \(through)
            ORDER BY generation
            """,
            on: connection
        )
    }

    /// The commits that made generations `first ... through`, oldest first: from a snapshot's
    /// generation on, with no arithmetic on a generation the server returned.
    func commits(from first: Int64, through: Int64, on connection: PostgresConnection) async throws -> [ServerCommit] {
        try await selectCommits(
            """
            SELECT \(unescaped: commitColumns)
            FROM forked_commits WHERE document = \(document) AND generation >= \(first) AND generation <= \(through)
            ORDER BY generation
            """,
            on: connection
        )
    }

    /// The newest generation whose value has `digest`, with its commit's id: `nil` when no
    /// published version of the document has that value.
    func newestGeneration(withValueDigest digest: Data, on connection: PostgresConnection) async throws -> (generation: Int64, id: Data)? {
        let rows = try await connection.query(
            """
            SELECT generation, id FROM forked_commits
            WHERE document = \(document) AND value_digest = \(digest) AND generation IS NOT NULL
            ORDER BY generation DESC LIMIT 1
            """,
            logger: logger
        )
        for try await (generation, id) in rows.decode((Int64, Data).self) where Self.generations.contains(generation) {
            return (generation, id)
        }
        return nil
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

    /// The oldest whole version of the document the server keeps (its first, until the history
    /// is collected), which a device joining with a copy of it merges against.
    func earliestSnapshot(on connection: PostgresConnection) async throws -> ServerCommit? {
        try await selectCommits(
            """
            SELECT \(unescaped: commitColumns)
            FROM forked_commits WHERE document = \(document) AND kind = 0 AND generation IS NOT NULL
            ORDER BY generation LIMIT 1
            """,
            on: connection
        ).first
    }

    /// Makes `commit` the document's head if the document is still at `expected` (0: not yet
    /// published), stores it and announces it, in one statement: one round trip.
    ///
    /// The row is updated (or inserted) first; the commit is stored and announced only for the
    /// row the update returned, so an upload that lost the race changes nothing.
    ///
    /// The announcement is sealed with `seal` (``NotificationSeal``); a document published for
    /// the first time keeps `seal`'s key as its announcement key and `channelKey` as the key of
    /// its presence notes.
    func publish(
        _ commit: ServerCommit, expecting expected: Int64, device: String, announcingWith seal: NotificationSeal,
        channelKey: Data, on connection: PostgresConnection
    ) async throws -> PublishOutcome {
        // The parameters by number, as both forms of the statement use them; the SQL below is
        // constant text, every value reaches the server as a parameter.
        var binds = PostgresBindings(capacity: 14)
        binds.append(document)                                           // $1
        binds.append(commit.generation)                                  // $2
        try binds.append(commit.idBytes)                                 // $3
        binds.append(device)                                             // $4
        binds.append(commit.modelVersion)                                // $5
        binds.append(expected)                                           // $6
        try binds.append(commit.packedParents)                           // $7
        binds.append(commit.commit.origin)                               // $8
        binds.append(commit.commit.milliseconds)                         // $9
        try binds.append(Data(commit.commit.valueDigest.bytes))          // $10
        binds.append(commit.kind)                                        // $11
        try binds.append(commit.commit.body.payload)                     // $12
        binds.append(ServerSchema.channel)                               // $13
        binds.append(try seal.seal(Announcement(document: document, device: device, announcing: commit).payload)) // $14
        // A first publish inserts the row in a statement of its own, before the commit: the
        // commit's row-level policy (``ServerAccess``) looks the document up, and would not see a
        // row inserted earlier in the same statement.
        let moved = expected == 0
            ? "SELECT $2::bigint AS generation WHERE $6::bigint = 0"
            : """
            UPDATE forked_documents SET generation = $2, head = $3, device = $4, model_version = $5, updated_at = now()
            WHERE name = $1 AND generation = $6 RETURNING generation
            """
        let statement = PostgresQuery(unsafeSQL: """
            WITH moved AS (\(moved)), stored AS (
                INSERT INTO forked_commits
                    (document, id, parents, origin, time_ms, value_digest, kind, payload, generation, model_version)
                SELECT $1, $3, $7, $8, $9, $10, $11, $12, moved.generation, $5 FROM moved
                RETURNING generation
            )
            SELECT pg_notify($13, $14) FROM stored
            """, binds: binds)
        guard expected == 0 else {
            let published = try await connection.query(statement, logger: logger).collect()
            return published.isEmpty ? .generationMoved : .published(generation: commit.generation)
        }
        let (generation, head, modelVersion, key, announceKey) = (commit.generation, commit.idBytes, commit.modelVersion, channelKey, seal.keyBytes)
        return try await connection.withTransaction(logger: logger) { connection in
            let inserted = try await connection.query(
                """
                INSERT INTO forked_documents (name, generation, head, device, model_version, channel_key)
                VALUES (\(document), \(generation), \(head), \(device), \(modelVersion), \(key))
                ON CONFLICT (name) DO NOTHING RETURNING generation
                """,
                logger: logger
            ).collect()
            guard !inserted.isEmpty else { return .generationMoved }
            // The document's secrets (``ServerAccess``), with the key its announcements are sealed
            // with: this one's, which no one can have read yet (the row is not committed).
            _ = try await connection.query("SELECT forked_turn_key(\(document))", logger: logger).collect()
            _ = try await connection.query(
                "UPDATE forked_document_secrets SET announce_key = \(announceKey) WHERE document = \(document)", logger: logger
            ).collect()
            _ = try await connection.query(statement, logger: logger).collect()
            return .published(generation: generation)
        }
    }

    /// Waits until no other transaction holds the document's row, holds it until this
    /// transaction ends (another device's upload cannot overtake what this one does meanwhile)
    /// and returns it: `nil` for a document not yet published (there is no row to hold).
    func lockedHead(inTransactionOn connection: PostgresConnection) async throws -> Head? {
        try await head(
            "SELECT generation, head, device, model_version FROM forked_documents WHERE name = \(document) FOR UPDATE",
            on: connection
        )
    }

    /// The key the document's notifications are sealed with (``NotificationSeal``): the one its
    /// row holds, or `candidate`'s, stored now, for a document published before keys were kept.
    /// `nil` while the document has no row (its first publish stores the key).
    func notificationSeal(settingIfMissing candidate: NotificationSeal, on connection: PostgresConnection) async throws -> NotificationSeal? {
        let rows = try await connection.query(
            """
            WITH set AS (
                UPDATE forked_documents SET channel_key = \(candidate.keyBytes)
                WHERE name = \(document) AND channel_key IS NULL RETURNING channel_key
            )
            SELECT channel_key FROM set
            UNION ALL SELECT channel_key FROM forked_documents WHERE name = \(document) AND channel_key IS NOT NULL
            """,
            logger: logger
        )
        for try await key in rows.decode(Data.self) {
            guard let seal = NotificationSeal(keyBytes: key, document: document) else {
                throw PostgresSyncError.corruptDocument("'\(document)' has a channel key of \(key.count) bytes")
            }
            return seal
        }
        return nil
    }

    /// The key the document's announcements are sealed with: `nil` while it has no row, or for
    /// a login that may not write it (``ServerAccess``).
    func announceKey(on connection: PostgresConnection) async throws -> Data? {
        for try await key in try await connection.query("SELECT forked_announce_key(\(document))", logger: logger).decode(Data?.self) {
            return key
        }
        return nil
    }

    /// Ends this connection's turn at the document, if it holds one.
    func endTurn(on connection: PostgresConnection) async throws {
        _ = try await connection.query("SELECT forked_end_turn(\(document))", logger: logger).collect()
    }

    private func selectCommits(_ query: PostgresQuery, on connection: PostgresConnection) async throws -> [ServerCommit] {
        var commits: [ServerCommit] = []
        let rows = try await connection.query(query, logger: logger)
        for try await (id, parents, origin, time, digest, kind, payload, length, generation, modelVersion)
            in rows.decode((Data, Data, String, Int64, Data, Int16, Data?, Int32, Int64, Int).self) {
            guard let payload else { throw PostgresSyncError.documentTooLarge(document: document, bytes: Int(length), limit: maximumPayloadBytes) }
            commits.append(try ServerCommit(
                storedID: id, parents: parents, origin: origin, timeMilliseconds: time, valueDigest: digest, kind: kind,
                payload: payload, generation: generation, modelVersion: modelVersion
            ))
        }
        return commits
    }
}
