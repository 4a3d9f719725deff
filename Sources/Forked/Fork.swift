/// The name of one line of work on a ``ForkedResource``.
///
/// Forks are arranged hub-and-spoke: every fork merges into and out of ``main``,
/// never directly into another fork.
public struct Fork: Hashable, Codable, Sendable, Comparable, CustomStringConvertible {
    /// The fork's name, unique within a resource.
    public let name: String

    /// Creates a fork name. Creating the fork itself is done with ``ForkedResource/create(_:)``.
    public init(name: String) {
        self.name = name
    }

    /// The hub every other fork merges with. It always exists.
    public static let main = Fork(name: "main")

    /// The fork's name.
    public var description: String { name }

    /// Orders forks by name, so listings are deterministic.
    public static func < (lhs: Fork, rhs: Fork) -> Bool { lhs.name < rhs.name }
}
