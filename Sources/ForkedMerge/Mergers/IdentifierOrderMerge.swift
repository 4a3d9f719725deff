/// Three-way merges the order of unique identifiers, for ``ArrayOfIdentifiableMerger``.
///
/// Identifiers present in the ancestor and on both sides are the *anchors*. Their relative order
/// is the subordinate's when the dominant side kept the ancestor's order, otherwise the
/// dominant's, so a reordering on one side survives and the dominant wins when both reordered.
/// Every other identifier in a side is an insertion, attached to the nearest anchor before it in
/// that side. Insertions attached to the same anchor are emitted as whole runs, the dominant's
/// run first, so the two sides' insertions never interleave.
struct IdentifierOrderMerge<ID: Hashable> {
    let dominant: [ID]
    let subordinate: [ID]
    let ancestor: [ID]

    /// Returns the merged order.
    ///
    /// - Parameters:
    ///   - dominantInsertions: The identifiers of `dominant` that are insertions (not anchors)
    ///     and belong in the result.
    ///   - subordinateInsertions: The same for `subordinate`. An identifier listed for both
    ///     sides appears once, where the dominant side put it.
    func merged(dominantInsertions: Set<ID>, subordinateInsertions: Set<ID>) -> [ID] {
        let anchors = Set(ancestor).intersection(dominant).intersection(subordinate)
        let ancestorOrder = ancestor.filter(anchors.contains)
        let dominantOrder = dominant.filter(anchors.contains)
        let anchorOrder = dominantOrder == ancestorOrder ? subordinate.filter(anchors.contains) : dominantOrder

        let dominantRuns = Self.runs(of: dominant, anchors: anchors, keeping: dominantInsertions)
        let subordinateRuns = Self.runs(of: subordinate, anchors: anchors, keeping: subordinateInsertions)

        var result: [ID] = []
        var placed = Set<ID>()
        func emitRuns(after anchor: ID?) {
            for id in dominantRuns[AnchorSlot(anchor), default: []] + subordinateRuns[AnchorSlot(anchor), default: []]
            where placed.insert(id).inserted {
                result.append(id)
            }
        }
        emitRuns(after: nil)
        for anchor in anchorOrder {
            result.append(anchor)
            emitRuns(after: anchor)
        }
        return result
    }

    /// The place an insertion run hangs from: after an anchor, or at the very start.
    private struct AnchorSlot: Hashable {
        let anchor: ID?
        init(_ anchor: ID?) { self.anchor = anchor }
    }

    /// Groups the kept insertions of `sequence` by the anchor that precedes them.
    private static func runs(of sequence: [ID], anchors: Set<ID>, keeping insertions: Set<ID>) -> [AnchorSlot: [ID]] {
        var runs: [AnchorSlot: [ID]] = [:]
        var currentAnchor: ID?
        for id in sequence {
            if anchors.contains(id) {
                currentAnchor = id
            } else if insertions.contains(id) {
                runs[AnchorSlot(currentAnchor), default: []].append(id)
            }
        }
        return runs
    }
}
