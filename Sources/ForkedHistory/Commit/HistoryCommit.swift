import Foundation

/// One version of a resource in its history: its parents (none for the first version, two for a
/// merge), where it was made, when, the digest of its value, and that value as a snapshot or as
/// a delta against its first parent.
///
/// The same commit format serves the local history beside a repository and the commits a sync
/// exchange stores on a server, so a history made offline uploads as it is. The ``id`` is the
/// SHA-256 of the commit's header (parents, origin, time, ``valueDigest``); the body is not part
/// of it, so a delta can be replaced by a snapshot without renaming the commit or its descendants.
public struct HistoryCommit: Hashable, Sendable {
    /// The commit's content address.
    public let id: CommitID
    /// The commits this one follows: the first is the one a delta applies to.
    public let parents: [CommitID]
    /// Where the commit was made: a fork name, or a device id for commits made by sync.
    public let origin: String
    /// When the commit was made, to the millisecond.
    public let time: Date
    /// The SHA-256 of the value's ``HistoryValue/snapshot()``, checked when the value is rebuilt.
    public let valueDigest: SHA256Digest
    /// The value, whole or as a delta against the first parent.
    public let body: CommitBody

    /// Creates a commit and computes its id. `time` is kept to the millisecond.
    public init(parents: [CommitID], origin: String, time: Date, valueDigest: SHA256Digest, body: CommitBody) {
        let milliseconds = HistoryCommit.milliseconds(time)
        let header = HistoryCommit.header(parents: parents, origin: origin, milliseconds: milliseconds, valueDigest: valueDigest)
        self.init(id: CommitID.digest(of: header), parents: parents, origin: origin, milliseconds: milliseconds, valueDigest: valueDigest, body: body)
    }

    private init(id: CommitID, parents: [CommitID], origin: String, milliseconds: Int64, valueDigest: SHA256Digest, body: CommitBody) {
        self.id = id
        self.parents = parents
        self.origin = origin
        self.time = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        self.valueDigest = valueDigest
        self.body = body
    }

    /// The same commit storing `body` instead (its id is unchanged).
    public func storing(_ body: CommitBody) -> HistoryCommit {
        HistoryCommit(id: id, parents: parents, origin: origin, milliseconds: milliseconds, valueDigest: valueDigest, body: body)
    }

    /// Decodes a commit from ``encoded`` bytes, checking that its id matches its header.
    public init(encoded: Data) throws {
        var reader = CommitReader(encoded)
        guard let idBytes = reader.bytes(CommitID.byteCount), let id = CommitID(bytes: idBytes),
              let headerLength = reader.uint32(), let header = reader.bytes(Int(headerLength)),
              let kind = reader.bytes(1)?.first, let payloadLength = reader.uint64(),
              let payload = reader.bytes(Int(clamping: payloadLength)), reader.isAtEnd,
              let body = CommitBody(kindByte: kind, payload: Data(payload))
        else { throw HistoryError.corruptCommit("truncated or malformed commit") }
        guard CommitID.digest(of: Data(header)) == id else { throw HistoryError.corruptCommit("\(id.short) does not match its content") }
        var fields = CommitReader(Data(header))
        guard fields.bytes(HistoryCommit.magic.count).map(Array.init) == Array(HistoryCommit.magic), let parentCount = fields.uint32()
        else { throw HistoryError.corruptCommit("\(id.short): unknown format") }
        var parents: [CommitID] = []
        for _ in 0..<parentCount {
            guard let bytes = fields.bytes(CommitID.byteCount), let parent = CommitID(bytes: bytes) else {
                throw HistoryError.corruptCommit("\(id.short): truncated parents")
            }
            parents.append(parent)
        }
        guard let originLength = fields.uint32(), let originBytes = fields.bytes(Int(originLength)),
              let origin = String(validating: originBytes, as: UTF8.self), let milliseconds = fields.uint64(),
              let digestBytes = fields.bytes(SHA256Digest.byteCount), let valueDigest = SHA256Digest(bytes: digestBytes), fields.isAtEnd
        else { throw HistoryError.corruptCommit("\(id.short): malformed header") }
        self.init(id: id, parents: parents, origin: origin, milliseconds: Int64(bitPattern: milliseconds), valueDigest: valueDigest, body: body)
    }

    /// The commit as bytes: id, header length and header (what the id is the digest of), body
    /// kind (0 snapshot, 1 delta), payload length and payload; integers big-endian.
    public var encoded: Data {
        let header = HistoryCommit.header(parents: parents, origin: origin, milliseconds: milliseconds, valueDigest: valueDigest)
        let payload = body.payload
        var data = Data(capacity: CommitID.byteCount + 4 + header.count + 9 + payload.count)
        data.append(contentsOf: id.bytes)
        data.appendBigEndian(UInt32(header.count))
        data.append(header)
        data.append(body.kindByte)
        data.appendBigEndian(UInt64(payload.count))
        data.append(payload)
        return data
    }

    /// Milliseconds since 1970, the precision a commit keeps.
    public var milliseconds: Int64 { HistoryCommit.milliseconds(time) }

    private static let magic = Data("forked-commit/1\n".utf8)

    private static func milliseconds(_ time: Date) -> Int64 { Int64((time.timeIntervalSince1970 * 1000).rounded()) }

    /// The bytes a commit's id is the digest of.
    private static func header(parents: [CommitID], origin: String, milliseconds: Int64, valueDigest: SHA256Digest) -> Data {
        var data = magic
        data.appendBigEndian(UInt32(parents.count))
        for parent in parents { data.append(contentsOf: parent.bytes) }
        data.appendBigEndian(UInt32(origin.utf8.count))
        data.append(contentsOf: origin.utf8)
        data.appendBigEndian(UInt64(bitPattern: milliseconds))
        data.append(contentsOf: valueDigest.bytes)
        return data
    }
}

extension Data {
    mutating func appendBigEndian<Integer: FixedWidthInteger>(_ value: Integer) {
        Swift.withUnsafeBytes(of: value.bigEndian) { append(contentsOf: $0) }
    }
}

/// Reads the fields of an encoded commit in order, failing softly on truncation.
struct CommitReader {
    private let bytes: [UInt8]
    private var position = 0

    init(_ data: Data) { bytes = Array(data) }

    var isAtEnd: Bool { position == bytes.count }

    mutating func bytes(_ count: Int) -> ArraySlice<UInt8>? {
        guard count >= 0, count <= bytes.count - position else { return nil }
        defer { position += count }
        return bytes[position..<(position + count)]
    }

    mutating func uint32() -> UInt32? { integer() }
    mutating func uint64() -> UInt64? { integer() }

    private mutating func integer<Integer: FixedWidthInteger>() -> Integer? {
        guard let slice = bytes(MemoryLayout<Integer>.size) else { return nil }
        return slice.reduce(Integer(0)) { $0 << 8 | Integer($1) }
    }
}
