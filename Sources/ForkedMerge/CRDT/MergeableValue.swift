/// A last-writer-wins register: a single value that replicas overwrite, where the write with the
/// latest logical time stamp wins.
///
/// "Latest" is decided by ``LamportTimestamp`` (Lamport counter, then replica identifier), never
/// by wall-clock time, so every replica picks the same winner. A write made after merging in
/// another replica's write always beats it.
///
/// The replica identity is local: it is not compared by `==` and not encoded, and a decoded
/// value gets a fresh random identity. Each copy that is edited independently must have its own
/// identity (set ``replica`` after copying a value to another fork or device).
///
/// ```swift
/// var title = MergeableValue("Draft", replica: ReplicaID("laptop"))
/// var phone = title
/// phone.replica = ReplicaID("phone")
/// title.set("Final")
/// phone.set("Final v2")
/// let merged = try title.merged(withSubordinate: phone, commonAncestor: title) // "Final v2" (phone > laptop)
/// ```
public struct MergeableValue<T: Codable & Sendable & Equatable>: ConvergentReplicatedValue, Codable, Sendable {
    /// The current value.
    public private(set) var value: T
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
        self.value = value
        self.clock = clock
    }

    /// Overwrites the value; the write orders after every write this replica has seen.
    public mutating func set(_ newValue: T) {
        timestamp = clock.tick()
        value = newValue
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
        lhs.value == rhs.value && lhs.timestamp == rhs.timestamp && lhs.clock.counter == rhs.clock.counter
    }

    private enum CodingKeys: String, CodingKey {
        case value, timestamp, clock
    }

    /// Decodes a register; the decoded copy gets a fresh random replica identity.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        value = try container.decode(T.self, forKey: .value)
        timestamp = try container.decode(LamportTimestamp.self, forKey: .timestamp)
        clock = LamportClock(replica: ReplicaID(), counter: try container.decode(UInt64.self, forKey: .clock))
        // A clock behind its own value's time stamp would reissue old stamps.
        clock.witness(timestamp.counter)
    }

    /// Encodes value, time stamp and clock counter, but not the local replica identity.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(value, forKey: .value)
        try container.encode(timestamp, forKey: .timestamp)
        try container.encode(clock.counter, forKey: .clock)
    }
}
