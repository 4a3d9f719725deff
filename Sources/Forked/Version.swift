/// A point on a resource's logical clock.
///
/// Every change to a resource takes the next tick, so versions order changes by when they
/// happened in the resource, independently of wall clocks and of the order forks are listed in.
public struct Version: Hashable, Codable, Sendable, Comparable, CustomStringConvertible {
    /// The tick of the logical clock at which this version was made.
    public let count: UInt64

    /// Creates a version at the given tick.
    public init(count: UInt64) {
        self.count = count
    }

    /// The version every new resource starts from.
    public static let initial = Version(count: 0)

    /// Orders versions by tick.
    public static func < (lhs: Version, rhs: Version) -> Bool { lhs.count < rhs.count }

    /// The tick, as text.
    public var description: String { String(count) }
}
