#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A hybrid logical time stamp: a Lamport counter, the wall-clock time of the write, and the
/// replica that made it.
///
/// Time stamps order changes causality first: a replica stamps each change with a counter one
/// above every counter it has seen, so a change always orders after everything its author knew
/// about, whatever the clocks say. Changes made concurrently at the same counter (two copies of
/// one value, each edited once) are ordered by wall-clock time, so the later write wins as users
/// expect; only writes stamped in the same nanosecond fall back to the replica identifier. Every
/// replica compares the same three stored numbers, so all agree on the order, on every run.
///
/// A clock far ahead cannot pin a value: its time only decides between writes at the same
/// counter, that is, writes made without seeing each other, and any write made after merging
/// its value has a higher counter and wins. So no bound on the skew is needed for the order to
/// move on; a clock's error only decides ties between concurrent writes, as any wall-clock order
/// must. Stamps decoded from data written before wall times were recorded have a time of 0.
public struct LamportTimestamp: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The Lamport counter.
    public let counter: UInt64
    /// When the change was made: nanoseconds since 1970 by the writer's wall clock (0 when
    /// unknown). Orders only changes with the same counter.
    public let wallTime: UInt64
    /// The replica that made the change.
    public let replica: ReplicaID

    /// Creates a time stamp.
    public init(counter: UInt64, wallTime: UInt64 = 0, replica: ReplicaID) {
        self.counter = counter
        self.wallTime = wallTime
        self.replica = replica
    }

    /// Orders by counter, then by wall time, then by replica identifier.
    public static func < (lhs: LamportTimestamp, rhs: LamportTimestamp) -> Bool {
        (lhs.counter, lhs.wallTime, lhs.replica) < (rhs.counter, rhs.wallTime, rhs.replica)
    }

    /// `counter@replica`, as in `3@laptop`.
    public var description: String { "\(counter)@\(replica)" }

    /// Nanoseconds since 1970 by this machine's clock.
    static func now() -> UInt64 {
        var time = timespec()
        guard clock_gettime(CLOCK_REALTIME, &time) == 0, time.tv_sec >= 0 else { return 0 }
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}

extension LamportTimestamp: Codable {
    private enum CodingKeys: String, CodingKey {
        case counter, wallTime, replica
    }

    /// Decodes a stamp; one written without a wall time gets 0.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        counter = try container.decode(UInt64.self, forKey: .counter)
        wallTime = try container.decodeIfPresent(UInt64.self, forKey: .wallTime) ?? 0
        replica = try container.decode(ReplicaID.self, forKey: .replica)
    }

    /// Encodes counter, wall time and replica.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(counter, forKey: .counter)
        try container.encode(wallTime, forKey: .wallTime)
        try container.encode(replica, forKey: .replica)
    }
}

/// A replica's Lamport clock: the highest counter it has seen, and its identity.
///
/// Each local change ticks the clock; each merge fast-forwards it to the higher of the two
/// clocks, so the next local change orders after everything that was merged in.
///
/// Copies of a value copy its clock, replica identity included: every fork of a
/// `ForkedResource` reads the same identity, and two copies stamping changes under it would
/// give different changes the same time stamp (a `MergeableArray` would keep only one of two
/// such inserts). So a copy ticks under its identity only while it is the sole holder of it;
/// a copy that finds the identity shared with another live copy takes a fresh random one first.
struct LamportClock: Sendable {
    /// The highest counter this replica has issued or seen.
    private(set) var counter: UInt64
    /// The replica whose changes this clock stamps. Setting it gives this copy sole use of it.
    var replica: ReplicaID {
        didSet { lease = ReplicaLease() }
    }
    /// Shared by every copy of this clock made since its replica was last set: while another
    /// copy holds it, ticking under the replica could collide with that copy's ticks.
    private var lease = ReplicaLease()

    init(replica: ReplicaID, counter: UInt64 = 0) {
        self.replica = replica
        self.counter = counter
    }

    /// Returns a new time stamp, later than every one seen so far and unique to this copy.
    mutating func tick() -> LamportTimestamp {
        // A counter this large cannot come from counting edits, only from corrupt input. It stays
        // at the maximum, and each tick there takes a fresh identity so that stamps stay unique.
        if !isKnownUniquelyReferenced(&lease) || counter == .max { replica = ReplicaID() }
        counter = counter == .max ? .max : counter + 1
        return LamportTimestamp(counter: counter, wallTime: LamportTimestamp.now(), replica: replica)
    }

    /// Moves the clock past `counter` if it is behind.
    mutating func witness(_ counter: UInt64) {
        self.counter = max(self.counter, counter)
    }
}

/// The token whose reference count tells a ``LamportClock`` whether other copies share its replica.
final class ReplicaLease: Sendable {}
