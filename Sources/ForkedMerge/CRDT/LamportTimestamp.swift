/// A logical time stamp: a Lamport counter plus the replica that made the change.
///
/// Time stamps order changes without trusting wall clocks. A replica stamps each change with a
/// counter one above every counter it has seen, so a change always orders after everything its
/// author knew about; changes made concurrently at the same counter are ordered by replica
/// identifier. Two changes from different replicas never share a time stamp, so the order is
/// total and every replica agrees on it.
public struct LamportTimestamp: Hashable, Codable, Sendable, Comparable, CustomStringConvertible {
    /// The Lamport counter.
    public let counter: UInt64
    /// The replica that made the change.
    public let replica: ReplicaID

    /// Creates a time stamp.
    public init(counter: UInt64, replica: ReplicaID) {
        self.counter = counter
        self.replica = replica
    }

    /// Orders by counter, then by replica identifier.
    public static func < (lhs: LamportTimestamp, rhs: LamportTimestamp) -> Bool {
        (lhs.counter, lhs.replica) < (rhs.counter, rhs.replica)
    }

    /// `counter@replica`, as in `3@laptop`.
    public var description: String { "\(counter)@\(replica)" }
}

/// A replica's Lamport clock: the highest counter it has seen, and its identity.
///
/// Each local change ticks the clock; each merge fast-forwards it to the higher of the two
/// clocks, so the next local change orders after everything that was merged in.
struct LamportClock: Hashable, Codable, Sendable {
    /// The highest counter this replica has issued or seen.
    private(set) var counter: UInt64
    /// The replica whose changes this clock stamps.
    var replica: ReplicaID

    init(replica: ReplicaID, counter: UInt64 = 0) {
        self.replica = replica
        self.counter = counter
    }

    /// Returns a new time stamp, later than every one seen so far.
    mutating func tick() -> LamportTimestamp {
        // A counter this large cannot come from counting edits, only from corrupt input; saturating
        // keeps the replica usable, with ties then broken by replica identifier.
        counter = counter == .max ? .max : counter + 1
        return LamportTimestamp(counter: counter, replica: replica)
    }

    /// Moves the clock past `counter` if it is behind.
    mutating func witness(_ counter: UInt64) {
        self.counter = max(self.counter, counter)
    }
}
