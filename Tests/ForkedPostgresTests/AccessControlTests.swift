import Forked
import ForkedHistory
@testable import ForkedPostgres
import Foundation
import Testing

/// Issue 45, item 5: each document is visible only to its owner and the roles it is shared
/// with, read-write or read-only, and the server enforces it (row-level security). Three roles
/// on a real server: `alice` owns a document, `bob` is made a member (read-only, then
/// read-write, then not), `eve` is a login with no share at all. Every attempt below that is
/// not the role's to make is refused by the server, not by the client's good manners: the
/// attempts are made with psql, as the role, as anyone could.
@Suite(.enabled(if: PostgresTestServer.isAvailable, Comment(rawValue: PostgresTestServer.unavailableReason ?? "")))
struct AccessControlTests {
    /// The server's answer to `sql` run as `role`: its output, or the error it refused with.
    private func attempt(_ server: PostgresTestServer, _ sql: String, as role: String) -> String {
        do {
            return "ran: " + (try server.psql(sql, as: role))
        } catch {
            return "\(error)"
        }
    }

    private func makeTeam(_ server: PostgresTestServer) throws {
        for role in ["alice", "bob", "eve"] {
            try server.psql("CREATE ROLE \(role) LOGIN PASSWORD '\(PostgresTestServer.password)'")
        }
    }

