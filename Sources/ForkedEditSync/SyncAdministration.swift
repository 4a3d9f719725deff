import ForkedPostgres
import Foundation

/// `forked-edit sync-setup`, `share` and `members`: the server's side of sync, run from the
/// command line and waited for.
public enum SyncAdministration {
    /// Sets the sync tables up on the server (or migrates them), as the role that is to own them.
    ///
    /// - Returns: one line saying what was done.
    public static func setUp(settings: PostgresSettings) throws -> String {
        let (before, after) = try EditorSync.waitFor { try await SyncServerSetup.run(settings: settings) }
        let done = before == after
            ? "the sync tables on \(settings.description) are already at schema version \(after)"
            : "set up the sync tables on \(settings.description) at schema version \(after)" + (before == 0 ? "" : " (from \(before))")
        return done + "; members need only LOGIN and CONNECT on database '\(settings.database)'"
    }

    /// Shares `document` with `role`, read-only or read-write, as its owner.
    public static func share(_ document: String, settings: PostgresSettings, with role: String, readOnly: Bool) throws {
        try EditorSync.waitFor { try await DocumentSharing(settings: settings, document: document).share(with: role, readOnly: readOnly) }
    }

    /// Stops sharing `document` with `role`; `false` when it was not a member.
    public static func revoke(_ document: String, settings: PostgresSettings, from role: String) throws -> Bool {
        try EditorSync.waitFor { try await DocumentSharing(settings: settings, document: document).revoke(role) }
    }

    /// Who has `document`: its owner first.
    public static func members(of document: String, settings: PostgresSettings) throws -> [DocumentMember] {
        try EditorSync.waitFor { try await DocumentSharing(settings: settings, document: document).members() }
    }
}
