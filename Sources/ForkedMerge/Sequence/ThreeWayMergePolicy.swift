/// What a policy decides about a conflict's union (all deletions applied, all insertions kept).
enum ConflictReview: Equatable, Sendable {
    /// Use the union as it is.
    case accept
    /// Replace the conflict by both sides' complete versions of this wider ancestor range.
    case widen(Range<Int>)
}

/// How an edit inside text the other side deleted gives way to the deletion.
enum DeletionYield: Equatable, Sendable {
    /// The edit changed nothing that matters on its own (only spacing): it is dropped silently.
    case silently
    /// The edit is dropped with the deletion and the place is reported as a conflict.
    case reported
}

/// The element-specific decisions of ``ThreeWayMerge``: content comparison and, for text,
/// recognising unreadable blends and widening them.
protocol ThreeWayMergePolicy {
    /// Whether two piece lists spell the same elements.
    func sameContent(_ first: [MergePiece], _ second: [MergePiece]) -> Bool

    /// Reviews the union of a conflict in which both sides replaced or deleted ancestor elements.
    ///
    /// - Parameters:
    ///   - union: The union result for `range`.
    ///   - dominant: The dominant side's version of `range`.
    ///   - subordinate: The subordinate side's version of `range`.
    func review(union: [MergePiece], dominant: [MergePiece], subordinate: [MergePiece], range: Range<Int>) -> ConflictReview

    /// Orders insertions both sides made at one ancestor position: lower ranks go first, and the
    /// dominant side goes first among equal ranks.
    func insertionRank(_ insertion: MergePiece, at position: Int) -> Int

    /// The range a widened conflict covering `range` must grow to (at least `range` itself).
    func widened(_ range: Range<Int>) -> Range<Int>

    /// The piece to place between the dominant and subordinate versions of a widened conflict, if any.
    func separator(dominant: [MergePiece], subordinate: [MergePiece], range: Range<Int>) -> MergePiece?

    /// The part of the ancestor that must survive a deletion by one side because the other side
    /// edited inside it (`edit` is the editing hunk's ancestor range, `insertion` what it typed),
    /// or nil to let the deletion and the edit combine as they are.
    func survivingUnit(of edit: Range<Int>, inserting insertion: MergePiece, deletedBy deletion: Range<Int>) -> Range<Int>?

    /// Whether an edit inside elements the other side deleted (`edit` is the editing hunk's
    /// ancestor range, `insertion` what it typed; `left` what the other side put in place of
    /// `deletion`, often nothing) yields to the deletion, and whether that is reported as a
    /// conflict; nil when ``survivingUnit(of:inserting:deletedBy:)`` decides instead.
    func yieldToDeletion(of edit: Range<Int>, inserting insertion: MergePiece, deletedBy deletion: Range<Int>, leaving left: MergePiece) -> DeletionYield?

    /// Whether `insertion`, kept on its own inside the other side's rewrite (whose new text is
    /// `rewrite`), would break a line the rewrite wrote in two (for text: it holds a line
    /// break and the rewrite's text does not end with one); the two are then a conflict.
    func insertionBreaksLine(_ insertion: MergePiece, insideRewrite rewrite: MergePiece) -> Bool

    /// Whether two insertions the sides made at one position rewrite the same unit (for text:
    /// both glued to the same word) rather than standing side by side.
    func insertionsConflict(_ first: MergePiece, _ second: MergePiece, at position: Int) -> Bool

    /// Whether an insertion equal to `part` (the start or the end of the other side's insertion
    /// `longer` at the same position) repeats whole units of it, so that the two are one
    /// insertion applied once (for text: an insertion of whole lines must match whole lines).
    func repeatsWhole(_ insertion: MergePiece, as part: MergePiece, of longer: MergePiece) -> Bool

    /// The side whose version of a conflict holds the other side's version whole, with only
    /// more text added at one place (both sides typed the same and one typed more), or nil.
    func containingVersion(dominant: [MergePiece], subordinate: [MergePiece], range: Range<Int>) -> MergeSide?

    /// The range to widen two neighbouring conflicts to when keeping them apart would
    /// interleave the two sides' versions, or nil to keep them apart.
    func joinedConflicts(_ first: Range<Int>, _ second: Range<Int>) -> Range<Int>?
}
