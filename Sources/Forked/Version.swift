import Foundation

/// A point on a resource's logical clock.
///
/// Every change to a resource takes the next tick, so versions order changes by when they
/// happened in the resource, independently of wall clocks and of the order forks are listed in.
/// The tick alone identifies a version within its resource: two versions are equal, and order,
/// by ``count``. The wall-clock ``timestamp`` and the ``id`` say when and as what the version
/// was made, for display and for code written against the original Forked; they never decide
/// which change wins a merge.
public struct Version: Hashable, Codable, Sendable, Comparable, CustomStringConvertible {
    /// The tick of the logical clock at which this version was made.
    public let count: UInt64
    /// The wall-clock time at which this version was made. Within one resource, later versions
    /// have later time stamps even if the system clock steps back.
    public let timestamp: Date
    /// An identifier unique to this version, also across resources.
    public let id: UUID

    /// Creates a version at the given tick.
    public init(count: UInt64, timestamp: Date = Date(), id: UUID = UUID()) {
        self.count = count
        self.timestamp = timestamp
        self.id = id
    }

    /// The version every new resource starts from: tick 0, made in the distant past.
    public static let initial = Version(
        count: 0, timestamp: .distantPast, id: UUID(uuid: (0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0))
    )

    /// The original Forked's name for ``initial``.
    public static var initialVersion: Version { initial }

    /// The version one tick after this one, made now (or just after this one's time stamp, if
    /// the system clock reads earlier).
    public func next() -> Version {
        Version(count: count + 1, timestamp: max(Date(), timestamp.addingTimeInterval(Self.minimumStep)))
    }

    /// The smallest step between the time stamps of consecutive versions: a microsecond, well
    /// above the resolution of a `Date` near the present.
    private static let minimumStep: TimeInterval = 1e-6

    /// Equal when made at the same tick.
    public static func == (lhs: Version, rhs: Version) -> Bool { lhs.count == rhs.count }

    /// Hashes the tick, the only part equality looks at.
    public func hash(into hasher: inout Hasher) { hasher.combine(count) }

    /// Orders versions by tick.
    public static func < (lhs: Version, rhs: Version) -> Bool { lhs.count < rhs.count }

    /// The tick, as text.
    public var description: String { String(count) }

    private enum CodingKeys: String, CodingKey {
        case count, timestamp, id
    }

    /// Decodes a version. Versions stored before time stamps existed decode with the distant
    /// past as their time stamp and an identifier derived from their tick.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        count = try container.decode(UInt64.self, forKey: .count)
        timestamp = try container.decodeIfPresent(Date.self, forKey: .timestamp) ?? .distantPast
        id = try container.decodeIfPresent(UUID.self, forKey: .id) ?? Self.legacyID(count: count)
    }

    /// Encodes the tick, the time stamp and the identifier.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(count, forKey: .count)
        try container.encode(timestamp, forKey: .timestamp)
        try container.encode(id, forKey: .id)
    }

    /// A stable identifier for a version stored without one: the same tick always gives the
    /// same identifier, so reading a file twice gives equal versions in every respect.
    private static func legacyID(count: UInt64) -> UUID {
        let b = withUnsafeBytes(of: count.bigEndian) { Array($0) }
        return UUID(uuid: (0xF0, 0x4C, 0xED, 0, 0, 0, 0, 0, b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]))
    }
}
