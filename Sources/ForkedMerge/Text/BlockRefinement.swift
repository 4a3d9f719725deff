/// How a changed block of lines of one side's diff becomes byte hunks (see ``RefinementNeed``).
struct BlockRefinement: Equatable, Sendable {
    /// The kinds of refinement.
    enum Kind: Equatable, Sendable {
        /// One hunk replacing the block's whole lines: no change of the other side meets them.
        case wholeLines
        /// One hunk replacing the block's changed words: the other side changed the same lines,
        /// but so far from these words that how they changed inside cannot matter to the merge.
        case changedWords
        /// The changed characters, each run its own hunk (``CharacterRefinement``).
        case characters
    }

    /// How the block is refined.
    var kind: Kind
    /// The block's changed words when they are known: its ancestor and side bytes less their
    /// common prefix and suffix, cut after spaces
    /// (``CharacterRefinement/trimmedToChangedWords(_:_:_:_:)``), inside which every character
    /// hunk of the block lies.
    var changedWords: DiffHunk?

    /// Whole lines.
    static let wholeLines = BlockRefinement(kind: .wholeLines, changedWords: nil)
    /// Characters, the changed words to be found.
    static let characters = BlockRefinement(kind: .characters, changedWords: nil)
}
