import Forked

/// Arrays of identifiable elements, merged as records rather than as values: one entry per
/// identifier, and an element both sides changed merged from its two versions, as the original
/// Forked does.
///
/// A list of records kept in a ``MergeableArray`` would otherwise end up with duplicates: two
/// replicas that each replace record "a" (a removal and an insertion each) leave both new
/// versions in the join. Here the join keeps only the most recently inserted entry of each
/// identifier, at its own place, and then each record is taken from the side that changed it,
/// or, when both did, merged from the two versions against the ancestor's.
///
/// These overloads apply where the element type is known to be `Identifiable` (a property of a
/// `@ForkedModel`, a call on a concrete array). Code generic over `Mergeable` calls the join
/// every ``MergeableArray`` has, as in the original.
extension MergeableArray where Element: Identifiable {
    /// The merge of two replicas of a list of records: one entry per identifier; an element
    /// changed on one side only is taken from that side, one changed on both is `subordinate`'s
    /// when the dominant side left it as the ancestor had it, and the dominant's otherwise.
    public func merged(withSubordinate other: Self, commonAncestor: Self) throws -> Self {
        try mergedAsRecords(other, commonAncestor) { dominant, subordinate, ancestor in
            dominant == ancestor ? subordinate : dominant
        }
    }

    /// The elements with one entry per identifier: where an identifier occurs more than once
    /// (two replicas replaced the same record, or an edit inserted a new version of it), the most
    /// recently inserted occurrence is kept, at its own place, and the others are removed.
    public func entriesUniquelyIdentified() -> Self {
        keepingNewest(by: \.id)
    }

    /// The records of the join, each resolved by `resolve(dominant, subordinate, ancestor)` where
    /// all three replicas hold it.
    func mergedAsRecords(
        _ other: Self, _ commonAncestor: Self, resolve: (Element, Element, Element) throws -> Element
    ) throws -> Self {
        var result = joined(with: other).entriesUniquelyIdentified()
        // Each replica's version of a record is its newest entry, the one its own list shows
        // (``entriesUniquelyIdentified()``): a replica that appended a new version of "a" changed
        // "a", though its older entry is still first in its values.
        let mine = entriesUniquelyIdentified().recordsByID()
        let theirs = other.entriesUniquelyIdentified().recordsByID()
        let ancestors = commonAncestor.entriesUniquelyIdentified().recordsByID()
        let resolved = try result.values.map { element in
            guard let dominant = mine[element.id], let subordinate = theirs[element.id], let ancestor = ancestors[element.id] else {
                return element
            }
            return try resolve(dominant, subordinate, ancestor)
        }
        // Records that changed are written as new versions, so the merge is itself an edit
        // other replicas join.
        result.values = resolved
        return result
    }

    /// The present elements by identifier; called on a list with one entry per identifier.
    private func recordsByID() -> [Element.ID: Element] {
        Dictionary(values.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }
}

extension MergeableArray where Element: Identifiable & Mergeable {
    /// The merge of two replicas of a list of mergeable records: as for identifiable elements,
    /// but an element both sides changed is merged from its two versions against the ancestor's
    /// (two replicas adding to one counter record add up).
    public func merged(withSubordinate other: Self, commonAncestor: Self) throws -> Self {
        try mergedAsRecords(other, commonAncestor) { dominant, subordinate, ancestor in
            try dominant.merged(withSubordinate: subordinate, commonAncestor: ancestor)
        }
    }
}
