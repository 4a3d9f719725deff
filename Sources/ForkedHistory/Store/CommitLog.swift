import Forked
import Foundation

/// How ``FileCommitStore`` writes commits into its log: compactly, each record naming earlier
/// records by how far back they are instead of by their 32-byte ids.
///
/// A history is mostly small deltas, one after the other on one fork, so most of a commit's
/// header repeats the record before it: its parent is that record, its origin is the same, its
/// time a few seconds later. A record keeps only what is new, and the commit (with its id,
/// which is rebuilt from the header) is the same as the one any other store holds.
///
/// A record is: a tag (``tagBase`` plus the body's ``CommitBody/kind``); the parent count and
/// each parent; for an anchored delta, its base; the origin (0 for the previous record's, else
/// its length plus one and its bytes); the time as a zigzag difference in milliseconds from the
/// previous record's; the value's 32-byte digest; and the payload, to the end. A commit is named
/// by 0 and its 32 bytes, or by how many records back it is. Numbers are LEB128. Records in
/// the older, self-contained form (``HistoryCommit/encoded``) start with a byte of at least
/// 46 and are still read.
///
/// Decoding and encoding must see the log's records in order, from its start: the value holds
/// what a record may refer back to.
struct CommitLog {
    /// The ids of the records seen so far, in log order.
    private var ids: [CommitID] = []
    /// Each id's position in ``ids`` (the last, should a commit appear twice).
    private var positions: [CommitID: Int] = [:]
    private var lastOrigin = ""
    private var lastMilliseconds: Int64 = 0

    /// The first byte of a compact record, plus the body's kind. Lower than any first byte of
    /// the self-contained form: that starts with its header's length, which is at least 46.
    private static let tagBase: UInt8 = 0x10

    /// The record for `commit`, which follows the records seen so far.
    ///
    /// A commit whose time is 2^62 ms or more from the previous record's (a crafted or damaged
    /// time) is written in the self-contained form: its step has no LEB128 form that reads back
    /// (``LEB128/read(_:)`` stops at `Int.max`), and a step written as another number would
    /// give the commit another id when read.
    mutating func encode(_ commit: HistoryCommit) -> Data {
        let step = CommitLog.zigzag(commit.milliseconds &- lastMilliseconds)
        guard step >= 0 else {
            see(commit)
            return commit.encoded
        }
        var data = Data()
        data.append(CommitLog.tagBase + commit.body.kind)
        LEB128.append(commit.parents.count, to: &data)
        for parent in commit.parents { appendReference(to: parent, in: &data) }
        if case .anchored(let base, _) = commit.body { appendReference(to: base, in: &data) }
        LEB128.append(commit.origin == lastOrigin ? 0 : commit.origin.utf8.count + 1, to: &data)
        if commit.origin != lastOrigin { data.append(contentsOf: commit.origin.utf8) }
        LEB128.append(step, to: &data)
        data.append(contentsOf: commit.valueDigest.bytes)
        data.append(commit.body.deltaBytes ?? commit.body.payload)
        see(commit)
        return data
    }

    /// The commit `record` holds, which follows the records seen so far.
    mutating func decode(_ record: Data) throws -> HistoryCommit {
        guard let tag = record.first, tag >= CommitLog.tagBase else {
            throw HistoryError.corruptCommit("a history record has an unknown form")
        }
        guard tag < CommitLog.tagBase + 3 else {
            let commit = try HistoryCommit(encoded: record)
            see(commit)
            return commit
        }
        let kind = tag - CommitLog.tagBase
        var reader = CommitReader(record)
        _ = reader.bytes(1)
        guard let parentCount = reader.number(), parentCount <= record.count else {
            throw HistoryError.corruptCommit("a history record is truncated")
        }
        var parents: [CommitID] = []
        for _ in 0..<parentCount { parents.append(try reference(&reader)) }
        let base = kind == 2 ? try reference(&reader) : nil
        guard let originCode = reader.number() else { throw HistoryError.corruptCommit("a history record is truncated") }
        var origin = lastOrigin
        if originCode > 0 {
            guard let bytes = reader.bytes(originCode - 1), let text = String(validating: bytes, as: UTF8.self) else {
                throw HistoryError.corruptCommit("a history record's origin is malformed")
            }
            origin = text
        }
        guard let step = reader.number(), let digestBytes = reader.bytes(SHA256Digest.byteCount),
              let digest = SHA256Digest(bytes: digestBytes), let payload = reader.bytes(reader.remaining)
        else { throw HistoryError.corruptCommit("a history record is truncated") }
        let body: CommitBody
        switch (kind, base) {
        case (0, _): body = .snapshot(Data(payload))
        case (1, _): body = .delta(Data(payload))
        case (2, let base?): body = .anchored(base: base, delta: Data(payload))
        default: throw HistoryError.corruptCommit("a history record has an unknown body")
        }
        let commit = HistoryCommit(
            parents: parents, origin: origin, milliseconds: lastMilliseconds &+ CommitLog.unzigzag(step), valueDigest: digest, body: body
        )
        see(commit)
        return commit
    }

    private mutating func see(_ commit: HistoryCommit) {
        positions[commit.id] = ids.count
        ids.append(commit.id)
        lastOrigin = commit.origin
        lastMilliseconds = commit.milliseconds
    }

    private func appendReference(to id: CommitID, in data: inout Data) {
        if let position = positions[id] {
            LEB128.append(ids.count - position, to: &data)
        } else {
            LEB128.append(0, to: &data)
            data.append(contentsOf: id.bytes)
        }
    }

    private func reference(_ reader: inout CommitReader) throws -> CommitID {
        guard let back = reader.number() else { throw HistoryError.corruptCommit("a history record is truncated") }
        if back == 0 {
            guard let bytes = reader.bytes(CommitID.byteCount), let id = CommitID(bytes: bytes) else {
                throw HistoryError.corruptCommit("a history record is truncated")
            }
            return id
        }
        guard back <= ids.count else { throw HistoryError.corruptCommit("a history record refers to a record before the log's start") }
        return ids[ids.count - back]
    }

    private static func zigzag(_ value: Int64) -> Int {
        Int(bitPattern: UInt(truncatingIfNeeded: (value << 1) ^ (value >> 63)))
    }

    private static func unzigzag(_ value: Int) -> Int64 {
        let bits = UInt64(UInt(bitPattern: value))
        return Int64(bitPattern: (bits >> 1) ^ (0 &- (bits & 1)))
    }
}
