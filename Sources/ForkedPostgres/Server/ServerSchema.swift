import Logging
import PostgresNIO

/// The exchange's tables, created and migrated by the exchange itself.
///
/// `forked_schema` records which migrations ran. Migrations run in one transaction under an
/// advisory lock, so devices connecting at the same moment do not race each other, and a
/// database written by a newer build is refused rather than changed.
enum ServerSchema {
    /// The channel `NOTIFY` announces new generations on. One channel for every document:
    /// a listener ignores other documents' announcements by their name.
    static let channel = "forked_documents"

    /// The channel devices tell each other where they are in a document on (``PresenceNote``).
    static let presenceChannel = "forked_presence"

    /// The newest schema version this build knows.
    static var currentVersion: Int { migrations.count }

    /// Each migration's statements, in order; migration N brings the schema to version N.
    /// A published migration is never edited: changes go in a new one.
    static let migrations: [[PostgresQuery]] = [
        [
            """
            CREATE TABLE forked_documents (
                name text PRIMARY KEY,
                generation bigint NOT NULL CHECK (generation > 0),
                head bytea NOT NULL,
                device text NOT NULL,
                model_version integer NOT NULL,
                updated_at timestamptz NOT NULL DEFAULT now()
            )
            """,
            """
            CREATE TABLE forked_commits (
                document text NOT NULL,
                id bytea NOT NULL,
                parents bytea NOT NULL,
                origin text NOT NULL,
                time_ms bigint NOT NULL,
                value_digest bytea NOT NULL,
                kind smallint NOT NULL CHECK (kind IN (0, 1)),
                payload bytea NOT NULL,
                generation bigint NOT NULL,
                model_version integer NOT NULL,
                PRIMARY KEY (document, id)
            )
            """,
            "CREATE UNIQUE INDEX forked_commits_by_generation ON forked_commits (document, generation)",
        ],
        // Histories uploaded as they are: commits that made no generation, anchored deltas, each
        // device's heads, and up to when the history was collected.
        [
            "ALTER TABLE forked_commits ALTER COLUMN generation DROP NOT NULL",
            "ALTER TABLE forked_commits DROP CONSTRAINT forked_commits_kind_check",
            "ALTER TABLE forked_commits ADD CONSTRAINT forked_commits_kind_check CHECK (kind IN (0, 1, 2))",
            """
            CREATE TABLE forked_history_heads (
                document text NOT NULL,
                device text NOT NULL,
                head text NOT NULL,
                commit_id bytea NOT NULL,
                updated_at timestamptz NOT NULL DEFAULT now(),
                PRIMARY KEY (document, device, head)
            )
            """,
            "CREATE TABLE forked_history_collections (document text PRIMARY KEY, before_ms bigint NOT NULL)",
        ],
    ]

    /// Brings the database's tables to ``currentVersion``.
    ///
    /// - Throws: ``PostgresSyncError/schemaTooNew(found:supported:)`` when a newer build migrated it.
    static func migrate(_ connection: PostgresConnection, logger: Logger) async throws {
        try await connection.withTransaction(logger: logger) { connection in
            // A constant key: every exchange of every build serialises its migrations on it.
            try await connection.query("SELECT pg_advisory_xact_lock(7261626172)", logger: logger)
            try await connection.query(
                "CREATE TABLE IF NOT EXISTS forked_schema (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
                logger: logger
            )
            var found = 0
            for try await version in try await connection.query(
                "SELECT coalesce(max(version), 0)::integer FROM forked_schema", logger: logger
            ).decode(Int.self) {
                found = version
            }
            guard found <= currentVersion else {
                throw PostgresSyncError.schemaTooNew(found: found, supported: currentVersion)
            }
            for (index, statements) in migrations.enumerated() where index + 1 > found {
                for statement in statements { try await connection.query(statement, logger: logger) }
                try await connection.query("INSERT INTO forked_schema (version) VALUES (\(index + 1))", logger: logger)
                logger.info("sync schema migrated", metadata: ["version": "\(index + 1)"])
            }
        }
    }
}
