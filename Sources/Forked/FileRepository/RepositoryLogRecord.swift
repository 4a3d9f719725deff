import Foundation

/// One record of a ``FileRepository``'s log: the index of the state after a transaction, and
/// the commits that transaction added. Replaying the records in order rebuilds the state; the
/// first record of a log holds every commit its index refers to.
///
/// A commit of a ``DeltaStorable`` value is listed in ``deltas`` and its bytes (a change to a
/// commit the log holds by then, or the value's compact form) follow the JSON in the payload,
/// after a NUL byte, which JSON text never holds (format 3). The others, and every commit of a
/// format 2 log, are whole in ``commits``.
struct RepositoryLogRecord<Resource: Codable & Sendable>: Codable {
    var index: RepositoryIndex
    var commits: [Commit<Resource>]
    /// Absent when empty, so a record without deltas reads as format 2 wrote it.
    var deltas: [StoredDeltaCommit]?
    /// The bytes ``deltas`` point into.
    var attachment = Data()

    private enum CodingKeys: String, CodingKey {
        case index, commits, deltas
    }

    init(index: RepositoryIndex, commits: [Commit<Resource>], deltas: [StoredDeltaCommit]? = nil, attachment: Data = Data()) {
        self.index = index
        self.commits = commits
        self.deltas = deltas
        self.attachment = attachment
    }

    /// The record as a log payload: its JSON, then, when it has deltas, a NUL byte and the attachment.
    func payload() throws -> Data {
        var payload = try JSONEncoder().encode(self)
        guard deltas != nil else { return payload }
        payload.append(0)
        payload.append(attachment)
        return payload
    }

    /// Reads a payload written by ``payload()`` (or a format 2 log's JSON).
    static func read(_ payload: Data) throws -> RepositoryLogRecord {
        guard let separator = payload.firstIndex(of: 0) else {
            return try JSONDecoder().decode(Self.self, from: payload)
        }
        var record = try JSONDecoder().decode(Self.self, from: payload[..<separator])
        record.attachment = Data(payload[(separator + 1)...])
        return record
    }
}
