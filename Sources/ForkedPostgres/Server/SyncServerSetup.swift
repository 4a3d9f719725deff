import Logging
import PostgresNIO

/// Setting up a database for sync, once, as the role that is to own the sync tables (normally
/// the database's owner): `forked-edit sync-setup URL`.
///
/// After it, every other login needs only `LOGIN` and `CONNECT` on the database: what each may
/// read and write is decided per document by its owner (``DocumentSharing``) and enforced by the
/// server (row-level security). The owner's own devices would also set the tables up on their
/// first connection; members' devices cannot, and say so
/// (``PostgresSyncError/schemaNotSetUp(server:found:needed:)``).
public enum SyncServerSetup {
    /// The schema version this build sets up.
    public static var version: Int { ServerSchema.currentVersion }

    /// The whole setup as SQL, for an administrator who runs it with psql.
    public static var script: String { ServerSchema.script }

    /// Creates or migrates the sync tables, functions and policies on the server.
    ///
    /// - Returns: the schema version the database was at before (0: none) and is at now.
    public static func run(settings: PostgresSettings) async throws -> (before: Int, after: Int) {
        let logger = Logger(label: "forked.postgres.setup", factory: { _ in SwiftLogNoOpLogHandler() })
        let connector = PostgresConnector(settings: settings, connectTimeout: .seconds(10), logger: logger)
        do {
            return try await connector.withConnection { connection in
                let before = try await ServerSchema.version(on: connection, logger: logger)
                try await ServerSchema.migrate(connection, server: settings.description, logger: logger)
                return (before, try await ServerSchema.version(on: connection, logger: logger))
            }
        } catch {
            throw connector.classify(error)
        }
    }
}
