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
        // Group commit: a device stages its version, then waits for the turn; whoever gets the
        // turn merges every staged version into one generation, and a device whose version was
        // taken meanwhile gets the turn only to see that and give it straight back (in the
        // server, with no round trip to the device). Taken versions move to forked_commits as
        // commits that made no generation, parents of the generation that merged them.
        [
            """
            CREATE TABLE forked_staged (
                document text NOT NULL,
                id bytea NOT NULL,
                parents bytea NOT NULL,
                origin text NOT NULL,
                time_ms bigint NOT NULL,
                value_digest bytea NOT NULL,
                kind smallint NOT NULL CHECK (kind IN (0, 1)),
                payload bytea NOT NULL,
                base_generation bigint NOT NULL,
                model_version integer NOT NULL,
                staged_at timestamptz NOT NULL DEFAULT clock_timestamp(),
                PRIMARY KEY (document, id)
            )
            """,
            // Row kinds: 0 the head, turn held; 1 the head, turn not held (the version named was
            // taken, or dropped, while the device waited); 2 a commit after `known`; 3 a staged version.
            """
            CREATE FUNCTION forked_begin_staged_turn(document_name text, known bigint, staged_id bytea)
            RETURNS TABLE (
                row_kind smallint, head_generation bigint, head_id bytea, head_device text, head_model_version integer,
                id bytea, parents bytea, origin text, time_ms bigint, value_digest bytea, kind smallint,
                payload bytea, generation bigint, model_version integer
            )
            LANGUAGE plpgsql VOLATILE AS $$
            DECLARE
                locked forked_documents%ROWTYPE;
                published boolean;
                holding boolean;
            BEGIN
                PERFORM pg_advisory_lock(1718579819, hashtext(document_name));
                -- Waits for the previous turn's publish to commit, so what follows sees it.
                SELECT * INTO locked FROM forked_documents d WHERE d.name = document_name FOR UPDATE;
                published := FOUND;
                holding := published AND EXISTS (
                    SELECT 1 FROM forked_staged s WHERE s.document = document_name AND s.id = staged_id
                );
                IF NOT holding THEN
                    PERFORM pg_advisory_unlock(1718579819, hashtext(document_name));
                END IF;
                IF NOT published THEN
                    RETURN;
                END IF;
                RETURN QUERY SELECT (CASE WHEN holding THEN 0 ELSE 1 END)::smallint,
                    locked.generation, locked.head, locked.device, locked.model_version,
                    NULL::bytea, NULL::bytea, NULL::text, NULL::bigint, NULL::bytea, NULL::smallint, NULL::bytea,
                    NULL::bigint, NULL::integer;
                RETURN QUERY SELECT 2::smallint, locked.generation, locked.head, locked.device, locked.model_version,
                    c.id, c.parents, c.origin, c.time_ms, c.value_digest, c.kind, c.payload, c.generation, c.model_version
                    FROM forked_commits c
                    WHERE c.document = document_name AND known > 0 AND c.generation > known AND c.generation <= locked.generation
                    ORDER BY c.generation;
                IF holding THEN
                    RETURN QUERY SELECT 3::smallint, locked.generation, locked.head, locked.device, locked.model_version,
                        s.id, s.parents, s.origin, s.time_ms, s.value_digest, s.kind, s.payload, s.base_generation,
                        s.model_version
                        FROM forked_staged s WHERE s.document = document_name ORDER BY s.staged_at, s.id;
                END IF;
            END
            $$
            """,
            // All or nothing: when a version to take was withdrawn, or the document is no longer
            // at `expected`, nothing changes, the turn stays held, and the answer is false.
            """
            CREATE FUNCTION forked_publish_staged(
                document_name text, expected bigint, new_generation bigint, new_id bytea, publisher text,
                new_model_version integer, new_parents bytea, new_origin text, new_time_ms bigint, new_digest bytea,
                new_kind smallint, new_payload bytea, taken bytea[], dropped bytea[], channel text, announcement text
            ) RETURNS boolean
            LANGUAGE plpgsql VOLATILE AS $$
            DECLARE
                moved integer;
            BEGIN
                BEGIN
                    DELETE FROM forked_staged s WHERE s.document = document_name AND s.id = ANY(dropped);
                    WITH gone AS (
                        DELETE FROM forked_staged s WHERE s.document = document_name AND s.id = ANY(taken)
                        RETURNING s.id, s.parents, s.origin, s.time_ms, s.value_digest, s.kind, s.payload, s.model_version
                    ), kept AS (
                        INSERT INTO forked_commits
                            (document, id, parents, origin, time_ms, value_digest, kind, payload, generation, model_version)
                        SELECT document_name, g.id, g.parents, g.origin, g.time_ms, g.value_digest, g.kind, g.payload,
                            NULL, g.model_version
                        FROM gone g
                        ON CONFLICT (document, id) DO NOTHING
                    )
                    SELECT count(*) INTO moved FROM gone;
                    IF moved <> coalesce(array_length(taken, 1), 0) THEN
                        RAISE EXCEPTION 'a staged version was withdrawn';
                    END IF;
                    UPDATE forked_documents d SET generation = new_generation, head = new_id, device = publisher,
                        model_version = new_model_version, updated_at = now()
                    WHERE d.name = document_name AND d.generation = expected;
                    IF NOT FOUND THEN
                        RAISE EXCEPTION 'the document moved';
                    END IF;
                    INSERT INTO forked_commits
                        (document, id, parents, origin, time_ms, value_digest, kind, payload, generation, model_version)
                    VALUES (document_name, new_id, new_parents, new_origin, new_time_ms, new_digest, new_kind, new_payload,
                        new_generation, new_model_version);
                    PERFORM pg_notify(channel, announcement);
                EXCEPTION WHEN raise_exception THEN
                    RETURN false;
                END;
                PERFORM pg_advisory_unlock(1718579819, hashtext(document_name));
                RETURN true;
            END
            $$
            """,
        ],
        // 6: each document's key for sealing its notifications (``NotificationSeal``): any
        // login hears every NOTIFY, so what they carry is sealed with a key only those who may
        // read the row learn. Documents published before it get one from the next device.
        [
            "ALTER TABLE forked_documents ADD COLUMN channel_key bytea CHECK (channel_key IS NULL OR octet_length(channel_key) = 32)",
        ],
        // 7: each document's owner and members, enforced by the server (``ServerAccess``).
        ServerAccess.migration,
    ]

    /// Brings the database's tables to ``currentVersion`` and checks that they are usable (``probes``).
    ///
    /// A database already at this version is only read: a member of a document needs no right
    /// to create or change anything. One behind is migrated when the role may (the database's
    /// owner, or whoever ran ``script`` by hand); for any other role that is
    /// ``PostgresSyncError/schemaNotSetUp(server:found:needed:)``.
    ///
    /// - Throws: ``PostgresSyncError/schemaTooNew(found:supported:)`` when a newer build migrated it;
    ///   the server's error for a table, column or function that is missing or not allowed.
    static func migrate(_ connection: PostgresConnection, server: String, logger: Logger) async throws {
        let found = try await version(on: connection, logger: logger)
        guard found < currentVersion else {
            guard found == currentVersion else { throw PostgresSyncError.schemaTooNew(found: found, supported: currentVersion) }
            for probe in probes { try await connection.query(probe, logger: logger) }
            return
        }
        do {
            try await runMigrations(connection, logger: logger)
        } catch {
            // postgres-nio wraps what failed inside the transaction.
            let failure = (error as? PostgresTransactionError)?.closureError ?? error
            guard let refusal = failure as? PSQLError, refusal.serverInfo?[.sqlState] == "42501" else { throw error }
            throw PostgresSyncError.schemaNotSetUp(server: server, found: found, needed: currentVersion)
        }
    }

    /// The schema version the database is at: 0 before the first migration.
    static func version(on connection: PostgresConnection, logger: Logger) async throws -> Int {
        var exists = false
        for try await found in try await connection.query(
            "SELECT to_regclass('forked_schema') IS NOT NULL", logger: logger
        ).decode(Bool.self) {
            exists = found
        }
        guard exists else { return 0 }
        var version = 0
        for try await found in try await connection.query(
            "SELECT coalesce(max(version), 0)::integer FROM forked_schema", logger: logger
        ).decode(Int.self) {
            version = found
        }
        return version
    }

    private static func runMigrations(_ connection: PostgresConnection, logger: Logger) async throws {
        try await connection.withTransaction(logger: logger) { connection in
            // A constant key: every exchange of every build serialises its migrations on it.
            try await connection.query("SELECT pg_advisory_xact_lock(7261626172)", logger: logger)
            try await connection.query(createVersionTable, logger: logger)
            let found = try await version(on: connection, logger: logger)
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

    private static let createVersionTable: PostgresQuery =
        "CREATE TABLE IF NOT EXISTS forked_schema (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())"

    /// Every migration as one SQL script, for an administrator who runs it with psql rather than
    /// letting `forked-edit sync-setup` connect: each migration in a transaction of its own,
    /// skipped by hand when `forked_schema` already records it.
    static var script: String {
        var lines = [
            "-- The sync tables of forked-edit, schema version \(currentVersion). Run as the role that is to own them",
            "-- (normally the database's owner), e.g. psql -v ON_ERROR_STOP=1 -f this-file URL. On a database that",
            "-- has them already, run only the migrations after SELECT max(version) FROM forked_schema.",
            "",
            createVersionTable.sql + ";",
        ]
        for (index, statements) in migrations.enumerated() {
            lines += ["", "-- Migration \(index + 1)", "BEGIN;"]
            lines += statements.map { $0.sql + ";" }
            lines += ["INSERT INTO forked_schema (version) VALUES (\(index + 1));", "COMMIT;"]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Queries that read no rows but name every table, column and function the exchange uses,
    /// so that one dropped or altered by hand, or one the user has no rights on, is found when
    /// connecting (``PostgresSyncError/schemaDamaged(server:detail:)``,
    /// ``PostgresSyncError/permissionDenied(server:detail:)``) rather than in the middle of a sync.
    static let probes: [PostgresQuery] = [
        "SELECT name, generation, head, device, model_version, updated_at, channel_key, owner FROM forked_documents LIMIT 0",
        """
        SELECT document, id, parents, origin, time_ms, value_digest, kind, payload, generation, model_version
        FROM forked_commits LIMIT 0
        """,
        "SELECT document, device, head, commit_id, updated_at FROM forked_history_heads LIMIT 0",
        "SELECT document, before_ms FROM forked_history_collections LIMIT 0",
        "SELECT document, member, can_write FROM forked_members LIMIT 0",
        "SELECT document, can_write FROM forked_my_memberships LIMIT 0",
        """
        SELECT 'forked_begin_staged_turn(text,bigint,bytea)'::regprocedure,
               'forked_document_access(text)'::regprocedure, 'forked_turn_key(text)'::regprocedure,
               'forked_announce_key(text)'::regprocedure,
               'forked_publish_staged(text,bigint,bigint,bytea,text,integer,bytea,text,bigint,bytea,smallint,bytea,bytea[],bytea[],text,text)'::regprocedure,
               'forked_end_turn(text)'::regprocedure
        """,
        """
        SELECT document, id, parents, origin, time_ms, value_digest, kind, payload, base_generation, model_version, staged_at
        FROM forked_staged LIMIT 0
        """,
    ]
}
