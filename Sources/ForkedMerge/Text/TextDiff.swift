/// Diff of two UTF-8 texts in grapheme-aligned byte positions, from coarse to fine.
///
/// Lines are compared first (hashed to IDs), which makes the common case near-linear. Each
/// changed block of lines is then compared by content-defined word chunks when it is large, and
/// finally character by character (see ``CharacterRefinement``).
struct TextDiff {
    /// Regions larger than this (ancestor plus side bytes) are split into word chunks first.
    static let chunkingThreshold = 4_096

    /// The lines of the ancestor and of the side, interned with one shared interner.
    let ancestor: UnsafeBufferPointer<UInt8>
    let ancestorLineStarts: [Int]
    let ancestorLineIDs: [Int]
    let side: UnsafeBufferPointer<UInt8>
    let sideLineStarts: [Int]
    let sideLineIDs: [Int]

    /// Returns the hunks turning the ancestor into the side, sorted and coalesced.
    func hunks() -> [DiffHunk] {
        var result: [DiffHunk] = []
        for lineHunk in SequenceDiff.hunks(ancestorLineIDs, sideLineIDs) {
            let ancestorRange = ancestorLineStarts[lineHunk.ancestor.lowerBound]..<ancestorLineStarts[lineHunk.ancestor.upperBound]
            let sideRange = sideLineStarts[lineHunk.side.lowerBound]..<sideLineStarts[lineHunk.side.upperBound]
            result.append(contentsOf: TextDiff.refine(ancestor, ancestorRange, side, sideRange))
        }
        return result.coalesced()
    }

    /// Diffs one changed region: directly when one part is empty or it is small, by word chunks otherwise.
    static func refine(
        _ ancestor: UnsafeBufferPointer<UInt8>, _ ancestorRange: Range<Int>,
        _ side: UnsafeBufferPointer<UInt8>, _ sideRange: Range<Int>
    ) -> [DiffHunk] {
        if ancestorRange.isEmpty || sideRange.isEmpty {
            return [DiffHunk(ancestor: ancestorRange, side: sideRange)]
        }
        if ancestorRange.count + sideRange.count <= chunkingThreshold {
            return CharacterRefinement.hunks(ancestor: ancestor, ancestorRange, side: side, sideRange)
        }
        let ancestorStarts = TextSplitting.wordChunkStarts(ancestor, in: ancestorRange)
        let sideStarts = TextSplitting.wordChunkStarts(side, in: sideRange)
        var interner = ByteSliceInterner(buffers: [ancestor, side], expectedCount: ancestorStarts.count + sideStarts.count)
        let ancestorIDs = (0..<(ancestorStarts.count - 1)).map { interner.id(buffer: 0, range: ancestorStarts[$0]..<ancestorStarts[$0 + 1]) }
        let sideIDs = (0..<(sideStarts.count - 1)).map { interner.id(buffer: 1, range: sideStarts[$0]..<sideStarts[$0 + 1]) }
        var result: [DiffHunk] = []
        for chunkHunk in SequenceDiff.hunks(ancestorIDs, sideIDs) {
            let innerAncestor = ancestorStarts[chunkHunk.ancestor.lowerBound]..<ancestorStarts[chunkHunk.ancestor.upperBound]
            let innerSide = sideStarts[chunkHunk.side.lowerBound]..<sideStarts[chunkHunk.side.upperBound]
            if innerAncestor.isEmpty || innerSide.isEmpty {
                result.append(DiffHunk(ancestor: innerAncestor, side: innerSide))
            } else {
                result.append(contentsOf: CharacterRefinement.hunks(ancestor: ancestor, innerAncestor, side: side, innerSide))
            }
        }
        return result.coalesced()
    }
}
