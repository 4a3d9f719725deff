import Logging

extension PostgresSettings {
    /// Connects once and disconnects, to tell at start-up whether the settings work.
    ///
    /// - Throws: ``PostgresSyncError/authenticationFailed(server:detail:)`` or
    ///   ``PostgresSyncError/databaseMissing(server:database:)``, which retrying cannot fix, and
    ///   ``PostgresSyncError/unreachable(server:detail:)`` when the server did not answer within
    ///   `timeout` (a program may then go on offline).
    public func checkConnection(timeout: Duration = .seconds(3)) async throws {
        let logger = Logger(label: "forked.postgres.check", factory: { _ in SwiftLogNoOpLogHandler() })
        let connector = PostgresConnector(settings: self, connectTimeout: timeout, logger: logger)
        try await connector.withConnection { _ in }
    }
}
