import Foundation
import Forked

/// What an exchange remembers between runs, next to the local repository: which device it is
/// and which server version its server fork holds.
///
/// Written atomically (a new file renamed over the old), after the resource's own change:
/// when a crash falls between the two, the next fetch finds the server past what is recorded
/// and applies the same version again, which changes nothing.
struct ExchangeLocalState: Codable, Sendable, Equatable {
    /// The generation the server fork holds; 0 before the document was first seen on the server.
    var generation: Int64 = 0
    /// The id of the commit the server fork holds.
    var head: Data?
    /// The digest of that commit's value, to check that the server fork holds it before a delta
    /// is applied to it or made against it.
    var headDigest: Data?
    /// Whether a fetch ever succeeded: uploads wait for one, so that a first launch offline
    /// never overwrites what other devices published.
    var hasFetched = false
    /// The commit being published, if an upload was under way: when the server has it, it is
    /// this device's own and becomes the server fork's value without a merge.
    var pendingCommit: Data?

    /// Reads the state at `url`; a fresh state when there is none yet.
    static func load(from url: URL) throws -> ExchangeLocalState {
        guard FileManager.default.fileExists(atPath: url.path) else { return ExchangeLocalState() }
        let state: ExchangeLocalState
        do {
            state = try JSONDecoder().decode(ExchangeLocalState.self, from: Data(contentsOf: url))
        } catch {
            throw PostgresSyncError.corruptDocument("local sync state \(url.path) cannot be read: \(error)")
        }
        // 0 (nothing seen yet) or a generation the server could have: uploads count on from it.
        guard state.generation == 0 || DocumentStore.generations.contains(state.generation) else {
            throw PostgresSyncError.corruptDocument(
                "local sync state \(url.path) records generation \(state.generation), \(DocumentStore.generationsWording)"
            )
        }
        return state
    }

    /// Writes the state to `url` atomically.
    func save(to url: URL) throws {
        try AtomicFile.write(JSONEncoder().encode(self), to: url)
    }
}

/// The id of this device: one per local state directory, made once and kept there, so that a
/// device recognises the echo of its own uploads.
enum DeviceIdentity {
    static func load(in directory: URL) throws -> String {
        let url = directory.appendingPathComponent("device-id")
        if let text = try? String(contentsOf: url, encoding: .utf8) {
            let id = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if !id.isEmpty, !id.contains(" ") { return id }
        }
        let id = UUID().uuidString.lowercased()
        try AtomicFile.write((id + "\n").utf8, to: url)
        return id
    }
}