    @Test func onlyTheOwnerAndMembersReadAndOnlyWritersWriteAsTheServerEnforces() async throws {
        try await withPostgresServer { server in
            try makeTeam(server)
            let setup = try await SyncServerSetup.run(settings: server.settings())
            #expect(setup.before == 0 && setup.after == ServerSchema.currentVersion)

            let alice = try Device(settings: server.settings(user: "alice"), document: "alice/plan", initialText: "the launch is on monday\n")
            defer { Task { await alice.remove() } }
            #expect(await alice.startAndAwaitFirstUpload())
            #expect(alice.exchange.status.access == .owner)
            #expect(try server.psql("SELECT owner FROM forked_documents WHERE name = 'alice/plan'") == "alice")

            // Eve, no member: her device is refused, and by hand she reads, changes and learns nothing.
            let eveDevice = try Device(settings: server.settings(user: "eve"), document: "alice/plan", initialText: "eve's own\n")
            defer { Task { await eveDevice.remove() } }
            eveDevice.exchange.start()
            let refused = try #require(await eveDevice.stoppedError())
            guard case .noAccess = refused else { Issue.record("expected no access, got \(refused)"); return }
            #expect(refused.description.contains("forked-edit share"))
            #expect(eveDevice.text == "eve's own\n")
            for table in ["forked_documents", "forked_commits", "forked_staged", "forked_history_heads", "forked_history_collections",
                          "forked_members", "forked_document_secrets"] {
                #expect(attempt(server, "SELECT count(*) FROM \(table)", as: "eve") == "ran: 0", "eve counted rows of \(table)")
            }
            #expect(attempt(server, "SELECT forked_document_access('alice/plan')", as: "eve") == "ran: none")
            #expect(attempt(server, "SELECT forked_turn_key('alice/plan') IS NULL", as: "eve") == "ran: t")
            #expect(attempt(server, "UPDATE forked_documents SET generation = generation + 1", as: "eve") == "ran: UPDATE 0")
            #expect(attempt(server, "DELETE FROM forked_commits", as: "eve") == "ran: DELETE 0")
            #expect(attempt(server, "DELETE FROM forked_documents", as: "eve").contains("permission denied"))
            #expect(attempt(server, "INSERT INTO forked_documents (name, generation, head, device, model_version) VALUES ('alice/other', 1, '\\x01', 'e', 0)", as: "eve").contains("row-level security"))
            #expect(attempt(server, """
                INSERT INTO forked_commits (document, id, parents, origin, time_ms, value_digest, kind, payload, generation, model_version)
                VALUES ('alice/plan', '\\x02', '\\x', 'eve', 1, '\\x00', 0, '\\x00', 99, 0)
                """, as: "eve").contains("row-level security"))
            #expect(attempt(server, "INSERT INTO forked_members VALUES ('alice/plan', 'eve', true)", as: "eve").contains("row-level security"))
            // Only the schema's owner changes the schema: one row here stopped every editor before.
            #expect(attempt(server, "INSERT INTO forked_schema (version) VALUES (99)", as: "eve").contains("permission denied"))
            #expect(attempt(server, "CREATE TABLE forked_extra (a integer)", as: "eve").contains("permission denied"))
            // A temporary table of hers named like the real one does not answer for it: the
            // policies' functions are bound to the tables when made, not looked up per call.
            let hijack = try server.psql(commands: [
                "CREATE TEMP TABLE forked_documents (name text, owner text)",
                "INSERT INTO forked_documents VALUES ('alice/plan', current_user)",
                "SELECT count(*) FROM public.forked_commits", "SELECT count(*) FROM public.forked_document_secrets",
                "SELECT forked_turn_key('alice/plan') IS NULL", "SELECT forked_document_access('alice/plan')",
            ], as: "eve")
            #expect(hijack.split(separator: "\n").suffix(4) == ["0", "0", "t", "none"], "\(hijack)")
            #expect(attempt(server, """
                CREATE TEMP TABLE forked_documents (name text, owner text);
                INSERT INTO forked_documents VALUES ('alice/plan', current_user);
                INSERT INTO public.forked_members VALUES ('alice/plan', current_user, true)
                """, as: "eve").contains("row-level security"))
            // A login whose name has a slash cannot publish under another's prefix.
            try server.psql("CREATE ROLE \"alice/evil\" LOGIN")
            #expect(attempt(server, "INSERT INTO forked_documents (name, generation, head, device, model_version) VALUES ('alice/evil/notes', 1, '\\x01', 'e', 0)", as: "alice/evil").contains("row-level security"))
            // Nor can she hold the document's turn and so stop the others' uploads.
            let holding = Task.detached {
                try server.psql(commands: [
                    "SELECT count(*) FROM forked_begin_staged_turn('alice/plan', 0, '\\x00')", "SELECT pg_sleep(2)",
                ], as: "eve")
            }
            try await Task.sleep(for: .milliseconds(800))
            #expect(try server.psql("""
                SELECT count(*) FROM pg_locks l JOIN pg_stat_activity a USING (pid) WHERE l.locktype = 'advisory' AND a.usename = 'eve'
                """) == "0")
            _ = try await holding.value
            let eveSharing = DocumentSharing(settings: server.settings(user: "eve"), document: "alice/plan")
            await #expect(throws: PostgresSyncError.self) { try await eveSharing.share(with: "eve", readOnly: false) }
            await #expect(throws: PostgresSyncError.self) { try await eveSharing.members() }

            // Bob, read-only: he receives, publishes nothing, and cannot write by hand.
            let aliceSharing = DocumentSharing(settings: server.settings(user: "alice"), document: "alice/plan")
            try await aliceSharing.share(with: "bob", readOnly: true)
            let bob = try Device(settings: server.settings(user: "bob"), document: "alice/plan")
            defer { Task { await bob.remove() } }
            bob.exchange.start()
            #expect(await eventually { bob.text == "the launch is on monday\n" })
            #expect(bob.exchange.status.access == .readOnly)
            try bob.edit { $0 += "bob's idea\n" }
            try alice.edit { $0 += "alice's update\n" }
            #expect(await eventually { bob.text?.contains("alice's update") == true })
            try await Task.sleep(for: .milliseconds(500))
            #expect(alice.text?.contains("bob's idea") == false)
            #expect(bob.exchange.status.uploads == 0)
            #expect(attempt(server, "UPDATE forked_documents SET generation = generation + 1 WHERE name = 'alice/plan'", as: "bob") == "ran: UPDATE 0")
            #expect(attempt(server, "DELETE FROM forked_commits WHERE document = 'alice/plan'", as: "bob") == "ran: DELETE 0")
            #expect(attempt(server, "SELECT forked_turn_key('alice/plan') IS NULL", as: "bob") == "ran: t")
            // A temporary view of his named like the memberships view does not make him a writer.
            let pretending = try server.psql(commands: [
                "CREATE TEMP VIEW forked_my_memberships AS SELECT 'alice/plan'::text AS document, true AS can_write",
                "SELECT forked_turn_key('alice/plan') IS NULL", "DELETE FROM public.forked_commits", "SELECT count(*) FROM public.forked_staged",
            ], as: "bob")
            #expect(pretending.split(separator: "\n").suffix(3) == ["t", "DELETE 0", "0"], "\(pretending)")
            // He may read the channel key (presence is sealed with it) but not the writers'
            // announcement key: an announcement he seals with the channel key is not applied.
            #expect(attempt(server, "SELECT forked_announce_key('alice/plan') IS NULL", as: "bob") == "ran: t")
            let channelHex = try server.psql("SELECT encode(channel_key, 'hex') FROM forked_documents WHERE name = 'alice/plan'", as: "bob")
            let channelKey = Data(stride(from: 0, to: channelHex.count, by: 2).compactMap { offset -> UInt8? in
                let start = channelHex.index(channelHex.startIndex, offsetBy: offset)
                return UInt8(channelHex[start..<channelHex.index(start, offsetBy: 2)], radix: 16)
            })
            let channelSeal = try #require(NotificationSeal(keyBytes: channelKey, document: "alice/plan"))
            let aliceBefore = try #require(alice.text)
            let forged = "the launch is cancelled\n"
            let forgedCommit = HistoryCommit(
                parents: [], origin: "bob", milliseconds: 1_800_000_000_000,
                valueDigest: SHA256Digest.digest(of: try forged.snapshot()), body: .snapshot(try forged.snapshot())
            )
            let forgery = try channelSeal.seal(Announcement(
                document: "alice/plan", device: "bob",
                announcing: ServerCommit(forgedCommit, generation: alice.exchange.status.generation + 1, modelVersion: 0)
            ).payload)
            let carriedBefore = alice.exchange.status.commitsFromAnnouncements
            try server.psql("SELECT pg_notify('\(ServerSchema.channel)', '\(forgery)')", as: "bob")
            try await Task.sleep(for: .seconds(1))
            #expect(alice.text == aliceBefore)
            #expect(alice.exchange.status.commitsFromAnnouncements == carriedBefore)
            let bobSharing = DocumentSharing(settings: server.settings(user: "bob"), document: "alice/plan")
            #expect(try await bobSharing.members() == [DocumentMember(role: "alice", access: .owner), DocumentMember(role: "bob", access: .readOnly)])
            await #expect(throws: PostgresSyncError.self) { try await bobSharing.share(with: "eve", readOnly: true) }
            #expect(try await aliceSharing.members().count == 2)

            // Read-write: his changes reach alice; the document stays hers.
            try await aliceSharing.share(with: "bob", readOnly: false)
            let writer = try Device(settings: server.settings(user: "bob"), document: "alice/plan")
            defer { Task { await writer.remove() } }
            writer.exchange.start()
            #expect(await eventually { writer.text?.contains("alice's update") == true })
            #expect(writer.exchange.status.access == .readWrite)
            try writer.edit { $0 += "bob writes\n" }
            #expect(await eventually { alice.text?.contains("bob writes") == true })
            // Writers share the announcement key, so their announcements' carried commits open.
            #expect(attempt(server, "SELECT forked_announce_key('alice/plan') IS NOT NULL", as: "bob") == "ran: t")
            let announceKeys = { [alice.exchange, writer.exchange].map { exchange in exchange.shared.withLock { $0.announceSeal?.keyBytes } } }
            #expect(await eventually { announceKeys()[0] != nil && announceKeys()[0] == announceKeys()[1] })
            #expect(attempt(server, "UPDATE forked_documents SET owner = 'bob'", as: "bob").contains("permission denied"))
            #expect(attempt(server, "DELETE FROM forked_documents WHERE name = 'alice/plan'", as: "bob").contains("permission denied"))
            await #expect(throws: PostgresSyncError.self) { try await bobSharing.revoke("alice") }

            // Revoked: nothing of the document is his to see any more, and the secrets and keys
            // he could read are made anew.
            await writer.exchange.stop()
            await bob.exchange.stop()
            let secretsBefore = try server.psql("SELECT turn_lock::text || encode(announce_key, 'hex') FROM forked_document_secrets WHERE document = 'alice/plan'")
            let channelBefore = try server.psql("SELECT encode(channel_key, 'hex') FROM forked_documents WHERE name = 'alice/plan'")
            #expect(!secretsBefore.isEmpty && !channelBefore.isEmpty)
            #expect(try await aliceSharing.revoke("bob"))
            #expect(try server.psql("SELECT count(*) FROM forked_document_secrets WHERE document = 'alice/plan'") == "0")
            #expect(try server.psql("SELECT channel_key IS NULL FROM forked_documents WHERE name = 'alice/plan'") == "t")
            let secretsAfter = try server.psql("SELECT forked_turn_key('alice/plan')::text || encode(forked_announce_key('alice/plan'), 'hex')", as: "alice")
            #expect(!secretsAfter.isEmpty && secretsAfter != secretsBefore)
            let commitsBefore = (try? server.psql("SELECT count(*) FROM forked_commits WHERE document = 'alice/plan'")).flatMap { Int($0) } ?? 0
            try alice.edit { $0 += "after bob left\n" }
            #expect(await eventually {
                (try? server.psql("SELECT count(*) FROM forked_commits WHERE document = 'alice/plan'")).flatMap { Int($0) } ?? 0 > commitsBefore
            })
            #expect(attempt(server, "SELECT count(*) FROM forked_commits", as: "bob") == "ran: 0")
            let after = try Device(settings: server.settings(user: "bob"), document: "alice/plan")
            defer { Task { await after.remove() } }
            after.exchange.start()
            let revoked = try #require(await after.stoppedError())
            guard case .noAccess = revoked else { Issue.record("expected no access, got \(revoked)"); return }
        }
    }

    @Test func aLoginPublishesOnlyUnderItsOwnNameAndTwoPeoplesPlansStayApart() async throws {
        try await withPostgresServer { server in
            try makeTeam(server)
            _ = try await SyncServerSetup.run(settings: server.settings())
            let alice = try Device(settings: server.settings(user: "alice"), document: "alice/plan.txt", initialText: "alice's private plan\n")
            let bob = try Device(settings: server.settings(user: "bob"), document: "bob/plan.txt", initialText: "bob's private plan\n")
            let squatter = try Device(settings: server.settings(user: "bob"), document: "alice/notes.txt", initialText: "bob's words\n")
            defer { Task { await alice.remove(); await bob.remove(); await squatter.remove() } }
            #expect(await alice.startAndAwaitFirstUpload())
            #expect(await bob.startAndAwaitFirstUpload())
            squatter.exchange.start()
            let refused = try #require(await squatter.stoppedError())
            guard case .noAccess = refused else { Issue.record("expected no access, got \(refused)"); return }
            #expect(try server.psql("SELECT string_agg(name || ':' || owner, ',' ORDER BY name) FROM forked_documents") == "alice/plan.txt:alice,bob/plan.txt:bob")
            #expect(attempt(server, "SELECT string_agg(name, ',') FROM forked_documents", as: "alice") == "ran: alice/plan.txt")
            #expect(attempt(server, "SELECT string_agg(name, ',') FROM forked_documents", as: "bob") == "ran: bob/plan.txt")
            #expect(alice.text == "alice's private plan\n")
            #expect(bob.text == "bob's private plan\n")
            // Sharing asks for a role that exists, and a document that is on the server.
            let sharing = DocumentSharing(settings: server.settings(user: "alice"), document: "alice/plan.txt")
            await #expect(throws: PostgresSyncError.cannotShare("there is no role 'nobody' on \(server.settings(user: "alice").description)")) {
                try await sharing.share(with: "nobody", readOnly: true)
            }
            await #expect(throws: PostgresSyncError.cannotShare("'alice' owns 'alice/plan.txt' already")) {
                try await sharing.share(with: "alice", readOnly: true)
            }
            do {
                _ = try await DocumentSharing(settings: server.settings(user: "alice"), document: "alice/later.txt").members()
                Issue.record("members of a document not published yet")
            } catch let error as PostgresSyncError {
                #expect(error.description.contains("is not on") && error.description.contains("first sync"), "\(error)")
            }
        }
    }

    @Test func aMemberCannotSetTheTablesUpAndIsToldWhoCan() async throws {
        try await withPostgresServer { server in
            try makeTeam(server)
            await #expect(throws: PostgresSyncError.schemaNotSetUp(server: server.settings(user: "alice").description, found: 0, needed: ServerSchema.currentVersion)) {
                try await SyncServerSetup.run(settings: server.settings(user: "alice"))
            }
            // The script an administrator runs by hand sets up the same schema.
            let script = FileManager.default.temporaryDirectory.appendingPathComponent("forked-setup-\(UUID().uuidString).sql")
            defer { try? FileManager.default.removeItem(at: script) }
            try Data(SyncServerSetup.script.utf8).write(to: script)
            _ = try server.psql("\\i \(script.path)")
            #expect(try server.psql("SELECT max(version) FROM forked_schema") == "\(ServerSchema.currentVersion)")
            let alice = try Device(settings: server.settings(user: "alice"), document: "alice/plan", initialText: "works\n")
            defer { Task { await alice.remove() } }
            #expect(await alice.startAndAwaitFirstUpload())
        }
    }
}
