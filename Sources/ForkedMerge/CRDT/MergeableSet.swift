/// An add-wins observed-remove set: replicas insert and remove elements independently, and a
/// remove only cancels the inserts its replica had seen.
///
/// Every insert is tagged with a fresh ``LamportTimestamp``; a remove tombstones the tags it
/// can see. So when one replica removes an element while another concurrently inserts it again,
/// the new insert survives the merge (add wins), and an element removed everywhere stays removed.
///
/// Tombstones (one time stamp per removed insert) are kept so that merging an older copy cannot
/// bring a removed element back.
///
/// ## Replica identity
///
/// The identity is local: it is not compared by `==` and not encoded, and a decoded value gets
/// a fresh random one. Copies of a value share it (every fork of a `ForkedResource` reads the
/// same one), and two copies stamping changes under one identity would give different changes
/// the same time stamp, and removing one element would remove the other. So an edit made while
/// another copy of the value is alive (the copy stored in a fork, a snapshot kept for later)
/// first gives the edited copy a fresh random identity; a copy edited while it is the only one
/// keeps its identity. To choose an identity, such as a device name, set ``replica`` on the
/// copy before editing it, and give every copy a different one: setting it gives that copy sole
/// use of it.
///
/// ```swift
/// var mine = MergeableSet<String>(replica: ReplicaID("a"))
/// mine.insert("milk")
/// var theirs = mine
/// theirs.replica = ReplicaID("b")
/// mine.remove("milk")
/// theirs.insert("milk") // concurrently re-added
/// try mine.merged(withSubordinate: theirs, commonAncestor: mine).values // ["milk"]
/// ```
public struct MergeableSet<Element: Hashable & Sendable>: ConvergentReplicatedValue, Sendable {
    /// Each present element's live insert tags.
    private var tags: [Element: Set<LamportTimestamp>] = [:]
    /// Tags of inserts that a remove has cancelled.
    private var tombstones: Set<LamportTimestamp> = []
    private var clock: LamportClock

    /// The replica whose inserts this copy stamps.
    public var replica: ReplicaID {
        get { clock.replica }
        set { clock.replica = newValue }
    }

    /// Creates an empty set edited by `replica`.
    public init(replica: ReplicaID = ReplicaID()) {
        clock = LamportClock(replica: replica)
    }

    /// Creates a set holding `elements`, inserted by `replica`.
    public init(_ elements: some Sequence<Element>, replica: ReplicaID = ReplicaID()) {
        self.init(replica: replica)
        for element in elements { insert(element) }
    }

    /// Creates a set holding the elements of `array`, inserted by a new random replica: the
    /// original Forked's spelling of ``init(_:replica:)``.
    public init(array: [Element]) {
        self.init(array)
    }

    /// The elements currently in the set. Assigning removes the elements not in the new set
    /// and inserts the new ones, leaving elements in both untouched.
    public var values: Set<Element> {
        get { Set(tags.keys) }
        set {
            for element in tags.keys where !newValue.contains(element) { remove(element) }
            for element in newValue where tags[element] == nil { insert(element) }
        }
    }

    /// The number of elements in the set.
    public var count: Int { tags.count }

    /// Whether the set has no elements.
    public var isEmpty: Bool { tags.isEmpty }

    /// Whether `element` is in the set.
    public func contains(_ element: Element) -> Bool {
        tags[element] != nil
    }

    /// Inserts `element`, with a new tag so that the insert survives concurrent removes.
    ///
    /// - Returns: `true` if the element was not in the set before.
    @discardableResult
    public mutating func insert(_ element: Element) -> Bool {
        let previous = tags[element] ?? []
        // The new tag supersedes this replica's older ones; tombstoning them keeps one tag per element.
        tombstones.formUnion(previous)
        tags[element] = [clock.tick()]
        return previous.isEmpty
    }

    /// Removes `element`, cancelling every insert of it this replica has seen.
    ///
    /// - Returns: `true` if the element was in the set.
    @discardableResult
    public mutating func remove(_ element: Element) -> Bool {
        guard let removed = tags.removeValue(forKey: element) else { return false }
        tombstones.formUnion(removed)
        return true
    }

    /// Returns the set holding every insert either replica made that neither replica removed.
    public func joined(with other: MergeableSet<Element>) -> MergeableSet<Element> {
        var joined = self
        joined.tombstones.formUnion(other.tombstones)
        joined.clock.witness(other.clock.counter)
        var merged: [Element: Set<LamportTimestamp>] = [:]
        for (element, elementTags) in tags.merging(other.tags, uniquingKeysWith: { $0.union($1) }) {
            let live = elementTags.subtracting(joined.tombstones)
            if !live.isEmpty { merged[element] = live }
        }
        joined.tags = merged
        return joined
    }

    /// Equal when the same inserts are live, the same are cancelled, and the clocks agree;
    /// the replica identity is not compared.
    public static func == (lhs: MergeableSet<Element>, rhs: MergeableSet<Element>) -> Bool {
        lhs.tags == rhs.tags && lhs.tombstones == rhs.tombstones && lhs.clock.counter == rhs.clock.counter
    }
}

extension MergeableSet: Codable where Element: Codable {
    private enum CodingKeys: String, CodingKey {
        case entries, tombstones, clock
    }

    private struct Entry: Codable {
        var element: Element
        var tags: Set<LamportTimestamp>
    }

    /// Decodes a set; the decoded copy gets a fresh random replica identity.
    ///
    /// - Throws: `DecodingError.dataCorrupted` when an element is listed twice.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        clock = LamportClock(replica: ReplicaID(), counter: try container.decode(UInt64.self, forKey: .clock))
        tombstones = try container.decode(Set<LamportTimestamp>.self, forKey: .tombstones)
        for entry in try container.decode([Entry].self, forKey: .entries) {
            guard tags[entry.element] == nil else {
                throw DecodingError.dataCorruptedError(
                    forKey: .entries, in: container, debugDescription: "An element of a MergeableSet is listed twice.")
            }
            let live = entry.tags.subtracting(tombstones)
            if !live.isEmpty { tags[entry.element] = live }
            clock.witness(live.map(\.counter).max() ?? 0)
        }
        // Tombstoned tags were issued too, so the clock must not reissue them either.
        clock.witness(tombstones.map(\.counter).max() ?? 0)
    }

    /// Encodes the live inserts, the tombstones and the clock counter, but not the replica identity.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(tags.map { Entry(element: $0.key, tags: $0.value) }, forKey: .entries)
        try container.encode(tombstones, forKey: .tombstones)
        try container.encode(clock.counter, forKey: .clock)
    }
}

extension MergeableSet: ExpressibleByArrayLiteral {
    /// Creates a set holding the listed elements, inserted by a new random replica.
    public init(arrayLiteral elements: Element...) {
        self.init(elements)
    }
}
