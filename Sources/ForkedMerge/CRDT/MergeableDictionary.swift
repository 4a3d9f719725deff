import Forked

/// A replicated dictionary: keys behave like a ``MergeableSet`` (add wins over a concurrent
/// remove), and each key's value like a ``MergeableValue`` (the latest write wins).
///
/// Every write to a key is tagged with a fresh ``LamportTimestamp`` and replaces the writes its
/// replica had seen; a remove tombstones them. After a merge, a key is present when some write
/// to it was not removed, and its value is that of the latest such write, so a value that was
/// removed never comes back even when an older concurrent write of the key survives.
///
/// When `Value` is itself a ``ConvergentReplicatedValue`` (such as a `MergeableSet`), concurrent
/// writes are not discarded: the value is the join of every surviving write, so two replicas
/// that each changed the nested value keep both changes. Other `Mergeable` values merge
/// against their common ancestor when the dictionary is merged with one
/// (``merged(withSubordinate:commonAncestor:)``, as a `ForkedResource` does): two replicas that
/// each incremented a counter under one key end with both increments. Other values, and any
/// value in a plain ``joined(with:)``, which has no ancestor, use last-writer-wins.
///
/// ## Replica identity
///
/// The identity is local: it is not compared by `==` and not encoded, and a decoded value gets
/// a fresh random one. Copies of a value share it (every fork of a `ForkedResource` reads the
/// same one), and two copies stamping changes under one identity would give different changes
/// the same time stamp, and removing one key would remove the other. So an edit made while
/// another copy of the value is alive (the copy stored in a fork, a snapshot kept for later)
/// first gives the edited copy a fresh random identity; a copy edited while it is the only one
/// keeps its identity. To choose an identity, such as a device name, set ``replica`` on the
/// copy before editing it, and give every copy a different one: setting it gives that copy sole
/// use of it.
///
/// A replicated value read from the dictionary is a copy of the stored one, so its first edit
/// gives it an identity of its own too.
///
/// ```swift
/// var settings = MergeableDictionary<String, Int>(replica: ReplicaID("a"))
/// settings["fontSize"] = 12
/// settings["fontSize"] // 12
/// settings["fontSize"] = nil // removes the key
/// ```
public struct MergeableDictionary<Key: Hashable & Sendable, Value: Sendable & Equatable>:
    ConvergentReplicatedValue, Sendable
{
    /// Each present key's surviving writes, by the write's tag.
    private var writes: [Key: [LamportTimestamp: Value]] = [:]
    /// Tags of writes that a later write or a remove has cancelled.
    private var tombstones: Set<LamportTimestamp> = []
    private var clock: LamportClock

    /// The replica whose writes this copy stamps.
    public var replica: ReplicaID {
        get { clock.replica }
        set { clock.replica = newValue }
    }

    /// Creates an empty dictionary edited by `replica`.
    public init(replica: ReplicaID = ReplicaID()) {
        clock = LamportClock(replica: replica)
    }

    /// Creates a dictionary holding `contents`, written by `replica`.
    public init(_ contents: [Key: Value], replica: ReplicaID = ReplicaID()) {
        self.init(replica: replica)
        for (key, value) in contents { updateValue(value, forKey: key) }
    }

    /// The keys currently present.
    public var keys: Set<Key> { Set(writes.keys) }

    /// The number of keys present.
    public var count: Int { writes.count }

    /// Whether no key is present.
    public var isEmpty: Bool { writes.isEmpty }

    /// The current contents as a plain dictionary. Assigning removes the keys not in the new
    /// contents and writes the keys whose value is new or changed, leaving the others untouched.
    public var dictionary: [Key: Value] {
        get {
            var dictionary: [Key: Value] = [:]
            for key in writes.keys { dictionary[key] = self[key] }
            return dictionary
        }
        set {
            for key in keys where newValue[key] == nil { removeValue(forKey: key) }
            for (key, value) in newValue where self[key] != value { updateValue(value, forKey: key) }
        }
    }

    /// The values of the keys present, ordered by when their keys were last written, so that
    /// equal dictionaries list them in the same order.
    public var values: [Value] {
        writes
            .compactMap { key, keyWrites in keyWrites.keys.max().flatMap { tag in self[key].map { (tag, $0) } } }
            .sorted { $0.0 < $1.0 }
            .map(\.1)
    }

    /// The value for `key`; assigning `nil` removes the key.
    public subscript(key: Key) -> Value? {
        get {
            guard let keyWrites = writes[key] else { return nil }
            return Self.currentValue(of: keyWrites)
        }
        set {
            if let newValue { updateValue(newValue, forKey: key) } else { removeValue(forKey: key) }
        }
    }

    /// Writes `value` for `key`, superseding every write of the key this replica has seen.
    public mutating func updateValue(_ value: Value, forKey key: Key) {
        if let superseded = writes[key] { tombstones.formUnion(superseded.keys) }
        writes[key] = [clock.tick(): value]
    }

    /// Removes `key`, cancelling every write of it this replica has seen.
    ///
    /// - Returns: The value the key had, if it was present.
    @discardableResult
    public mutating func removeValue(forKey key: Key) -> Value? {
        guard let removed = writes.removeValue(forKey: key) else { return nil }
        tombstones.formUnion(removed.keys)
        return Self.currentValue(of: removed)
    }

    /// Returns the dictionary holding every write either replica made that neither cancelled.
    public func joined(with other: MergeableDictionary<Key, Value>) -> MergeableDictionary<Key, Value> {
        var joined = self
        joined.tombstones.formUnion(other.tombstones)
        joined.clock.witness(other.clock.counter)
        var merged: [Key: [LamportTimestamp: Value]] = [:]
        let combined = writes.merging(other.writes) { mine, theirs in
            mine.merging(theirs) { mineValue, _ in mineValue }
        }
        for (key, keyWrites) in combined {
            let live = keyWrites.filter { !joined.tombstones.contains($0.key) }
            if !live.isEmpty { merged[key] = live }
        }
        joined.writes = merged
        return joined
    }

    /// Joins the two replicas, then merges each key both wrote concurrently against its value
    /// in `commonAncestor`, when the values are `Mergeable` but not replicated themselves (those
    /// join, and other values keep the latest write). The merged value is written as a new
    /// write that supersedes both, so later joins with either side keep it.
    public func merged(withSubordinate other: Self, commonAncestor: Self) throws -> Self {
        var joined = joined(with: other)
        guard Value.self is any Mergeable.Type, !(Value.self is any ConvergentReplicatedValue.Type) else { return joined }
        for (key, live) in joined.writes where live.count > 1 {
            // Writes both sides have seen are neither side's own change.
            let mine = live.filter { other.writes[key]?[$0.key] == nil }
            let theirs = live.filter { writes[key]?[$0.key] == nil }
            guard let dominant = Self.currentValue(of: mine), let subordinate = Self.currentValue(of: theirs) else { continue }
            let merged = try commonAncestor[key].map {
                try ValueMerging.merge(dominant, withSubordinate: subordinate, commonAncestor: $0)
            } ?? ValueMerging.salvage(dominant, from: subordinate)
            joined.updateValue(merged, forKey: key)
        }
        return joined
    }

    /// The value a key's surviving writes stand for: the join of all of them for replicated
    /// values, otherwise the latest.
    private static func currentValue(of keyWrites: [LamportTimestamp: Value]) -> Value? {
        let ordered = keyWrites.sorted { $0.key > $1.key }.map(\.value)
        guard let latest = ordered.first else { return nil }
        if let convergent = latest as? any ConvergentReplicatedValue {
            return joinAll(convergent, ordered.dropFirst()) as? Value ?? latest
        }
        return latest
    }

    private static func joinAll<Replicated: ConvergentReplicatedValue>(
        _ latest: Replicated, _ others: ArraySlice<Value>
    ) -> Replicated {
        others.reduce(latest) { joined, value in
            guard let value = value as? Replicated else { return joined }
            return joined.joined(with: value)
        }
    }

    /// Equal when the same writes survive, the same are cancelled, and the clocks agree;
    /// the replica identity is not compared.
    public static func == (lhs: MergeableDictionary<Key, Value>, rhs: MergeableDictionary<Key, Value>) -> Bool {
        lhs.writes == rhs.writes && lhs.tombstones == rhs.tombstones && lhs.clock.counter == rhs.clock.counter
    }
}

