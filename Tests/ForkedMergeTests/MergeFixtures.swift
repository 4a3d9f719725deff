import Forked

/// A `Mergeable` counter whose merge adds both sides' changes, so a test can tell a recursive
/// merge (changes summed) from a fallback to one side.
struct Counter: Mergeable, Equatable, Hashable, Identifiable {
    var id: String
    var count: Int

    init(_ count: Int, id: String = "counter") {
        self.id = id
        self.count = count
    }

    func merged(withSubordinate other: Counter, commonAncestor: Counter) throws -> Counter {
        Counter(count + other.count - commonAncestor.count, id: id)
    }

    /// Without an ancestor both counts are kept whole, so a test can tell salvaging happened.
    func salvaging(from other: Counter) throws -> Counter {
        Counter(count + other.count, id: id)
    }
}

/// A plain identifiable element with no merge logic of its own.
struct Item: Identifiable, Equatable, Sendable, CustomStringConvertible {
    var id: Int
    var value: Int

    var description: String { "\(id):\(value)" }
}
