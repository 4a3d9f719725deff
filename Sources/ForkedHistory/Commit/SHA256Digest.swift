import Crypto
import Foundation

/// The name of a commit: the SHA-256 digest of its parents' ids, origin, time and the digest of
/// its value, so equal commits made anywhere get the same id and any change a new one.
///
/// The id covers the value, not how it is stored: a commit's body can turn from a delta into a
/// snapshot (when garbage collection removes its parent) without changing its name.
public typealias CommitID = SHA256Digest

/// A SHA-256 digest: a commit's id, or the digest of a value's snapshot.
public struct SHA256Digest: Hashable, Sendable, Comparable, CustomStringConvertible, Codable {
    /// The digest's 32 bytes.
    public let bytes: [UInt8]

    /// The number of bytes in an id.
    public static let byteCount = 32

    /// Creates an id from its 32 bytes, or `nil` when there are not exactly 32.
    public init?(bytes: some Collection<UInt8>) {
        guard bytes.count == SHA256Digest.byteCount else { return nil }
        self.bytes = Array(bytes)
    }

    /// Creates an id from 64 hexadecimal digits, or `nil` when `hex` is not that.
    public init?(hex: String) {
        let digits = Array(hex.utf8)
        guard digits.count == 2 * SHA256Digest.byteCount else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(SHA256Digest.byteCount)
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = SHA256Digest.hexValue(digits[index]), let low = SHA256Digest.hexValue(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        self.bytes = bytes
    }

    /// The SHA-256 digest of `data`.
    public static func digest(of data: Data) -> SHA256Digest {
        SHA256Digest(digestBytes: Array(SHA256.hash(data: data)))
    }

    private init(digestBytes: [UInt8]) { bytes = digestBytes }

    /// The id as 64 lowercase hexadecimal digits.
    public var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(2 * bytes.count)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The first twelve hexadecimal digits, as `log` shows an id.
    public var short: String { String(hex.prefix(12)) }

    /// The full hexadecimal id.
    public var description: String { hex }

    /// Whether the id's hexadecimal form starts with `prefix` (case-insensitive).
    public func hasHexPrefix(_ prefix: String) -> Bool { hex.hasPrefix(prefix.lowercased()) }

    /// Orders ids by their bytes, so sorted lists of ids are the same everywhere.
    public static func < (lhs: SHA256Digest, rhs: SHA256Digest) -> Bool { lhs.bytes.lexicographicallyPrecedes(rhs.bytes) }

    /// Decodes an id from its hexadecimal string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let id = SHA256Digest(hex: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a SHA-256 digest: \(text.prefix(80))")
        }
        self = id
    }

    /// Encodes the id as its hexadecimal string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case 0x30...0x39: digit - 0x30
        case 0x61...0x66: digit - 0x61 + 10
        case 0x41...0x46: digit - 0x41 + 10
        default: nil
        }
    }
}
