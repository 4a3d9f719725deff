import Foundation
import ForkedHistory

/// A device's version waiting in `forked_staged` for the device that holds the document's turn to
/// merge it, with every other version waiting, into the next generation (group commit).
struct StagedVersion: Sendable, Equatable {
    /// The version as a commit: its first parent is the head it was made from; its body a delta
    /// against that head's value, or a snapshot.
    let commit: HistoryCommit
    /// The generation of the head it was made from.
    let baseGeneration: Int64
    /// The model version of the value (see `ValueCoding`).
    let modelVersion: Int

    /// `upload`, made from the value of generation `baseGeneration`, as a version to stage.
    init(_ upload: ServerCommit, basedOn baseGeneration: Int64) {
        self.commit = upload.commit
        self.baseGeneration = baseGeneration
        self.modelVersion = upload.modelVersion
    }

    /// A version read back from `forked_staged`, checked against its stored id.
    init(
        storedID: Data, parents: Data, origin: String, timeMilliseconds: Int64, valueDigest: Data, kind: Int16,
        payload: Data, baseGeneration: Int64, modelVersion: Int
    ) throws {
        self.commit = try ServerCommit.historyCommit(
            storedID: storedID, parents: parents, origin: origin, timeMilliseconds: timeMilliseconds, valueDigest: valueDigest,
            kind: kind, payload: payload, describedAs: "a version staged on generation \(baseGeneration)"
        )
        self.baseGeneration = baseGeneration
        self.modelVersion = modelVersion
    }

    /// The commit id as stored.
    var idBytes: Data { Data(commit.id.bytes) }

    /// The id of the head it was made from.
    var baseID: Data? { commit.parents.first.map { Data($0.bytes) } }
}
