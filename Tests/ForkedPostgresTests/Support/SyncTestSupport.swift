import Forked
import ForkedHistory
import ForkedMerge
import ForkedPostgres
import Foundation
import Logging

/// The value the tests sync: a text merged like the editor's, salvaged two-way by keeping both
/// texts (so that unrelated starting texts are both kept), recognising copies of an earlier
/// text like the editor's document, and sent as text deltas.
struct Note: Codable, Equatable, Sendable, Mergeable, HistoryValue {
    var text: String

    init(_ text: String) { self.text = text }

    func merged(withSubordinate other: Note, commonAncestor: Note) throws -> Note {
        Note(try TextMerger().merge(text, withSubordinate: other.text, commonAncestor: commonAncestor.text))
    }

    func salvaging(from other: Note) throws -> Note {
        Note(text + other.text)
    }

    func descends(from earlier: Note) -> Bool {
        TextMerger().descends(text, from: earlier.text)
    }

    func snapshot() throws -> Data { try text.snapshot() }
    init(snapshot: Data) throws { text = try String(snapshot: snapshot) }
    func delta(from base: Note) throws -> Data? { try text.delta(from: base.text) }
    func applying(delta: Data) throws -> Note { Note(try text.applying(delta: delta)) }
    var historyText: String? { text }
}

/// One "machine": its own repository and state directory, and an exchange on a shared server.
final class Device: Sendable {
    let directory: URL
    let resource: ForkedResource<FileRepository<Note>>
    let exchange: PostgresExchange<FileRepository<Note>>

    init(
        settings: PostgresSettings, document: String = "notes", initialText: String? = nil,
        directory: URL? = nil, options: PostgresExchange<FileRepository<Note>>.Options = .fast
    ) throws {
        let directory = directory ?? FileManager.default.temporaryDirectory.appendingPathComponent("forked-device-\(UUID().uuidString)")
        self.directory = directory
        resource = try ForkedResource(repository: FileRepository(directory: directory.appendingPathComponent("repository")))
        if let initialText { try resource.update(.main, with: Note(initialText)) }
        exchange = try PostgresExchange(
            resource: resource, document: document, settings: settings,
            stateDirectory: directory.appendingPathComponent("sync"), options: options,
            logger: Logger(label: "test.device")
        )
    }

    var text: String? { (try? resource.value(in: .main))?.text }

    /// The error the exchange stopped with, once it stopped; `nil` when it had not stopped after
    /// a generous wait (under load, the multi-process tests running alongside, a final error can
    /// take a few retries to be seen).
    func stoppedError() async -> PostgresSyncError? {
        _ = await eventually(timeout: .seconds(40)) {
            if case .stopped = self.exchange.status.connection { return true } else { return false }
        }
        if case .stopped(let error) = exchange.status.connection { return error }
        return nil
    }

    /// Starts the exchange and waits for its first upload (the device's initial text); whether
    /// it came in time.
    func startAndAwaitFirstUpload() async -> Bool {
        exchange.start()
        return await eventually { self.exchange.status.uploads == 1 }
    }

    /// The fork local edits are made in before they are merged into main.
    static let editsFork = Fork(name: "device-edits")

    /// Edits the text the way an app must while an exchange merges into main: in a fork of its
    /// own, merged into main. Reading main and writing the edited value back over it would undo
    /// a server change the exchange merged in between (and then upload that undoing).
    func edit(_ change: (inout String) -> Void) throws {
        if try !resource.has(Self.editsFork) { try resource.create(Self.editsFork) }
        try resource.mergeFromMain(into: Self.editsFork)
        var text = try resource.value(in: Self.editsFork)?.text ?? ""
        change(&text)
        try resource.update(Self.editsFork, with: Note(text))
        try resource.mergeIntoMain(from: Self.editsFork)
    }

    /// Edits main in place with `modify`, which runs the change again if the exchange merged a
    /// server change into main meanwhile: the other way an app may edit while an exchange runs.
    func editInPlace(_ change: (inout String) -> Void) throws {
        try resource.modify(.main) { note in
            var text = note?.text ?? ""
            change(&text)
            note = Note(text)
        }
    }

    /// Edits by reading main and writing the edited value over it: what an app must not do
    /// while an exchange runs (see ``edit(_:)``); kept to show the loss it causes.
    func editOverwritingMain(_ change: (inout String) -> Void) throws {
        var text = try resource.value(in: .main)?.text ?? ""
        change(&text)
        try resource.update(.main, with: Note(text))
    }

    func remove() async {
        await exchange.stop()
        try? FileManager.default.removeItem(at: directory)
    }
}

extension PostgresExchange.Options {
    /// Short delays, so tests spend their time syncing rather than waiting.
    static var fast: Self {
        var options = Self()
        options.uploadDelay = .milliseconds(20)
        options.pollInterval = .seconds(2)
        options.initialReconnectDelay = .milliseconds(50)
        options.maximumReconnectDelay = .milliseconds(500)
        options.connectTimeout = .seconds(2)
        return options
    }
}

/// Waits until `condition` holds, checking every 20 ms; false when `timeout` passed first.
func eventually(timeout: Duration = .seconds(20), _ condition: () throws -> Bool) async rethrows -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while clock.now < deadline {
        if try condition() { return true }
        try? await Task.sleep(for: .milliseconds(20))
    }
    return try condition()
}

/// Whether every device holds the same text and has nothing left to upload.
func converged(_ devices: [Device]) -> Bool {
    let texts = devices.map(\.text)
    return Set(texts).count == 1 && devices.allSatisfy { !$0.exchange.status.hasPendingChanges }
}
