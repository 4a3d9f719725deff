import Forked
/// Merges two versions of an array of `Identifiable` elements against their common ancestor,
/// matching elements by `id` rather than by position.
///
/// The order and the contents merge separately:
/// - **Order.** Elements inserted on either side are kept, at the place that side put them;
///   where both sides inserted after the same element, the dominant side's insertions come
///   first, and the two sides' runs of insertions are never interleaved. A reordering made on
///   one side survives; when both sides reordered, the dominant order wins.
/// - **Removals.** An element removed on either side is removed, unless the other side changed
///   it: then the edit survives, as in ``DictionaryMerger``.
/// - **Contents.** An element present on both sides merges with `ValueMerging`'s rule, so
///   `Mergeable` elements (and `Mergeable` values inside optionals) merge recursively and
///   others keep the side that changed, or the dominant side when both did. An element both
///   sides added independently is salvaged (`salvaging(from:)` for `Mergeable` elements).
///
/// Identifiers are expected to be unique. When an input repeats one, its occurrences are told
/// apart by their rank: the second element with an id in one version is the second with that id
/// in the others. No element is dropped for sharing an id.
///
/// ```swift
/// struct Task: Identifiable, Equatable { var id: Int; var title: String }
/// let ancestor = [Task(id: 1, title: "a"), Task(id: 2, title: "b")]
/// let merged = try ArrayOfIdentifiableMerger<Task>().merge(
///     [Task(id: 1, title: "a"), Task(id: 2, title: "b"), Task(id: 3, title: "c")],
///     withSubordinate: [Task(id: 4, title: "d"), Task(id: 2, title: "B")],
///     commonAncestor: ancestor)
/// // ids [4, 2, 3] with titles "d", "B", "c": 1 was removed by the subordinate side.
/// ```
public struct ArrayOfIdentifiableMerger<Element: Identifiable & Sendable & Equatable>: Merger {
    /// Creates a merger for arrays of identifiable elements.
    public init() {}

    /// Returns the merge of `dominant` and `subordinate`, matching elements by `id`.
    public func merge(
        _ dominant: [Element], withSubordinate subordinate: [Element], commonAncestor: [Element]
    ) throws -> [Element] {
        let dominant = ElementsByID(dominant)
        let subordinate = ElementsByID(subordinate)
        let ancestor = ElementsByID(commonAncestor)

        var dominantInsertions = Set<Key>()
        var subordinateInsertions = Set<Key>()
        for key in dominant.order where !(ancestor.contains(key) && subordinate.contains(key)) {
            if keepsOneSided(key, side: dominant, ancestor: ancestor) { dominantInsertions.insert(key) }
        }
        for key in subordinate.order where !(ancestor.contains(key) && dominant.contains(key)) {
            if keepsOneSided(key, side: subordinate, ancestor: ancestor) { subordinateInsertions.insert(key) }
        }

        let order = IdentifierOrderMerge(dominant: dominant.order, subordinate: subordinate.order, ancestor: ancestor.order)
            .merged(dominantInsertions: dominantInsertions, subordinateInsertions: subordinateInsertions)
        return try order.compactMap { key in
            let merged: Element? = try ValueMerging.merge(
                dominant[key], withSubordinate: subordinate[key], commonAncestor: ancestor[key])
            return merged
        }
    }

    /// Whether an element that is not shared by the ancestor and both sides stays: it does when
    /// the side added it, or when the other side removed it but this side changed it.
    private func keepsOneSided(_ key: Key, side: ElementsByID, ancestor: ElementsByID) -> Bool {
        guard let original = ancestor[key] else { return true }
        return side[key] != original
    }

    /// An element's identity within one version: its id, and which occurrence of that id it is.
    private struct Key: Hashable {
        var id: Element.ID
        var rank: Int
    }

    /// An array's elements keyed by identifier and rank.
    private struct ElementsByID {
        private(set) var order: [Key] = []
        private var elements: [Key: Element] = [:]

        init(_ array: [Element]) {
            var seen: [Element.ID: Int] = [:]
            for element in array {
                let rank = seen[element.id, default: 0]
                seen[element.id] = rank + 1
                let key = Key(id: element.id, rank: rank)
                elements[key] = element
                order.append(key)
            }
        }

        func contains(_ key: Key) -> Bool { elements[key] != nil }

        subscript(key: Key) -> Element? { elements[key] }
    }
}
