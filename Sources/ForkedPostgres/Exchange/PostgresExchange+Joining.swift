import Forked
import PostgresNIO

extension PostgresExchange {
    /// Whether this device, which has never fetched the document, would join a document on the
    /// server its main does not come from: the server holds the document, and main is not a
    /// copy of the version it started from (``ValueMerging/descends(_:from:)``). Joining then keeps both sides' lines (nothing is
    /// lost, but two files become one), so an application may ask first. `false` once the
    /// device has fetched the document, or when the server does not hold it yet.
    public func joinsUnrelatedDocument() async throws -> Bool {
        guard !localState.hasFetched, let main = try resource.value(in: .main) else { return false }
        return try await connector.withConnection { connection in
            try await ServerSchema.migrate(connection, server: settings.description, logger: logger)
            guard let earliest = try await store.earliestSnapshot(on: connection), case .snapshot(let data) = earliest.commit.body
            else { return false }
            try coding.checkModelVersion(earliest.modelVersion)
            let first = try coding.value(fromSnapshot: data)
            return main != first && !ValueMerging.descends(main, from: first)
        }
    }
}
