/// Merges two versions of a set against their common ancestor, element by element.
///
/// An element either side added is kept, and an element either side removed is removed.
/// Sets have no order and an element is either present or not, so the two sides can never
/// conflict and the result does not depend on which side is dominant.
///
/// ```swift
/// let merged = try SetMerger<String>().merge(["a", "b", "x"], withSubordinate: ["b", "c", "y"], commonAncestor: ["a", "b", "c"])
/// // ["b", "x", "y"]: "a" and "c" were each removed on one side, "x" and "y" added.
/// ```
public struct SetMerger<Element: Hashable & Sendable>: Merger {
    /// Creates a set merger.
    public init() {}

    /// Returns the elements both sides kept from the ancestor, plus everything either side added.
    public func merge(
        _ dominant: Set<Element>, withSubordinate subordinate: Set<Element>, commonAncestor: Set<Element>
    ) throws -> Set<Element> {
        let keptByBoth = commonAncestor.intersection(dominant).intersection(subordinate)
        let addedByDominant = dominant.subtracting(commonAncestor)
        let addedBySubordinate = subordinate.subtracting(commonAncestor)
        return keptByBoth.union(addedByDominant).union(addedBySubordinate)
    }
}
