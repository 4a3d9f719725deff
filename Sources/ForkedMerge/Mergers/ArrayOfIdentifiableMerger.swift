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
/// Identifiers are expected to be unique. When an input repeats an identifier, only its first
/// occurrence counts and later ones are dropped, so the result never repeats an identifier and
/// depends only on the inputs.
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

        var dominantInsertions = Set<Element.ID>()
        var subordinateInsertions = Set<Element.ID>()
        for id in dominant.order where !(ancestor.contains(id) && subordinate.contains(id)) {
            if keepsOneSided(id, side: dominant, ancestor: ancestor) { dominantInsertions.insert(id) }
        }
        for id in subordinate.order where !(ancestor.contains(id) && dominant.contains(id)) {
            if keepsOneSided(id, side: subordinate, ancestor: ancestor) { subordinateInsertions.insert(id) }
        }

        let order = IdentifierOrderMerge(dominant: dominant.order, subordinate: subordinate.order, ancestor: ancestor.order)
            .merged(dominantInsertions: dominantInsertions, subordinateInsertions: subordinateInsertions)
        return try order.compactMap { id in
            let merged: Element? = try ValueMerging.merge(
                dominant[id], withSubordinate: subordinate[id], commonAncestor: ancestor[id])
            return merged
        }
    }

    /// Whether an element that is not shared by the ancestor and both sides stays: it does when
    /// the side added it, or when the other side removed it but this side changed it.
    private func keepsOneSided(_ id: Element.ID, side: ElementsByID, ancestor: ElementsByID) -> Bool {
        guard let original = ancestor[id] else { return true }
        return side[id] != original
    }

    /// An array's elements keyed by identifier, first occurrence winning.
    private struct ElementsByID {
        private(set) var order: [Element.ID] = []
        private var elements: [Element.ID: Element] = [:]

        init(_ array: [Element]) {
            for element in array where elements[element.id] == nil {
                elements[element.id] = element
                order.append(element.id)
            }
        }

        func contains(_ id: Element.ID) -> Bool { elements[id] != nil }

        subscript(id: Element.ID) -> Element? { elements[id] }
    }
}
