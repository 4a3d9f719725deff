/// A last-writer-wins register: a single value that replicas overwrite, where the write with the
/// latest logical time stamp wins.
///
/// "Latest" is decided by ``LamportTimestamp`` (Lamport counter, then replica identifier), never
/// by wall-clock time, so every replica picks the same winner. A write made after merging in
/// another replica's write always beats it.
///
/// ## Replica identity
///
/// The identity is local: it is not compared by `==` and not encoded, and a decoded value gets
/// a fresh random one. Copies of a value share it (every fork of a `ForkedResource` reads the
/// same one), and two copies stamping changes under one identity would give different changes
/// the same time stamp, and copies joined in different orders would keep different values. So
/// an edit made while another copy of the value is alive (the copy stored in a fork, a snapshot
/// kept for later) first gives the edited copy a fresh random identity; a copy edited while it
/// is the only one keeps its identity. To choose an identity, such as a device name, set
/// ``replica`` on the copy before editing it, and give every copy a different one: setting it
/// gives that copy sole use of it.
///
/// ```swift
/// var title = MergeableValue("Draft", replica: ReplicaID("laptop"))
/// var phone = title
/// phone.replica = ReplicaID("phone")
/// title.set("Final")
/// phone.set("Final v2")
/// let merged = try title.merged(withSubordinate: phone, commonAncestor: title) // "Final v2" (phone > laptop)
/// ```
public struct MergeableValue<T: Sendable & Equatable>: ConvergentReplicatedValue, Sendable {
    /// The current value. Assigning it is a write, as ``set(_:)`` is.
    public var value: T {
        get { current }
        set { set(newValue) }
    }
    private var current: T
    /// When the current value was written.
    public private(set) var timestamp: LamportTimestamp
    private var clock: LamportClock

    /// The replica whose writes this copy stamps.
    public var replica: ReplicaID {
        get { clock.replica }
        set { clock.replica = newValue }
    }

    /// Creates a register holding `value`, written by `replica`.
    public init(_ value: T, replica: ReplicaID = ReplicaID()) {
        var clock = LamportClock(replica: replica)
        self.timestamp = clock.tick()
        self.current = value
        self.clock = clock
    }

    /// Overwrites the value; the write orders after every write this replica has seen.
    public mutating func set(_ newValue: T) {
        timestamp = clock.tick()
        current = newValue
    }

    /// Keeps the later write of the two, and advances the clock past both.
    ///
    /// Two different values with the same time stamp can only come from two copies sharing a
    /// replica identity; then this copy's value is kept.
    public func joined(with other: MergeableValue<T>) -> MergeableValue<T> {
        var joined = other.timestamp > timestamp ? other : self
        joined.clock = clock
        joined.clock.witness(other.clock.counter)
        return joined
    }

    /// Equal when value, time stamp and clock agree; the replica identity is not compared.
    public static func == (lhs: MergeableValue<T>, rhs: MergeableValue<T>) -> Bool {
        lhs.current == rhs.current && lhs.timestamp == rhs.timestamp && lhs.clock.counter == rhs.clock.counter
    }
}

extension MergeableValue: Codable where T: Codable {
    private enum CodingKeys: String, CodingKey {
        case value, timestamp, clock
    }

    /// Decodes a register; the decoded copy gets a fresh random replica identity.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        current = try container.decode(T.self, forKey: .value)
        timestamp = try container.decode(LamportTimestamp.self, forKey: .timestamp)
        clock = LamportClock(replica: ReplicaID(), counter: try container.decode(UInt64.self, forKey: .clock))
        // A clock behind its own value's time stamp would reissue old stamps.
        clock.witness(timestamp.counter)
    }

    /// Encodes value, time stamp and clock counter, but not the local replica identity.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(current, forKey: .value)
        try container.encode(timestamp, forKey: .timestamp)
        try container.encode(clock.counter, forKey: .clock)
    }
}