extension MergeableDictionary: Codable where Key: Codable, Value: Codable {
    private enum CodingKeys: String, CodingKey {
        case entries, tombstones, clock
    }

    private struct Write: Codable {
        var key: Key
        var tag: LamportTimestamp
        var value: Value
    }

    /// Decodes a dictionary; the decoded copy gets a fresh random replica identity.
    ///
    /// - Throws: `DecodingError.dataCorrupted` when two writes share a tag.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        clock = LamportClock(replica: ReplicaID(), counter: try container.decode(UInt64.self, forKey: .clock))
        tombstones = try container.decode(Set<LamportTimestamp>.self, forKey: .tombstones)
        var seenTags = Set<LamportTimestamp>()
        for write in try container.decode([Write].self, forKey: .entries) {
            guard seenTags.insert(write.tag).inserted else {
                throw DecodingError.dataCorruptedError(
                    forKey: .entries, in: container, debugDescription: "Two writes of a MergeableDictionary share a tag.")
            }
            clock.witness(write.tag.counter)
            if !tombstones.contains(write.tag) { writes[write.key, default: [:]][write.tag] = write.value }
        }
        // Tombstoned tags were issued too, so the clock must not reissue them either.
        clock.witness(tombstones.map(\.counter).max() ?? 0)
    }

    /// Encodes the surviving writes, the tombstones and the clock counter, but not the replica identity.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let entries = writes.flatMap { key, keyWrites in
            keyWrites.map { Write(key: key, tag: $0.key, value: $0.value) }
        }
        try container.encode(entries, forKey: .entries)
        try container.encode(tombstones, forKey: .tombstones)
        try container.encode(clock.counter, forKey: .clock)
    }
}

extension MergeableDictionary: ExpressibleByDictionaryLiteral {
    /// Creates a dictionary holding the listed pairs, written by a new random replica.
    ///
    /// - Precondition: No key is listed twice, as for `Dictionary`.
    public init(dictionaryLiteral elements: (Key, Value)...) {
        self.init(Dictionary(uniqueKeysWithValues: elements))
    }
}
