/// How a changed block of lines of one side's diff becomes byte hunks (see ``RefinementNeed``).
enum BlockRefinement: Equatable, Sendable {
    /// One hunk replacing the block's whole lines: no change of the other side meets them.
    case wholeLines
    /// One hunk replacing the block's changed words: its ancestor and side bytes less their
    /// common prefix and suffix, cut after spaces
    /// (``CharacterRefinement/trimmedToChangedWords(_:_:_:_:)``). The other side changed the
    /// same lines, but so far from these words that how they changed inside cannot matter.
    case changedWords(DiffHunk)
    /// The changed characters, each run its own hunk (``CharacterRefinement``), all inside the
    /// block's changed words, given when they are already known.
    case characters(changedWords: DiffHunk?)
    /// No hunks: the block's hunks come from elsewhere (refined characters kept from an earlier
    /// refinement of the same block, see ``TextMergeComputation``).
    case omitted

    /// The kinds of refinement, without their ranges.
    enum Kind: Equatable, Sendable { case wholeLines, changedWords, characters, omitted }

    /// This refinement's kind.
    var kind: Kind {
        switch self {
        case .wholeLines: .wholeLines
        case .changedWords: .changedWords
        case .characters: .characters
        case .omitted: .omitted
        }
    }
}
