/// A range of element offsets, as `Range<Int>` holds it, for the merge's bookkeeping arrays.
///
/// `Range<Int>` is generic with a requirement (`Bound: Comparable`), and `Range<Int>: Hashable`
/// is a conditional conformance: the first array, set or dictionary of them a process makes has
/// the Swift runtime look the conformance up by scanning every conformance record in the
/// binary. In `forked-edit merge`, started by git once per file, those scans took longer than
/// merging a 10 KB file. This plain struct needs no lookup.
struct ElementSpan: Equatable {
    var lowerBound: Int
    var upperBound: Int

    init(lowerBound: Int, upperBound: Int) {
        self.lowerBound = lowerBound
        self.upperBound = upperBound
    }

    init(_ range: Range<Int>) {
        self.init(lowerBound: range.lowerBound, upperBound: range.upperBound)
    }

    var range: Range<Int> { lowerBound..<upperBound }
    var isEmpty: Bool { lowerBound == upperBound }

    /// Whether both spans share an element (as `Range.overlaps`: never for an empty span).
    func overlaps(_ other: ElementSpan) -> Bool {
        !isEmpty && !other.isEmpty && lowerBound < other.upperBound && other.lowerBound < upperBound
    }
}
