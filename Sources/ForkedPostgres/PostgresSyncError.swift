import Foundation

/// Why syncing through PostgreSQL failed. Every message names what went wrong and where, and
/// never contains a password.
public enum PostgresSyncError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The URL or environment does not describe a connection.
    case invalidSettings(String)
    /// The server refused the login (wrong password, unknown role, no pg_hba.conf entry).
    case authenticationFailed(server: String, detail: String)
    /// The database named in the settings does not exist.
    case databaseMissing(server: String, database: String)
    /// TLS could not be set up with the server: its certificate was not trusted (`verify-full`)
    /// or the handshake failed. Not retried: it takes a change of settings or of the server.
    case tlsFailed(server: String, detail: String)
    /// The server could not be reached or the connection broke; retried with backoff.
    case unreachable(server: String, detail: String)
    /// The server's tables were made by a newer version of this library.
    case schemaTooNew(found: Int, supported: Int)
    /// The sync tables or functions are not what their recorded schema version says: one was
    /// dropped or altered by hand. Not retried: the database has to be repaired or restored.
    case schemaDamaged(server: String, detail: String)
    /// The server refused the user access to a sync table or function. Not retried: it takes
    /// a `GRANT` on the server.
    case permissionDenied(server: String, detail: String)
    /// The sync tables are missing or older than this build, and this login may not make them:
    /// the database's owner sets them up once (`forked-edit sync-setup`).
    case schemaNotSetUp(server: String, found: Int, needed: Int)
    /// A share, revoke or members request that cannot be carried out as asked: no such role,
    /// the role owns the document, or the document is not published yet.
    case cannotShare(String)
    /// The document is not shared with this login (to read it, or to write it), or its name is
    /// another owner's (``ServerAccess``). Not retried: it takes the owner's `forked-edit share`.
    case noAccess(server: String, detail: String)
    /// The document was written by a newer version of the model than this build supports; it is
    /// neither merged nor overwritten.
    case newerModelVersion(dataVersion: Int, supportedVersion: Int)
    /// A stored commit or document row cannot be read.
    case corruptDocument(String)
    /// An upload kept meeting newer generations from other devices.
    case tooManyConflicts(attempts: Int)
    /// The document on the server (a version, or one stored change) is larger than this device
    /// takes (``PostgresExchange/Options/maximumDocumentBytes``). Not retried: it takes a larger
    /// limit, or a smaller document.
    case documentTooLarge(document: String, bytes: Int, limit: Int)

    /// Whether retrying later can help. Settings, logins and versions do not fix themselves.
    public var isTransient: Bool {
        switch self {
        case .unreachable, .tooManyConflicts: true
        default: false
        }
    }

    /// A one-line message for people.
    public var description: String {
        switch self {
        case .invalidSettings(let reason): "invalid sync settings: \(reason)"
        case .authenticationFailed(let server, let detail): "the server refused the login for \(server): \(detail)"
        case .databaseMissing(let server, let database): "database '\(database)' does not exist on \(server)"
        case .tlsFailed(let server, let detail): "TLS with \(server) failed: \(detail)"
        case .unreachable(let server, let detail): "cannot reach \(server): \(detail)"
        case .schemaTooNew(let found, let supported):
            "the server's sync tables are at schema version \(found), this build knows up to \(supported); update it"
        case .schemaDamaged(let server, let detail):
            "the sync tables on \(server) were dropped or altered by hand (\(detail)); "
                + "restore the database, or drop every forked_ table and function so that they are made again"
        case .permissionDenied(let server, let detail):
            "\(server) refused access to the sync tables (\(detail)); grant the user rights on the forked_ tables, "
                + "or the right to create them (since PostgreSQL 15 only the database's owner may create tables in schema public)"
        case .schemaNotSetUp(let server, let found, let needed):
            (found == 0 ? "\(server) has no sync tables yet" : "the sync tables on \(server) are at schema version \(found), this build needs \(needed)")
                + "; the database's owner sets them up once with: forked-edit sync-setup URL (or --print for the SQL)"
        case .cannotShare(let reason): reason
        case .noAccess(let server, let detail):
            "no access to \(detail) on \(server); its owner shares it with: forked-edit share FILE --with ROLE"
        case .newerModelVersion(let dataVersion, let supportedVersion):
            "the document was written by model version \(dataVersion), this build supports up to \(supportedVersion); update it to sync"
        case .corruptDocument(let reason): "corrupt document on the server: \(reason)"
        case .tooManyConflicts(let attempts): "gave up uploading after \(attempts) conflicting uploads from other devices"
        case .documentTooLarge(let document, let bytes, let limit):
            "'\(document)' on the server holds \(Self.megabytes(bytes)), over this device's limit of \(Self.megabytes(limit))"
        }
    }

    private static func megabytes(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? String(format: "%.1f MB", Double(bytes) / Double(1 << 20)) : "\(bytes) bytes"
    }
}
