import PostgresNIO

/// Who may read and write each document, enforced by PostgreSQL itself with row-level security
/// (the role CloudKit's private databases and shared zones play for the original Forked).
///
/// - A document has one owner, the role that first published it, and its name starts with the
///   owner's name and a slash (`alice/plan.txt`): no one can publish under another's name, and two
///   people's `plan.txt` never become one document.
/// - Its owner shares it with other roles, read-write or read-only (`forked_members`); sharing
///   with a group role shares with every role in it.
/// - A role that is neither owner nor member sees no row of the document, its history, staged
///   versions, members or secrets, and cannot change any of them; it cannot hold the document's
///   turn either, since the turn's advisory lock is keyed by a random number only writers can read
///   (`forked_document_secrets`), not by the guessable name.
/// - Announcements of new versions are sealed with a key only writers read (the same table):
///   a read-only member can open presence, sealed with the channel key every member reads, but
///   cannot forge a version for a writer's device to apply; its own devices fetch what is announced.
/// - Only the tables' owner (the role that ran the migrations, normally the database's owner,
///   with `forked-edit sync-setup`) changes the schema; members need `LOGIN` and `CONNECT` only.
///   The tables' owner and superusers are not held by the policies: they administer the server.
enum ServerAccess {
    /// Migration 7: owners, members, the policies and the turn lock keyed by a secret.
    static let migration: [PostgresQuery] = [
        "ALTER TABLE forked_documents ADD COLUMN owner text NOT NULL DEFAULT current_user",
        """
        CREATE TABLE forked_members (
            document text NOT NULL REFERENCES forked_documents (name) ON DELETE CASCADE,
            member text NOT NULL,
            can_write boolean NOT NULL,
            PRIMARY KEY (document, member)
        )
        """,
        """
        CREATE TABLE forked_document_secrets (
            document text PRIMARY KEY REFERENCES forked_documents (name) ON DELETE CASCADE,
            turn_lock bigint NOT NULL,
            announce_key bytea NOT NULL CHECK (octet_length(announce_key) = 32)
        )
        """,
        // The memberships of the role running the query, direct or through a group role. A view
        // reads its tables with its owner's rights, so the policies below can ask it without
        // meeting their own policies again; `current_user` inside it is still the caller.
        """
        CREATE VIEW forked_my_memberships AS
            SELECT m.document, m.can_write FROM forked_members m
            WHERE EXISTS (SELECT 1 FROM pg_roles r WHERE r.rolname = m.member AND pg_has_role(current_user, r.oid, 'MEMBER'))
        """,
        // The functions the policies call have SQL-standard bodies (BEGIN ATOMIC), bound to the
        // tables when they are made: a body in a string is parsed when it runs, in the caller's
        // search path, where a temporary table named forked_documents would come first and
        // answer for the real one.
        //
        // Superusers, roles that bypass row-level security, and the tables' owner.
        """
        CREATE FUNCTION forked_is_administrator() RETURNS boolean LANGUAGE sql STABLE
        BEGIN ATOMIC
            SELECT EXISTS (SELECT 1 FROM pg_roles r WHERE r.rolname = current_user AND (r.rolsuper OR r.rolbypassrls))
                OR pg_has_role(current_user, (SELECT c.relowner FROM pg_class c WHERE c.oid = 'forked_documents'::regclass), 'MEMBER');
        END
        """,
        // Readable: the document's row is visible to the caller (its policy below decides).
        """
        CREATE FUNCTION forked_may_read(document_name text) RETURNS boolean LANGUAGE sql STABLE
        BEGIN ATOMIC
            SELECT EXISTS (SELECT 1 FROM forked_documents d WHERE d.name = document_name);
        END
        """,
        """
        CREATE FUNCTION forked_may_write(document_name text) RETURNS boolean LANGUAGE sql STABLE
        BEGIN ATOMIC
            SELECT EXISTS (
                SELECT 1 FROM forked_documents d WHERE d.name = document_name AND (
                    d.owner = current_user
                    OR EXISTS (SELECT 1 FROM forked_my_memberships m WHERE m.document = d.name AND m.can_write)
                    OR forked_is_administrator()
                )
            );
        END
        """,
        """
        CREATE FUNCTION forked_owns(document_name text) RETURNS boolean LANGUAGE sql STABLE
        BEGIN ATOMIC
            SELECT EXISTS (SELECT 1 FROM forked_documents d WHERE d.name = document_name AND d.owner = current_user);
        END
        """,
        // What the caller may do with a document: owner, read-write, read-only, administrator;
        // for one it cannot see, new (it may publish it) or none.
        """
        CREATE FUNCTION forked_document_access(document_name text) RETURNS text LANGUAGE sql STABLE
        BEGIN ATOMIC
            SELECT coalesce(
                (SELECT CASE
                    WHEN d.owner = current_user THEN 'owner'
                    WHEN forked_is_administrator() THEN 'administrator'
                    WHEN EXISTS (SELECT 1 FROM forked_my_memberships m WHERE m.document = d.name AND m.can_write) THEN 'read-write'
                    ELSE 'read-only' END
                 FROM forked_documents d WHERE d.name = document_name),
                CASE WHEN forked_is_administrator() OR starts_with(document_name, current_user || '/') THEN 'new' ELSE 'none' END
            );
        END
        """,
        "ALTER TABLE forked_documents ENABLE ROW LEVEL SECURITY",
        """
        CREATE POLICY forked_read ON forked_documents FOR SELECT
            USING (owner = current_user OR name IN (SELECT document FROM forked_my_memberships))
        """,
        """
        CREATE POLICY forked_create ON forked_documents FOR INSERT
            WITH CHECK (owner = current_user AND strpos(current_user, '/') = 0 AND starts_with(name, current_user || '/'))
        """,
        """
        CREATE POLICY forked_write ON forked_documents FOR UPDATE
            USING (owner = current_user OR name IN (SELECT document FROM forked_my_memberships WHERE can_write))
        """,
        "ALTER TABLE forked_commits ENABLE ROW LEVEL SECURITY",
        "CREATE POLICY forked_read ON forked_commits FOR SELECT USING (forked_may_read(document))",
        "CREATE POLICY forked_insert ON forked_commits FOR INSERT WITH CHECK (forked_may_write(document))",
        "CREATE POLICY forked_update ON forked_commits FOR UPDATE USING (forked_may_write(document))",
        "CREATE POLICY forked_delete ON forked_commits FOR DELETE USING (forked_may_write(document))",
        "ALTER TABLE forked_history_heads ENABLE ROW LEVEL SECURITY",
        "CREATE POLICY forked_read ON forked_history_heads FOR SELECT USING (forked_may_read(document))",
        "CREATE POLICY forked_write ON forked_history_heads FOR ALL USING (forked_may_write(document))",
        "ALTER TABLE forked_history_collections ENABLE ROW LEVEL SECURITY",
        "CREATE POLICY forked_read ON forked_history_collections FOR SELECT USING (forked_may_read(document))",
        "CREATE POLICY forked_write ON forked_history_collections FOR ALL USING (forked_may_write(document))",
        // Staged versions are a writer's business only.
        "ALTER TABLE forked_staged ENABLE ROW LEVEL SECURITY",
        "CREATE POLICY forked_write ON forked_staged FOR ALL USING (forked_may_write(document))",
        "ALTER TABLE forked_document_secrets ENABLE ROW LEVEL SECURITY",
        "CREATE POLICY forked_write ON forked_document_secrets FOR ALL USING (forked_may_write(document))",
        "ALTER TABLE forked_members ENABLE ROW LEVEL SECURITY",
        "CREATE POLICY forked_read ON forked_members FOR SELECT USING (forked_may_read(document))",
        "CREATE POLICY forked_share ON forked_members FOR ALL USING (forked_owns(document))",
        // The document's turn lock: a random key kept with the document, made by the first writer
        // that asks; `NULL` (no lock to take) for a role that may not write it.
        """
        CREATE FUNCTION forked_turn_key(document_name text) RETURNS bigint LANGUAGE plpgsql VOLATILE AS $$
        DECLARE
            key bigint;
        BEGIN
            SELECT s.turn_lock INTO key FROM forked_document_secrets s WHERE s.document = document_name;
            IF FOUND THEN
                RETURN key;
            END IF;
            IF NOT forked_may_write(document_name) THEN
                RETURN NULL;
            END IF;
            -- gen_random_uuid draws from the server's strong random source (122 bits each).
            INSERT INTO forked_document_secrets (document, turn_lock, announce_key)
                VALUES (document_name, ('x' || substr(md5(gen_random_uuid()::text), 1, 16))::bit(64)::bigint,
                    decode(md5(gen_random_uuid()::text) || md5(gen_random_uuid()::text), 'hex'))
                ON CONFLICT (document) DO NOTHING;
            SELECT s.turn_lock INTO key FROM forked_document_secrets s WHERE s.document = document_name;
            RETURN key;
        END
        $$
        """,
        // The key announcements are sealed with (``NotificationSeal``): writers' only, so that a
        // read-only member, who may read the document's channel key, cannot make a writer's
        // device apply text of its own. `NULL` for any other role: its devices fetch instead.
        """
        CREATE FUNCTION forked_announce_key(document_name text) RETURNS bytea LANGUAGE plpgsql VOLATILE AS $$
        BEGIN
            IF forked_turn_key(document_name) IS NULL THEN
                RETURN NULL;
            END IF;
            RETURN (SELECT s.announce_key FROM forked_document_secrets s WHERE s.document = document_name);
        END
        $$
        """,
        """
        CREATE OR REPLACE FUNCTION forked_end_turn(document_name text) RETURNS boolean
        LANGUAGE sql VOLATILE
        BEGIN ATOMIC
            SELECT pg_advisory_unlock(forked_turn_key(document_name));
        END
        """,
        // The old turn, on a lock anyone could take by naming the document, goes, with the
        // function it called.
        "DROP FUNCTION forked_begin_turn(text, bigint)",
        "DROP FUNCTION forked_lock_document(text, bigint)",
        // As in migration 5, with the turn's lock keyed by the secret; a role that may not write
        // the document gets no rows and holds nothing.
        """
        CREATE OR REPLACE FUNCTION forked_begin_staged_turn(document_name text, known bigint, staged_id bytea)
        RETURNS TABLE (
            row_kind smallint, head_generation bigint, head_id bytea, head_device text, head_model_version integer,
            id bytea, parents bytea, origin text, time_ms bigint, value_digest bytea, kind smallint,
            payload bytea, generation bigint, model_version integer
        )
        LANGUAGE plpgsql VOLATILE AS $$
        DECLARE
            locked forked_documents%ROWTYPE;
            turn bigint;
            holding boolean;
        BEGIN
            turn := forked_turn_key(document_name);
            IF turn IS NULL THEN
                RETURN;
            END IF;
            PERFORM pg_advisory_lock(turn);
            -- Waits for the previous turn's publish to commit, so what follows sees it.
            SELECT * INTO locked FROM forked_documents d WHERE d.name = document_name FOR UPDATE;
            IF NOT FOUND THEN
                PERFORM pg_advisory_unlock(turn);
                RETURN;
            END IF;
            holding := EXISTS (SELECT 1 FROM forked_staged s WHERE s.document = document_name AND s.id = staged_id);
            IF NOT holding THEN
                PERFORM pg_advisory_unlock(turn);
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
        """
        CREATE OR REPLACE FUNCTION forked_publish_staged(
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
            PERFORM pg_advisory_unlock(forked_turn_key(document_name));
            RETURN true;
        END
        $$
        """,
        // A member who loses access (removed, or made read-only) may have read the document's
        // secrets and keys: they are made anew. The next writer that asks makes new secrets
        // (``forked_turn_key``), the next device a new channel key; devices that cannot open an
        // announcement sealed with a new key read the keys again.
        """
        CREATE FUNCTION forked_rotate_keys() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF TG_OP = 'DELETE' OR (OLD.can_write AND NOT NEW.can_write) THEN
                DELETE FROM forked_document_secrets s WHERE s.document = OLD.document;
            END IF;
            IF TG_OP = 'DELETE' THEN
                UPDATE forked_documents d SET channel_key = NULL WHERE d.name = OLD.document;
            END IF;
            RETURN NULL;
        END
        $$
        """,
        """
        CREATE TRIGGER forked_rotate_keys AFTER DELETE OR UPDATE OF can_write ON forked_members
            FOR EACH ROW EXECUTE FUNCTION forked_rotate_keys()
        """,
        // PL/pgSQL bodies cannot be bound when made: they run with a search path of their own,
        // the schema the tables are in and never a session's temporary tables before it.
        """
        DO $$
        DECLARE
            signature text;
        BEGIN
            FOREACH signature IN ARRAY ARRAY[
                'forked_turn_key(text)', 'forked_announce_key(text)', 'forked_begin_staged_turn(text,bigint,bytea)',
                'forked_publish_staged(text,bigint,bigint,bytea,text,integer,bytea,text,bigint,bytea,smallint,bytea,bytea[],bytea[],text,text)',
                'forked_rotate_keys()'
            ] LOOP
                EXECUTE format('ALTER FUNCTION %s SET search_path = pg_catalog, %I, pg_temp', signature, current_schema());
            END LOOP;
        END
        $$
        """,
        // Members need no grant of their own: every login may use the tables, and the policies
        // above decide which rows. The schema's version is readable, not writable.
        "GRANT SELECT ON forked_schema TO PUBLIC",
        "GRANT SELECT ON forked_my_memberships TO PUBLIC",
        "GRANT SELECT, INSERT ON forked_documents TO PUBLIC",
        "GRANT UPDATE (generation, head, device, model_version, updated_at, channel_key) ON forked_documents TO PUBLIC",
        """
        GRANT SELECT, INSERT, UPDATE, DELETE ON forked_commits, forked_staged, forked_history_heads,
            forked_history_collections, forked_members, forked_document_secrets TO PUBLIC
        """,
    ]
}
