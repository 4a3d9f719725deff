import Crypto
import Foundation

/// One change as the server stores it: a row of `forked_commits`.
///
/// Its id is the SHA-256 of everything but the generation, so the same change has the same id
/// on every device, and a row whose bytes do not match its id is detected.
struct ServerCommit: Sendable, Equatable {
    /// Whether ``payload`` is a whole value or a change against the first parent's value.
    enum Kind: Int16, Sendable {
        case snapshot = 0
        case delta = 1
    }

    let id: Data
    let parents: [Data]
    /// The device that made the change.
    let origin: String
    let timeMilliseconds: Int64
    /// The SHA-256 of the value's snapshot encoding, to check a value rebuilt from deltas.
    let valueDigest: Data
    let kind: Kind
    let payload: Data
    /// The document's generation this commit made current.
    let generation: Int64
    /// The model version of the value, 0 when the value is not versioned.
    let modelVersion: Int

    static let idByteCount = 32

    /// A new commit, its id computed from its content.
    init(
        parents: [Data], origin: String, timeMilliseconds: Int64, valueDigest: Data, kind: Kind, payload: Data,
        generation: Int64, modelVersion: Int
    ) {
        self.parents = parents
        self.origin = origin
        self.timeMilliseconds = timeMilliseconds
        self.valueDigest = valueDigest
        self.kind = kind
        self.payload = payload
        self.generation = generation
        self.modelVersion = modelVersion
        self.id = Self.id(parents: parents, origin: origin, time: timeMilliseconds, digest: valueDigest, kind: kind, payload: payload)
    }

    /// A commit read back from the server, checked against its id.
    init(
        storedID: Data, parents: Data, origin: String, timeMilliseconds: Int64, valueDigest: Data, kind: Int16,
        payload: Data, generation: Int64, modelVersion: Int
    ) throws {
        guard let kind = Kind(rawValue: kind), parents.count % Self.idByteCount == 0 else {
            throw PostgresSyncError.corruptDocument("commit at generation \(generation) has an unknown kind or parents")
        }
        let parentIDs = stride(from: 0, to: parents.count, by: Self.idByteCount).map {
            Data(parents[parents.startIndex + $0 ..< parents.startIndex + $0 + Self.idByteCount])
        }
        self.init(
            parents: parentIDs, origin: origin, timeMilliseconds: timeMilliseconds, valueDigest: valueDigest, kind: kind,
            payload: payload, generation: generation, modelVersion: modelVersion
        )
        guard id == storedID else {
            throw PostgresSyncError.corruptDocument("commit at generation \(generation) does not match its id")
        }
    }

    /// The parents as one column: their ids one after the other.
    var packedParents: Data { parents.reduce(into: Data()) { $0.append($1) } }

    /// The id as lowercase hex, for logs and messages.
    var hexID: String { Self.hex(id) }

    static func hex(_ data: Data) -> String { data.map { String(format: "%02x", $0) }.joined() }

    static func digest(_ data: Data) -> Data { Data(SHA256.hash(data: data)) }

    private static func id(parents: [Data], origin: String, time: Int64, digest: Data, kind: Kind, payload: Data) -> Data {
        var hasher = SHA256()
        hasher.update(data: Data("forked-server-commit/1\n".utf8))
        var count = UInt32(parents.count).bigEndian
        withUnsafeBytes(of: &count) { hasher.update(bufferPointer: $0) }
        for parent in parents { hasher.update(data: parent) }
        var originLength = UInt32(origin.utf8.count).bigEndian
        withUnsafeBytes(of: &originLength) { hasher.update(bufferPointer: $0) }
        hasher.update(data: Data(origin.utf8))
        var timeBytes = time.bigEndian
        withUnsafeBytes(of: &timeBytes) { hasher.update(bufferPointer: $0) }
        hasher.update(data: digest)
        hasher.update(data: Data([UInt8(kind.rawValue)]))
        hasher.update(data: payload)
        return Data(hasher.finalize())
    }
}
