import Logging

extension PostgresSettings {
    /// Connects once and disconnects, to tell at start-up whether the settings work: the login,
    /// the database, and the sync tables (created or migrated if needed, as an exchange would).
    ///
    /// - Throws: ``PostgresSyncError/authenticationFailed(server:detail:)``,
    ///   ``PostgresSyncError/databaseMissing(server:database:)``,
    ///   ``PostgresSyncError/schemaTooNew(found:supported:)``,
    ///   ``PostgresSyncError/schemaDamaged(server:detail:)`` or
    ///   ``PostgresSyncError/permissionDenied(server:detail:)``, which retrying cannot fix, and
    ///   ``PostgresSyncError/unreachable(server:detail:)`` when the server did not answer within
    ///   `timeout` (a program may then go on offline).
    public func checkConnection(timeout: Duration = .seconds(3)) async throws {
        let logger = Logger(label: "forked.postgres.check", factory: { _ in SwiftLogNoOpLogHandler() })
        let connector = PostgresConnector(settings: self, connectTimeout: timeout, logger: logger)
        do {
            try await connector.withConnection { connection in try await ServerSchema.migrate(connection, server: description, logger: logger) }
        } catch {
            throw connector.classify(error)
        }
    }
}
