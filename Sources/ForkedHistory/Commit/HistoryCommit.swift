import Forked
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
    public var time: Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }
    /// Milliseconds since 1970, the precision a commit keeps: the time as the header stores it.
    ///
    /// Kept as read, not derived from ``time``: a header (or a server row) may hold any 64-bit
    /// value, and one near `Int64.max` does not survive the trip through a `Date`'s `Double`.
    public let milliseconds: Int64
    /// The SHA-256 of the value's ``HistoryValue/snapshot()``, checked when the value is rebuilt.
    public let valueDigest: SHA256Digest
    /// The value, whole or as a delta against the first parent.
    public let body: CommitBody

    /// Creates a commit and computes its id. `time` is kept to the millisecond.
    public init(parents: [CommitID], origin: String, time: Date, valueDigest: SHA256Digest, body: CommitBody) {
        self.init(parents: parents, origin: origin, milliseconds: HistoryCommit.milliseconds(time), valueDigest: valueDigest, body: body)
    }

    /// Creates a commit made at `milliseconds` since 1970 and computes its id.
    public init(parents: [CommitID], origin: String, milliseconds: Int64, valueDigest: SHA256Digest, body: CommitBody) {
        let header = HistoryCommit.header(parents: parents, origin: origin, milliseconds: milliseconds, valueDigest: valueDigest)
        self.init(id: CommitID.digest(of: header), parents: parents, origin: origin, milliseconds: milliseconds, valueDigest: valueDigest, body: body)
    }

    private init(id: CommitID, parents: [CommitID], origin: String, milliseconds: Int64, valueDigest: SHA256Digest, body: CommitBody) {
        self.id = id
        self.parents = parents
        self.origin = origin
        self.milliseconds = milliseconds
        self.valueDigest = valueDigest
        self.body = body
    }

    /// The same commit storing `body` instead (its id is unchanged).
    public func storing(_ body: CommitBody) -> HistoryCommit {
        HistoryCommit(id: id, parents: parents, origin: origin, milliseconds: milliseconds, valueDigest: valueDigest, body: body)
    }

    /// Decodes a commit from ``encoded`` bytes, checking that its header matches the id check
    /// stored with it.
    public init(encoded: Data) throws {
        var reader = CommitReader(encoded)
        guard let headerLength = reader.number(), let header = reader.bytes(headerLength),
              let check = reader.bytes(HistoryCommit.idCheckCount), let kind = reader.bytes(1)?.first,
              let payloadLength = reader.number(), let payload = reader.bytes(payloadLength), reader.isAtEnd,
              let body = CommitBody(kind: kind, payload: Data(payload))
        else { throw HistoryError.corruptCommit("truncated or malformed commit") }
        let id = CommitID.digest(of: Data(header))
        guard id.bytes.prefix(HistoryCommit.idCheckCount).elementsEqual(check) else {
            throw HistoryError.corruptCommit("\(id.short) does not match its content")
        }
        var fields = CommitReader(Data(header))
        guard fields.bytes(HistoryCommit.magic.count).map(Array.init) == Array(HistoryCommit.magic), let parentCount = fields.number()
        else { throw HistoryError.corruptCommit("\(id.short): unknown format") }
        var parents: [CommitID] = []
        for _ in 0..<parentCount {
            guard let bytes = fields.bytes(CommitID.byteCount), let parent = CommitID(bytes: bytes) else {
                throw HistoryError.corruptCommit("\(id.short): truncated parents")
            }
            parents.append(parent)
        }
        guard let originLength = fields.number(), let originBytes = fields.bytes(originLength),
              let origin = String(validating: originBytes, as: UTF8.self), let milliseconds = fields.uint64(),
              let digestBytes = fields.bytes(SHA256Digest.byteCount), let valueDigest = SHA256Digest(bytes: digestBytes), fields.isAtEnd
        else { throw HistoryError.corruptCommit("\(id.short): malformed header") }
        self.init(id: id, parents: parents, origin: origin, milliseconds: Int64(bitPattern: milliseconds), valueDigest: valueDigest, body: body)
    }

    /// Decodes a commit received under `id` (from a server or a peer), refusing one whose
    /// content does not hash to it.
    public init(encoded: Data, id: CommitID) throws {
        try self.init(encoded: encoded)
        guard self.id == id else { throw HistoryError.corruptCommit("\(id.short) does not match its content") }
    }

    /// The commit as bytes: the header (what the id is the digest of) with its length, the
    /// first bytes of the id (so a damaged header is noticed without storing the whole id,
    /// which the header rebuilds), the body kind (``CommitBody/kind``), and the payload with its
    /// length. Lengths and counts are LEB128; the time is 8 bytes big-endian.
    public var encoded: Data {
        let header = HistoryCommit.header(parents: parents, origin: origin, milliseconds: milliseconds, valueDigest: valueDigest)
        let payload = body.payload
        var data = Data(capacity: header.count + payload.count + 16)
        LEB128.append(header.count, to: &data)
        data.append(header)
        data.append(contentsOf: id.bytes.prefix(HistoryCommit.idCheckCount))
        data.append(body.kind)
        LEB128.append(payload.count, to: &data)
        data.append(payload)
        return data
    }

    private static let magic = Data("FKC2".utf8)
    /// How many leading bytes of the id an encoding keeps as a check.
    private static let idCheckCount = 4

    /// `time` in milliseconds since 1970; a time beyond what 64 bits of milliseconds hold is
    /// clamped to the nearest end (and one that is not a number is 0), never a trap.
    private static func milliseconds(_ time: Date) -> Int64 {
        let milliseconds = (time.timeIntervalSince1970 * 1000).rounded()
        guard !milliseconds.isNaN else { return 0 }
        return Int64(exactly: milliseconds) ?? (milliseconds > 0 ? .max : .min)
    }

    /// The bytes a commit's id is the digest of.
    private static func header(parents: [CommitID], origin: String, milliseconds: Int64, valueDigest: SHA256Digest) -> Data {
        var data = magic
        LEB128.append(parents.count, to: &data)
        for parent in parents { data.append(contentsOf: parent.bytes) }
        LEB128.append(origin.utf8.count, to: &data)
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
    private var rest: Data.SubSequence

    init(_ data: Data) { rest = data[...] }

    var isAtEnd: Bool { rest.isEmpty }

    /// How many bytes are left.
    var remaining: Int { rest.count }

    mutating func bytes(_ count: Int) -> Data.SubSequence? {
        guard count >= 0, count <= rest.count else { return nil }
        defer { rest = rest.dropFirst(count) }
        return rest.prefix(count)
    }

    /// A LEB128 length or count.
    mutating func number() -> Int? { LEB128.read(&rest) }

    mutating func uint64() -> UInt64? {
        guard let slice = bytes(MemoryLayout<UInt64>.size) else { return nil }
        return slice.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    }
}
