import Forked
import ForkedEditCore
import ForkedEditPersistence
import ForkedPostgres
import Foundation
import Logging

/// One "machine" of the sync benchmarks: a document in a file repository of its own, synced with
/// a `PostgresExchange`, edited in ways that never write over the exchange's merges of other
/// devices' changes: in place with `modify` (``edit(_:)``), or the editor's way, in a fork of its
/// own merged into main (``editInFork(_:)``).
final class SyncBenchDevice: Sendable {
    typealias Repository = AnyRepository<TextDocument>

    let resource: ForkedResource<Repository>
    let exchange: PostgresExchange<Repository>
    private let edits = Fork(name: "bench-edits")

    /// Makes a device in `directory` (created) for `document` on the server `settings` name,
    /// its repository on disk there or, with `inMemory`, in memory (the exchange's own state
    /// file stays on disk either way), its exchange paced as `pacing` says.
    init(directory: URL, document: String, settings: PostgresSettings, pacing: SyncPacing, inMemory: Bool = false) throws {
        let repository = inMemory
            ? AnyRepository(InMemoryRepository<TextDocument>())
            : AnyRepository(try FileRepository<TextDocument>(directory: directory.appendingPathComponent("repository")))
        resource = try ForkedResource(repository: repository)
        var options = pacing.options
        options.pollInterval = .seconds(5)
        options.initialReconnectDelay = .milliseconds(50)
        options.maximumReconnectDelay = .seconds(1)
        exchange = try PostgresExchange(
            resource: resource, document: document, settings: settings,
            stateDirectory: directory.appendingPathComponent("sync"), options: options,
            logger: Logger(label: "forked-bench.sync", factory: { _ in SwiftLogNoOpLogHandler() })
        )
        if try !resource.has(edits) { try resource.create(edits) }
    }

    /// The text main holds now.
    var text: String {
        get throws { try resource.value(in: .main)?.text ?? "" }
    }

    /// Changes main's text as an app syncing its data would: in one step that is redone if a
    /// merge of other devices' changes lands meanwhile (one repository write per edit).
    func edit(_ change: (inout String) -> Void) throws {
        try resource.modify(.main) { document in
            var changed = document ?? TextDocument(text: "")
            change(&changed.text)
            document = changed
        }
    }

    /// Changes the text as the editor does: in a fork of the device's own, merged into main
    /// (three repository writes per edit).
    func editInFork(_ change: (inout String) -> Void) throws {
        try resource.mergeFromMain(into: edits)
        var document = try resource.value(in: edits) ?? TextDocument(text: "")
        change(&document.text)
        try resource.update(edits, with: document)
        try resource.mergeIntoMain(from: edits)
    }

    /// Waits, checking every `interval`, until `condition` holds or `timeout` passes; whether it held.
    static func wait(
        upTo timeout: Duration, every interval: Duration = .milliseconds(1), until condition: () throws -> Bool
    ) async throws -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while clock.now < deadline {
            if try condition() { return true }
            try await Task.sleep(for: interval)
        }
        return try condition()
    }
}
