/// A replicated sequence (an RGA-style CRDT): replicas insert and remove elements independently,
/// and merging keeps every element any replica inserted, in one order all replicas agree on.
///
/// Each inserted element gets a unique ``LamportTimestamp`` as its identifier and remembers its
/// *origin*, the element that was to its left when it was inserted. Merging places every element
/// right after its origin; elements inserted concurrently after the same origin are ordered by
/// identifier, latest first, so the order is the same on every replica and runs typed by one
/// replica stay together. Removing an element leaves a tombstone, because later inserts may
/// still refer to it as their origin; tombstones are kept for the life of the array.
///
/// ## Replica identity
///
/// The identity is local: it is not compared by `==` and not encoded, and a decoded value gets
/// a fresh random one. Copies of a value share it (every fork of a `ForkedResource` reads the
/// same one), and two copies stamping changes under one identity would give different changes
/// the same time stamp, and one of two such inserts would be lost. So an edit made while
/// another copy of the value is alive (the copy stored in a fork, a snapshot kept for later)
/// first gives the edited copy a fresh random identity; a copy edited while it is the only one
/// keeps its identity. To choose an identity, such as a device name, set ``replica`` on the
/// copy before editing it, and give every copy a different one: setting it gives that copy sole
/// use of it.
///
/// ```swift
/// var mine = MergeableArray<String>(replica: ReplicaID("a"))
/// mine.append("milk")
/// var theirs = mine
/// theirs.replica = ReplicaID("b")
/// mine.append("eggs")
/// theirs.insert("bread", at: 0)
/// try mine.merged(withSubordinate: theirs, commonAncestor: mine).values // ["bread", "milk", "eggs"]
/// ```
public struct MergeableArray<Element: Sendable & Equatable>: ConvergentReplicatedValue, Sendable {
    /// One inserted element, present or tombstoned.
    fileprivate struct Node: Equatable, Sendable {
        let id: LamportTimestamp
        /// The element to the left at insertion time; `nil` for the start of the array.
        let origin: LamportTimestamp?
        let value: Element
        var isRemoved: Bool
    }

    /// Every node in document order, tombstones included.
    private var nodes: [Node] = []
    /// How many nodes are not tombstones; kept so that `count` and index checks need no scan.
    private var presentCount = 0
    private var clock: LamportClock

    /// The replica whose inserts this copy stamps.
    public var replica: ReplicaID {
        get { clock.replica }
        set { clock.replica = newValue }
    }

    /// Creates an empty array edited by `replica`.
    public init(replica: ReplicaID = ReplicaID()) {
        clock = LamportClock(replica: replica)
    }

    /// Creates an array holding `elements`, inserted by `replica`.
    public init(_ elements: some Sequence<Element>, replica: ReplicaID = ReplicaID()) {
        self.init(replica: replica)
        var origin: LamportTimestamp?
        for element in elements {
            let id = clock.tick()
            nodes.append(Node(id: id, origin: origin, value: element, isRemoved: false))
            presentCount += 1
            origin = id
        }
    }

    /// The elements currently in the array, in order. Assigning records the difference from
    /// the current elements as removals and insertions (see ``assign(_:)``).
    public var values: [Element] {
        get { nodes.compactMap { $0.isRemoved ? nil : $0.value } }
        set { assign(newValue) }
    }

    /// The number of elements currently in the array.
    public var count: Int { presentCount }

    /// Whether the array has no elements.
    public var isEmpty: Bool { presentCount == 0 }

    /// Adds `element` at the end.
    public mutating func append(_ element: Element) {
        insertNode(element, afterPosition: nodes.lastIndex { !$0.isRemoved })
    }

    /// Inserts `element` so that it ends up at `index`.
    ///
    /// - Precondition: `0 <= index <= count`, as for `Array`. Use ``insert(_:checkedAt:)`` to
    ///   be told about an index out of range instead.
    public mutating func insert(_ element: Element, at index: Int) {
        do { try insert(element, checkedAt: index) } catch { preconditionFailure("MergeableArray.insert: \(error)") }
    }

