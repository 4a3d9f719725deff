/// Identifies one replica (one device, process or fork) that edits a replicated value.
///
/// Replica identifiers break ties between changes made at the same logical time, so every
/// replica that edits independently needs its own. The default is a random version-4 UUID
/// string; tests inject fixed identifiers to make orderings predictable.
///
/// ```swift
/// var list = MergeableArray<String>(replica: ReplicaID("laptop"))
/// ```
public struct ReplicaID: Hashable, Codable, Sendable, Comparable, CustomStringConvertible {
    /// The identifier's text. Replicas compare by this text.
    public let rawValue: String

    /// Creates a replica identifier with the given text, for example a stored device identifier.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates a new random replica identifier (a version-4 UUID string).
    public init() {
        var generator = SystemRandomNumberGenerator()
        self.init(using: &generator)
    }

    /// Creates a random replica identifier (a version-4 UUID string) from `generator`.
    public init(using generator: inout some RandomNumberGenerator) {
        var bytes = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        bytes[6] = (bytes[6] & 0x0F) | 0x40 // version 4
        bytes[8] = (bytes[8] & 0x3F) | 0x80 // RFC 4122 variant
        let hex = bytes.map { byte in
            let digits = String(byte, radix: 16, uppercase: false)
            return digits.count == 1 ? "0" + digits : digits
        }
        let groups = [hex[0..<4], hex[4..<6], hex[6..<8], hex[8..<10], hex[10..<16]].map { $0.joined() }
        self.init(groups.joined(separator: "-"))
    }

    /// Decodes an identifier stored as a single string.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the identifier as a single string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// Orders identifiers by their text, the deterministic tie-break between concurrent changes.
    public static func < (lhs: ReplicaID, rhs: ReplicaID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// The identifier's text.
    public var description: String { rawValue }
}
