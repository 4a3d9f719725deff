/// The three-way merge of sequences of any hashable elements, on the same core as text.
///
/// Elements are interned to integer IDs, each side is diffed against the ancestor with
/// ``SequenceDiff`` and the hunks are combined by ``ThreeWayMerge``. Identical edits are applied
/// once and insertions at one position are kept whole, dominant first; there is no widening,
/// since elements, unlike letters, do not blend into one another.
struct SequenceMerge<Element: Hashable> {
    let ancestor: [Element]
    let dominant: [Element]
    let subordinate: [Element]

    /// Returns the merged sequence.
    func merged() -> [Element] {
        var interner = ElementInterner<Element>()
        let policy = ElementMergePolicy(
            ancestor: interner.ids(of: ancestor), dominant: interner.ids(of: dominant), subordinate: interner.ids(of: subordinate)
        )
        let pieces = ThreeWayMerge(
            ancestorCount: ancestor.count,
            dominant: SequenceDiff.hunks(policy.ancestor, policy.dominant),
            subordinate: SequenceDiff.hunks(policy.ancestor, policy.subordinate),
            policy: policy
        ).pieces()
        var result: [Element] = []
        result.reserveCapacity(pieces.reduce(0) { $0 + $1.range.count })
        for piece in pieces {
            switch piece.source {
            case .ancestor: result.append(contentsOf: ancestor[piece.range])
            case .dominant: result.append(contentsOf: dominant[piece.range])
            case .subordinate: result.append(contentsOf: subordinate[piece.range])
            case .separator: break
            }
        }
        return result
    }
}

/// ``ThreeWayMergePolicy`` for element sequences: compares interned IDs, accepts every union.
struct ElementMergePolicy: ThreeWayMergePolicy {
    let ancestor: [Int]
    let dominant: [Int]
    let subordinate: [Int]

    private func ids(_ piece: MergePiece) -> ArraySlice<Int> {
        switch piece.source {
        case .ancestor: ancestor[piece.range]
        case .dominant: dominant[piece.range]
        case .subordinate: subordinate[piece.range]
        case .separator: []
        }
    }

    func sameContent(_ first: [MergePiece], _ second: [MergePiece]) -> Bool {
        first.lazy.flatMap(ids).elementsEqual(second.lazy.flatMap(ids))
    }

    func review(union: [MergePiece], dominant: [MergePiece], subordinate: [MergePiece], range: Range<Int>) -> ConflictReview {
        .accept
    }

    func insertionRank(_ insertion: MergePiece, at position: Int) -> Int { 0 }

    func widened(_ range: Range<Int>) -> Range<Int> { range }

    func separator(dominant: [MergePiece], subordinate: [MergePiece], range: Range<Int>) -> MergePiece? { nil }

    /// Elements are whole units already: an edit and a deletion around it combine as they are.
    func survivingUnit(of edit: Range<Int>, inserting insertion: MergePiece, deletedBy deletion: Range<Int>) -> Range<Int>? { nil }

    func joinedConflicts(_ first: Range<Int>, _ second: Range<Int>) -> Range<Int>? { nil }

    func insertionsConflict(_ first: MergePiece, _ second: MergePiece, at position: Int) -> Bool { false }

    /// Elements have no lines.
    func insertionBreaksLine(_ insertion: MergePiece, insideRewrite rewrite: MergePiece) -> Bool { false }

    func repeatsWhole(_ insertion: MergePiece, as part: MergePiece, of longer: MergePiece) -> Bool { true }

    func containingVersion(dominant: [MergePiece], subordinate: [MergePiece], range: Range<Int>) -> MergeSide? { nil }

    func yieldToDeletion(of edit: Range<Int>, inserting insertion: MergePiece, deletedBy deletion: Range<Int>, leaving left: MergePiece) -> DeletionYield? { nil }
}