    /// Inserts `element` so that it ends up at `index`.
    ///
    /// - Throws: ``MergeableArrayError/indexOutOfRange(index:count:)`` unless `0 <= index <= count`.
    public mutating func insert(_ element: Element, checkedAt index: Int) throws {
        let count = count
        guard index >= 0, index <= count else { throw MergeableArrayError.indexOutOfRange(index: index, count: count) }
        insertNode(element, afterPosition: index == 0 ? nil : nodePosition(ofElementAt: index - 1))
    }

    /// Inserts a new node whose origin is the node at `originPosition` (`nil`: the start).
    private mutating func insertNode(_ element: Element, afterPosition originPosition: Int?) {
        let id = clock.tick()
        // The new identifier is the newest of all, so in document order the node comes first
        // among its origin's successors: directly after the origin.
        let node = Node(id: id, origin: originPosition.map { nodes[$0].id }, value: element, isRemoved: false)
        nodes.insert(node, at: originPosition.map { $0 + 1 } ?? 0)
        presentCount += 1
    }

    /// Removes the element at `index`, leaving a tombstone.
    ///
    /// - Returns: The removed element.
    /// - Precondition: `0 <= index < count`, as for `Array`. Use ``remove(checkedAt:)`` to be
    ///   told about an index out of range instead.
    @discardableResult
    public mutating func remove(at index: Int) -> Element {
        do { return try remove(checkedAt: index) } catch { preconditionFailure("MergeableArray.remove: \(error)") }
    }

    /// Removes the element at `index`, leaving a tombstone.
    ///
    /// - Returns: The removed element.
    /// - Throws: ``MergeableArrayError/indexOutOfRange(index:count:)`` unless `0 <= index < count`.
    @discardableResult
    public mutating func remove(checkedAt index: Int) throws -> Element {
        guard index >= 0, let position = nodePosition(ofElementAt: index) else {
            throw MergeableArrayError.indexOutOfRange(index: index, count: count)
        }
        nodes[position].isRemoved = true
        presentCount -= 1
        return nodes[position].value
    }

    /// The element at `index`.
    ///
    /// - Throws: ``MergeableArrayError/indexOutOfRange(index:count:)`` unless `0 <= index < count`.
    public func element(at index: Int) throws -> Element {
        guard index >= 0, let position = nodePosition(ofElementAt: index) else {
            throw MergeableArrayError.indexOutOfRange(index: index, count: count)
        }
        return nodes[position].value
    }

    /// The element at `index`; assigning replaces it (a remove and an insert at the same place,
    /// so a concurrent edit of the same element keeps both values).
    ///
    /// - Precondition: `0 <= index < count`, as for `Array`.
    public subscript(index: Int) -> Element {
        get {
            do { return try element(at: index) } catch { preconditionFailure("MergeableArray subscript: \(error)") }
        }
        set {
            remove(at: index)
            insert(newValue, at: index)
        }
    }

    /// The position in `nodes` of the present element at `index`, or `nil` past the end.
    private func nodePosition(ofElementAt index: Int) -> Int? {
        guard index < presentCount else { return nil }
        var remaining = index
        // Reads one flag per node rather than copying nodes, which would retain their strings.
        for position in nodes.indices where !nodes[position].isRemoved {
            if remaining == 0 { return position }
            remaining -= 1
        }
        return nil
    }

