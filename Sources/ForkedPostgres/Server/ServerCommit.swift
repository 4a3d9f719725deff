import Foundation
import ForkedHistory

/// One change as the server stores it: a row of `forked_commits`, which is a ``HistoryCommit``
/// (the local history's format, column for column) plus where it stands on the server.
///
/// The id is ForkedHistory's: the SHA-256 of the header (parents, origin, time, value digest), the
/// same on every device and in a local history, so a history made offline uploads as it is, and a
/// row whose columns do not match its id is detected.
struct ServerCommit: Sendable, Equatable {
    /// The commit, as a local history would hold it.
    let commit: HistoryCommit
    /// The document's generation this commit made current.
    let generation: Int64
    /// The model version of the value, 0 when the value is not versioned.
    let modelVersion: Int

    init(_ commit: HistoryCommit, generation: Int64, modelVersion: Int) {
        self.commit = commit
        self.generation = generation
        self.modelVersion = modelVersion
    }

    /// A commit read back from the server's columns, checked against its stored id.
    init(
        storedID: Data, parents: Data, origin: String, timeMilliseconds: Int64, valueDigest: Data, kind: Int16,
        payload: Data, generation: Int64, modelVersion: Int
    ) throws {
        guard DocumentStore.generations.contains(generation) else {
            throw PostgresSyncError.corruptDocument("a commit is stored at generation \(generation), \(DocumentStore.generationsWording)")
        }
        let commit = try ServerCommit.historyCommit(
            storedID: storedID, parents: parents, origin: origin, timeMilliseconds: timeMilliseconds, valueDigest: valueDigest,
            kind: kind, payload: payload, describedAs: "commit at generation \(generation)"
        )
        self.init(commit, generation: generation, modelVersion: modelVersion)
    }

    /// The ``HistoryCommit`` a `forked_commits` row holds, checked against its stored id;
    /// `description` names the row in errors.
    static func historyCommit(
        storedID: Data, parents: Data, origin: String, timeMilliseconds: Int64, valueDigest: Data, kind: Int16,
        payload: Data, describedAs description: String
    ) throws -> HistoryCommit {
        let width = CommitID.byteCount
        guard parents.count % width == 0, let digest = SHA256Digest(bytes: valueDigest) else {
            throw PostgresSyncError.corruptDocument("\(description) has malformed parents or digest")
        }
        let parentIDs = stride(from: 0, to: parents.count, by: width).compactMap {
            CommitID(bytes: parents[(parents.startIndex + $0)..<(parents.startIndex + $0 + width)])
        }
        guard let kindByte = UInt8(exactly: kind), let body = CommitBody(kind: kindByte, payload: payload) else {
            throw PostgresSyncError.corruptDocument("\(description) has an unknown kind \(kind)")
        }
        // The time as the row holds it, whatever its value: a `Date` would not carry one near
        // `Int64.max` back unchanged (and converting it back trapped).
        let commit = HistoryCommit(parents: parentIDs, origin: origin, milliseconds: timeMilliseconds, valueDigest: digest, body: body)
        guard Data(commit.id.bytes) == storedID else {
            throw PostgresSyncError.corruptDocument("\(description) does not match its id")
        }
        return commit
    }

    /// The id as the `id` and `head` columns hold it.
    var idBytes: Data { Data(commit.id.bytes) }

    /// The parents as one column: their ids one after the other.
    var packedParents: Data { ServerCommit.packedParents(of: commit) }

    /// The `kind` column: ``CommitBody/kind``.
    var kind: Int16 { Int16(commit.body.kind) }

    /// `commit`'s parents as the `parents` column holds them: their ids one after the other.
    static func packedParents(of commit: HistoryCommit) -> Data {
        commit.parents.reduce(into: Data()) { $0.append(contentsOf: $1.bytes) }
    }

    /// The id as lowercase hex, for logs and messages.
    var hexID: String { commit.id.hex }
}
