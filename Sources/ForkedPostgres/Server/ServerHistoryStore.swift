import Foundation
import ForkedHistory
import Logging
import PostgresNIO

/// The SQL behind a document's history on the server: the `forked_commits` rows (published
/// generations and commits uploaded from local histories alike) and `forked_history_heads`.
///
/// Writers of history and collection serialise on one advisory lock per document, so a commit
/// is never uploaded as a delta against a base that collection is removing at that moment.
struct ServerHistoryStore: Sendable {
    let document: String
    let logger: Logger

    /// The head name the published document's newest commit has in ``heads(on:)``.
    static let publishedHead = "server"

    /// Waits for the document's history lock, held until the transaction ends.
    ///
    /// Keyed by the document's secret turn key (``ServerAccess``), one bit flipped so as not to be
    /// the turn itself: a role that may not write the document can neither take it nor learn it.
    func lock(inTransactionOn connection: PostgresConnection) async throws {
        _ = try await connection.query("SELECT pg_advisory_xact_lock(forked_turn_key(\(document)) # 1)", logger: logger).collect()
    }

    /// Which of `ids` the server holds for the document.
    func existing(_ ids: [CommitID], on connection: PostgresConnection) async throws -> Set<CommitID> {
        guard !ids.isEmpty else { return [] }
        let buffers = ids.map { ByteBuffer(bytes: $0.bytes) }
        let rows = try await connection.query(
            "SELECT id FROM forked_commits WHERE document = \(document) AND id = ANY(\(buffers))", logger: logger
        )
        var found = Set<CommitID>()
        for try await id in rows.decode(Data.self) {
            if let commit = CommitID(bytes: id) { found.insert(commit) }
        }
        return found
    }

    /// Stores `commit` as a commit that made no generation; nothing when it is there already.
    func insert(_ commit: HistoryCommit, modelVersion: Int, on connection: PostgresConnection) async throws {
        try await connection.query(
            """
            INSERT INTO forked_commits (document, id, parents, origin, time_ms, value_digest, kind, payload, generation, model_version)
            VALUES (\(document), \(Data(commit.id.bytes)), \(ServerCommit.packedParents(of: commit)), \(commit.origin),
                \(commit.milliseconds), \(Data(commit.valueDigest.bytes)), \(Int16(commit.body.kind)), \(commit.body.payload),
                NULL, \(modelVersion))
            ON CONFLICT (document, id) DO NOTHING
            """,
            logger: logger
        )
    }

    /// Points `device`'s head `head` at `id`.
    func setHead(device: String, head: String, to id: CommitID, on connection: PostgresConnection) async throws {
        try await connection.query(
            """
            INSERT INTO forked_history_heads (document, device, head, commit_id) VALUES (\(document), \(device), \(head), \(Data(id.bytes)))
            ON CONFLICT (document, device, head) DO UPDATE SET commit_id = excluded.commit_id, updated_at = now()
            """,
            logger: logger
        )
    }

    /// Every commit of the document, oldest first.
    func allCommits(on connection: PostgresConnection) async throws -> [HistoryCommit] {
        let rows = try await connection.query(
            """
            SELECT id, parents, origin, time_ms, value_digest, kind, payload FROM forked_commits
            WHERE document = \(document) ORDER BY time_ms, generation NULLS LAST
            """,
            logger: logger
        )
        var commits: [HistoryCommit] = []
        for try await (id, parents, origin, time, digest, kind, payload) in rows.decode((Data, Data, String, Int64, Data, Int16, Data).self) {
            commits.append(try ServerCommit.historyCommit(
                storedID: id, parents: parents, origin: origin, timeMilliseconds: time, valueDigest: digest, kind: kind,
                payload: payload, describedAs: "history commit \(CommitID(bytes: id)?.short ?? "?")"
            ))
        }
        return commits
    }

    /// The heads: `device/head` for each uploaded history's head, and ``publishedHead`` for the
    /// document's newest published commit.
    func heads(on connection: PostgresConnection) async throws -> [String: CommitID] {
        var heads: [String: CommitID] = [:]
        let rows = try await connection.query(
            "SELECT device, head, commit_id FROM forked_history_heads WHERE document = \(document)", logger: logger
        )
        for try await (device, head, id) in rows.decode((String, String, Data).self) {
            if let commit = CommitID(bytes: id) { heads["\(device)/\(head)"] = commit }
        }
        let published = try await connection.query("SELECT head FROM forked_documents WHERE name = \(document)", logger: logger)
        for try await id in published.decode(Data.self) {
            if let commit = CommitID(bytes: id) { heads[Self.publishedHead] = commit }
        }
        return heads
    }

    /// Removes the commits with `ids`.
    func remove(_ ids: [CommitID], on connection: PostgresConnection) async throws {
        guard !ids.isEmpty else { return }
        let buffers = ids.map { ByteBuffer(bytes: $0.bytes) }
        try await connection.query(
            "DELETE FROM forked_commits WHERE document = \(document) AND id = ANY(\(buffers))", logger: logger
        )
    }

    /// The time (milliseconds since 1970) before which the document's history was collected.
    func collectedBefore(on connection: PostgresConnection) async throws -> Int64? {
        let rows = try await connection.query(
            "SELECT before_ms FROM forked_history_collections WHERE document = \(document)", logger: logger
        )
        for try await before in rows.decode(Int64.self) { return before }
        return nil
    }

    /// Notes that the history before `cutoff` was collected (a later cutoff only moves it on).
    func recordCollection(before cutoff: Date, on connection: PostgresConnection) async throws {
        let milliseconds = Int64((cutoff.timeIntervalSince1970 * 1000).rounded())
        try await connection.query(
            """
            INSERT INTO forked_history_collections (document, before_ms) VALUES (\(document), \(milliseconds))
            ON CONFLICT (document) DO UPDATE SET before_ms = greatest(forked_history_collections.before_ms, excluded.before_ms)
            """,
            logger: logger
        )
    }

    /// Replaces the stored body of commit `commit.id` (its id is unchanged: bodies are outside it).
    func replaceBody(of commit: HistoryCommit, on connection: PostgresConnection) async throws {
        try await connection.query(
            """
            UPDATE forked_commits SET kind = \(Int16(commit.body.kind)), payload = \(commit.body.payload)
            WHERE document = \(document) AND id = \(Data(commit.id.bytes))
            """,
            logger: logger
        )
    }
}