    /// Returns the array holding every element either replica inserted, without those either removed.
    public func joined(with other: MergeableArray<Element>) -> MergeableArray<Element> {
        var joined = self
        joined.clock.witness(other.clock.counter)
        var byID = Dictionary(nodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var changed = false
        for node in other.nodes {
            if let known = byID[node.id] {
                if node.isRemoved && !known.isRemoved {
                    byID[node.id]?.isRemoved = true
                    changed = true
                }
            } else {
                byID[node.id] = node
                changed = true
            }
        }
        if changed { joined.setNodes(Self.documentOrder(of: Array(byID.values))) }
        return joined
    }

    /// Replaces every node, recounting the present ones.
    private mutating func setNodes(_ newNodes: [Node]) {
        nodes = newNodes
        presentCount = newNodes.reduce(0) { $1.isRemoved ? $0 : $0 + 1 }
    }

    /// Orders nodes the way every replica does: each node follows its origin, and nodes sharing
    /// an origin come newest first, each followed by everything inserted after it.
    ///
    /// Nodes whose origin is missing are dropped; valid arrays never have any.
    private static func documentOrder(of nodes: [Node]) -> [Node] {
        var successors: [LamportTimestamp?: [Node]] = [:]
        for node in nodes { successors[node.origin, default: []].append(node) }
        for origin in successors.keys { successors[origin]?.sort { $0.id < $1.id } }

        // Depth-first, with an explicit stack: a long run of appends is a chain as deep as it is long.
        var ordered: [Node] = []
        ordered.reserveCapacity(nodes.count)
        var stack: [Node] = successors[nil] ?? []
        while let node = stack.popLast() {
            ordered.append(node)
            // Sorted oldest first, so popping yields the newest next.
            stack.append(contentsOf: successors[node.id] ?? [])
        }
        return ordered
    }

    /// Equal when the same elements were inserted and removed, and the clocks agree;
    /// the replica identity is not compared.
    public static func == (lhs: MergeableArray<Element>, rhs: MergeableArray<Element>) -> Bool {
        lhs.nodes == rhs.nodes && lhs.clock.counter == rhs.clock.counter
    }
}

extension MergeableArray.Node: Codable where Element: Codable {}

extension MergeableArray: Codable where Element: Codable {
    private enum CodingKeys: String, CodingKey {
        case nodes, clock
    }

    /// Decodes an array; the decoded copy gets a fresh random replica identity.
    ///
    /// - Throws: `DecodingError.dataCorrupted` when two elements share an identifier, or an
    ///   element's origin is missing or not older than the element.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        clock = LamportClock(replica: ReplicaID(), counter: try container.decode(UInt64.self, forKey: .clock))
        let decoded = try container.decode([Node].self, forKey: .nodes)
        var counters: [LamportTimestamp: UInt64] = [:]
        for node in decoded {
            guard counters.updateValue(node.id.counter, forKey: node.id) == nil else {
                throw DecodingError.dataCorruptedError(
                    forKey: .nodes, in: container, debugDescription: "Two elements of a MergeableArray share the identifier \(node.id).")
            }
            clock.witness(node.id.counter)
        }
        for node in decoded {
            guard let origin = node.origin else { continue }
            guard let originCounter = counters[origin], originCounter < node.id.counter else {
                throw DecodingError.dataCorruptedError(
                    forKey: .nodes, in: container,
                    debugDescription: "The element \(node.id) of a MergeableArray has a missing or newer origin \(origin).")
            }
        }
        // Stored order is not trusted: the canonical order is recomputed from the origins.
        setNodes(Self.documentOrder(of: decoded))
    }

    /// Encodes every node (tombstones included) and the clock counter, but not the replica identity.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(nodes, forKey: .nodes)
        try container.encode(clock.counter, forKey: .clock)
    }
}

extension MergeableArray: ExpressibleByArrayLiteral {
    /// Creates an array holding the listed elements, inserted by a new random replica.
    public init(arrayLiteral elements: Element...) {
        self.init(elements)
    }
}

extension MergeableArray {
    /// The array with one present element per `key`: the most recently inserted one (the
    /// newest time stamp), at its own place; the others become tombstones.
    func keepingNewest<Key: Hashable>(by key: (Element) -> Key) -> MergeableArray<Element> {
        var newest: [Key: LamportTimestamp] = [:]
        for node in nodes where !node.isRemoved {
            let id = key(node.value)
            if let known = newest[id], known > node.id { continue }
            newest[id] = node.id
        }
        var result = self
        for position in result.nodes.indices where !result.nodes[position].isRemoved {
            if newest[key(result.nodes[position].value)] != result.nodes[position].id {
                result.nodes[position].isRemoved = true
                result.presentCount -= 1
            }
        }
        return result
    }
}
