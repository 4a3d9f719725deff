import Forked
import ForkedEditCore
import Foundation

/// One record of a fork's journal, in a compact binary form: a keystroke costs a few dozen
/// bytes and no JSON, and replaying ten thousand of them decodes in milliseconds.
///
/// - Header: `"H"`, format (1 byte), the fork's version in the repository (UInt64 LE); in
///   format 2 the identity of the state directory that wrote it (one length byte, then its
///   bytes); the fork's name (UTF-8, the rest). Format 1 headers (no identity) are still read.
/// - Edit: `"E"`, UTF-8 offset, removed byte count, cursor offset after the edit, the edit's
///   version in the session (each UInt64 LE), the inserted text (UTF-8, the rest).
public enum JournalRecord: Sendable, Equatable {
    /// The first record: the journal's edits apply on top of `forkVersion` of `fork`, in the
    /// state directory whose identity is `stateID` (`nil` in journals written before it had one).
    case header(fork: Fork, forkVersion: Version, stateID: Data? = nil)
    /// One edit of the journal's fork.
    case edit(change: TextEdit, cursorUTF8Offset: Int, version: Version)

    static let format: UInt8 = 2
    private static let formatWithoutIdentity: UInt8 = 1
    private static let headerTag = UInt8(ascii: "H")
    private static let editTag = UInt8(ascii: "E")

    /// The record's bytes.
    public var encoded: Data {
        var bytes: [UInt8] = []
        switch self {
        case .header(let fork, let version, let stateID):
            bytes.reserveCapacity(11 + (stateID?.count ?? 0) + fork.name.utf8.count)
            bytes.append(Self.headerTag)
            bytes.append(stateID == nil ? Self.formatWithoutIdentity : Self.format)
            Self.append(version.count, to: &bytes)
            if let stateID {
                bytes.append(UInt8(min(stateID.count, 255)))
                bytes.append(contentsOf: stateID.prefix(255))
            }
            bytes.append(contentsOf: fork.name.utf8)
        case .edit(let change, let cursor, let version):
            bytes.reserveCapacity(33 + change.inserted.utf8.count)
            bytes.append(Self.editTag)
            Self.append(UInt64(change.utf8Offset), to: &bytes)
            Self.append(UInt64(change.removedUTF8Count), to: &bytes)
            Self.append(UInt64(cursor), to: &bytes)
            Self.append(version.count, to: &bytes)
            bytes.append(contentsOf: change.inserted.utf8)
        }
        return Data(bytes)
    }

    /// Decodes a record, or explains why it is not one.
    public init(decoding data: Data) throws(JournalRecordError) {
        let bytes = [UInt8](data)
        guard let tag = bytes.first else { throw .empty }
        switch tag {
        case Self.headerTag:
            guard bytes.count >= 10 else { throw .truncated }
            var nameStart = 10
            var stateID: Data?
            switch bytes[1] {
            case Self.formatWithoutIdentity:
                break
            case Self.format:
                guard bytes.count >= 11, bytes.count >= 11 + Int(bytes[10]) else { throw .truncated }
                stateID = Data(bytes[11..<(11 + Int(bytes[10]))])
                nameStart = 11 + Int(bytes[10])
            default:
                throw .unsupportedFormat(bytes[1])
            }
            guard let name = String(validating: bytes[nameStart...], as: UTF8.self), !name.isEmpty else { throw .invalidText }
            self = .header(fork: Fork(name: name), forkVersion: Version(count: Self.load(bytes, at: 2)), stateID: stateID)
        case Self.editTag:
            guard bytes.count >= 33 else { throw .truncated }
            let numbers = (0..<4).map { Self.load(bytes, at: 1 + 8 * $0) }
            // The replaced range's end (offset + removed) must fit too: the edit's range is
            // formed from it, and a sum past `Int.max` would trap there.
            guard numbers[0...2].allSatisfy({ $0 <= UInt64(Int.max) }), numbers[1] <= UInt64(Int.max) - numbers[0] else {
                throw .offsetOutOfRange
            }
            guard let inserted = String(validating: bytes[33...], as: UTF8.self) else { throw .invalidText }
            self = .edit(
                change: TextEdit(utf8Offset: Int(numbers[0]), removedUTF8Count: Int(numbers[1]), inserted: inserted),
                cursorUTF8Offset: Int(numbers[2]),
                version: Version(count: numbers[3])
            )
        default:
            throw .unknownTag(tag)
        }
    }

    private static func append(_ value: UInt64, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    private static func load(_ bytes: [UInt8], at offset: Int) -> UInt64 {
        (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[offset + $1]) << (8 * UInt64($1)) }
    }
}

/// Why a journal record could not be decoded.
public enum JournalRecordError: Error, Equatable, CustomStringConvertible {
    /// The record has no bytes.
    case empty
    /// The record is shorter than its fixed fields.
    case truncated
    /// The header names a journal format this build does not read.
    case unsupportedFormat(UInt8)
    /// The first byte is neither a header nor an edit.
    case unknownTag(UInt8)
    /// A fork name or inserted text is not valid UTF-8.
    case invalidText
    /// An offset does not fit in this platform's integers.
    case offsetOutOfRange

    /// A short explanation.
    public var description: String {
        switch self {
        case .empty: "an empty record"
        case .truncated: "a record shorter than its fields"
        case .unsupportedFormat(let format): "journal format \(format) (this build reads format \(JournalRecord.format))"
        case .unknownTag(let tag): "a record of unknown kind \(tag)"
        case .invalidText: "text that is not valid UTF-8"
        case .offsetOutOfRange: "an offset out of range"
        }
    }
}
