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
        // An upload's turn at the document's row in one round trip: the lock and the commits
        // the device has not seen. A function, because its second query sees what committed
        // while the first waited for the lock; one statement's snapshot would not.
        [
            """
            CREATE FUNCTION forked_lock_document(document_name text, known bigint)
            RETURNS TABLE (
                head_generation bigint, head_id bytea, head_device text, head_model_version integer,
                id bytea, parents bytea, origin text, time_ms bigint, value_digest bytea, kind smallint,
                payload bytea, generation bigint, model_version integer
            )
            LANGUAGE plpgsql VOLATILE AS $$
            DECLARE
                locked forked_documents%ROWTYPE;
            BEGIN
                SELECT * INTO locked FROM forked_documents d WHERE d.name = document_name FOR UPDATE;
                IF NOT FOUND THEN
                    RETURN;
                END IF;
                RETURN QUERY
                    SELECT locked.generation, locked.head, locked.device, locked.model_version,
                           c.id, c.parents, c.origin, c.time_ms, c.value_digest, c.kind, c.payload, c.generation, c.model_version
                    FROM forked_commits c
                    WHERE c.document = document_name AND known > 0 AND c.generation > known AND c.generation <= locked.generation
                    ORDER BY c.generation;
                IF NOT FOUND THEN
                    RETURN QUERY SELECT locked.generation, locked.head, locked.device, locked.model_version,
                        NULL::bytea, NULL::bytea, NULL::text, NULL::bigint, NULL::bytea, NULL::smallint, NULL::bytea,
                        NULL::bigint, NULL::integer;
                END IF;
            END
            $$
            """,
        ],
        // Upload turns held outside a transaction: a session-level advisory lock on the
        // document's name, which the publishing statement releases, so no COMMIT round trip is
        // left inside a turn. Beginning a turn still waits for the row (the previous turn's
        // publish commits just after it ends the turn) and reads the commits with a fresh snapshot.
        // The lock's first key is constant ("fork" in ASCII), so that turns do not meet the
        // database's other advisory locks; the second is a hash of the name.
        [
            """
            CREATE FUNCTION forked_end_turn(document_name text) RETURNS boolean
            LANGUAGE sql VOLATILE AS $$
                SELECT pg_advisory_unlock(1718579819, hashtext(document_name))
            $$
            """,
            """
            CREATE FUNCTION forked_begin_turn(document_name text, known bigint)
            RETURNS TABLE (
                head_generation bigint, head_id bytea, head_device text, head_model_version integer,
                id bytea, parents bytea, origin text, time_ms bigint, value_digest bytea, kind smallint,
                payload bytea, generation bigint, model_version integer
            )
            LANGUAGE plpgsql VOLATILE AS $$
            BEGIN
                PERFORM pg_advisory_lock(1718579819, hashtext(document_name));
                RETURN QUERY SELECT * FROM forked_lock_document(document_name, known);
            END
            $$
            """,
        ],
    ]

    /// Brings the database's tables to ``currentVersion`` and checks that they are usable (``probes``).
    ///
    /// - Throws: ``PostgresSyncError/schemaTooNew(found:supported:)`` when a newer build migrated it;
    ///   the server's error for a table, column or function that is missing or not allowed.
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
            for probe in probes { try await connection.query(probe, logger: logger) }
        }
    }

    /// Queries that read no rows but name every table, column and function the exchange uses,
    /// so that one dropped or altered by hand, or one the user has no rights on, is found when
    /// connecting (``PostgresSyncError/schemaDamaged(server:detail:)``,
    /// ``PostgresSyncError/permissionDenied(server:detail:)``) rather than in the middle of a sync.
    static let probes: [PostgresQuery] = [
        "SELECT name, generation, head, device, model_version, updated_at FROM forked_documents LIMIT 0",
        """
        SELECT document, id, parents, origin, time_ms, value_digest, kind, payload, generation, model_version
        FROM forked_commits LIMIT 0
        """,
        "SELECT document, device, head, commit_id, updated_at FROM forked_history_heads LIMIT 0",
        "SELECT document, before_ms FROM forked_history_collections LIMIT 0",
        """
        SELECT 'forked_lock_document(text,bigint)'::regprocedure, 'forked_begin_turn(text,bigint)'::regprocedure,
               'forked_end_turn(text)'::regprocedure
        """,
    ]
}
