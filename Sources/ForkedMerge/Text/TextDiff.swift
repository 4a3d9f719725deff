/// Diff of two UTF-8 texts in grapheme-aligned byte positions, from coarse to fine.
///
/// Lines are compared first (hashed to IDs), which makes the common case near-linear. Each
/// changed block of lines is then compared by content-defined word chunks when it is large, and
/// finally character by character (see ``CharacterRefinement``).
struct TextDiff {
    /// Regions larger than this (ancestor plus side bytes) are split into word chunks first.
    static let chunkingThreshold = 4_096

    /// The texts with their line starts and line hash IDs (see ``hashIDs(_:starts:)``).
    let ancestor: UnsafeBufferPointer<UInt8>
    let ancestorLineStarts: [Int]
    let ancestorLineIDs: [Int]
    let side: UnsafeBufferPointer<UInt8>
    let sideLineStarts: [Int]
    let sideLineIDs: [Int]

    /// Returns the hunks turning the ancestor into the side, sorted and coalesced.
    func hunks() -> [DiffHunk] {
        let workspace = DiffWorkspace()
        return hunks(refining: lineHunks(workspace: workspace), where: { _ in .characters(changedWords: nil) }, workspace: workspace)
    }

    /// The changed blocks of whole lines, in line numbers (the first step of ``hunks()``).
    func lineHunks(workspace: DiffWorkspace = DiffWorkspace()) -> [DiffHunk] {
        TextDiff.hunks(ancestor, ancestorLineStarts, ancestorLineIDs, side, sideLineStarts, sideLineIDs, workspace: workspace)
    }

    /// The byte hunks of `lineHunks` (from ``lineHunks(workspace:)``), sorted and coalesced,
    /// each block refined as `refinement` (given its index) says.
    func hunks(
        refining lineHunks: [DiffHunk], where refinement: (Int) -> BlockRefinement, workspace: DiffWorkspace = DiffWorkspace()
    ) -> [DiffHunk] {
        var result: [DiffHunk] = []
        // A refined block is mostly a few hunks: room for two each saves most of the regrowth.
        result.reserveCapacity(lineHunks.count * 2)
        appendHunks(of: lineHunks[...], refining: refinement, workspace: workspace, into: &result)
        result.coalesce()
        return result
    }

    /// Appends the byte hunks of a run of `lineHunks` (indices as in the whole list, which
    /// `refinement` is given), not yet coalesced: ``hunks(refining:where:workspace:)`` is these
    /// for the whole list, coalesced, and ``SharedRefinement`` cuts the list into such runs.
    func appendHunks(
        of lineHunks: ArraySlice<DiffHunk>, refining refinement: (Int) -> BlockRefinement, workspace: DiffWorkspace,
        into result: inout [DiffHunk]
    ) {
        for (index, lineHunk) in zip(lineHunks.indices, lineHunks) {
            let ancestorRange = ancestorLineStarts[lineHunk.ancestor.lowerBound]..<ancestorLineStarts[lineHunk.ancestor.upperBound]
            let sideRange = sideLineStarts[lineHunk.side.lowerBound]..<sideLineStarts[lineHunk.side.upperBound]
            let knownWords: DiffHunk?
            switch refinement(index) {
            case .wholeLines:
                result.append(DiffHunk(ancestor: ancestorRange, side: sideRange))
                continue
            case .changedWords(let words):
                result.append(words)
                continue
            case .omitted:
                continue
            case .characters(let words):
                knownWords = words
            }
            let start = result.count
            workspace.withSearchBudget(Self.searchBudget(bytes: ancestorRange.count + sideRange.count)) {
                if let words = knownWords {
                    CharacterRefinement.appendHunks(
                        ancestor: ancestor, side: side, changedWords: words, workspace: workspace, into: &result
                    )
                } else {
                    TextDiff.appendRefined(ancestor, ancestorRange, side, sideRange, workspace: workspace, into: &result)
                }
            }
            if TextDiff.keepsOnlySpacing(result[start...], in: ancestorRange, of: ancestor) {
                result.removeSubrange(start...)
                result.append(DiffHunk(ancestor: ancestorRange, side: sideRange))
            }
        }
    }

    /// Myers work a block of `bytes` (ancestor and side together) may spend refining: a fixed
    /// multiple of its size, and at least ``minimumSearchBudget``. Blocks that differ by
    /// scattered edits spend a small part of it; reordered text would otherwise spend a full
    /// search's bound on each of its thousands of gaps (and hundreds of blocks), quadratic in all.
    static func searchBudget(bytes: Int) -> Int {
        max(minimumSearchBudget, searchWorkPerByte * bytes)
    }

    /// The budget of a small block: enough for a rewritten paragraph's few hundred words
    /// searched to their full edit distance.
    static let minimumSearchBudget = 262_144

    /// Myers work allowed per byte of a refined block (see ``searchBudget(bytes:)``).
    static let searchWorkPerByte = 8

    /// Whether the characters a refined block keeps in common are only spaces and line breaks:
    /// the old and new lines share nothing a person would recognise, and aligning
    /// them on a blank line or a bracket would scatter the new lines around the old ones (and,
    /// merged with the other side, glue text onto a neighbouring line). Such a block is
    /// replaced as whole lines, as a line diff would.
    static func keepsOnlySpacing(_ hunks: ArraySlice<DiffHunk>, in range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard hunks.count > 1 || hunks.first.map({ $0.ancestor != range }) == true else { return false }
        var position = range.lowerBound
        func onlySpacing(upTo end: Int) -> Bool { !TextSplitting.containsNonSpacing(bytes, in: position..<max(position, end)) }
        for hunk in hunks {
            guard onlySpacing(upTo: hunk.ancestor.lowerBound) else { return false }
            position = max(position, hunk.ancestor.upperBound)
        }
        return onlySpacing(upTo: range.upperBound)
    }

    /// Diffs one changed region: directly when one part is empty or it is small, by word chunks otherwise.
    static func refine(
        _ ancestor: UnsafeBufferPointer<UInt8>, _ ancestorRange: Range<Int>,
        _ side: UnsafeBufferPointer<UInt8>, _ sideRange: Range<Int>, workspace: DiffWorkspace
    ) -> [DiffHunk] {
        var result: [DiffHunk] = []
        appendRefined(ancestor, ancestorRange, side, sideRange, workspace: workspace, into: &result)
        return result
    }

    /// Appends ``refine(_:_:_:_:workspace:)``'s hunks to `result`, coalesced among themselves.
    static func appendRefined(
        _ ancestor: UnsafeBufferPointer<UInt8>, _ ancestorRange: Range<Int>,
        _ side: UnsafeBufferPointer<UInt8>, _ sideRange: Range<Int>, workspace: DiffWorkspace, into result: inout [DiffHunk]
    ) {
        if ancestorRange.isEmpty || sideRange.isEmpty {
            result.append(DiffHunk(ancestor: ancestorRange, side: sideRange))
            return
        }
        if ancestorRange.count + sideRange.count <= chunkingThreshold {
            CharacterRefinement.appendHunks(ancestor: ancestor, ancestorRange, side: side, sideRange, workspace: workspace, into: &result)
            return
        }
        // Large regions are split at word chunks that occur exactly once on each side (patience
        // anchors). Only unique chunks are trusted: aligning repeated chunks could shift the
        // alignment and report a small edit as a large move, which would then merge badly.
        let ancestorStarts = TextSplitting.wordChunkStarts(ancestor, in: ancestorRange)
        let sideStarts = TextSplitting.wordChunkStarts(side, in: sideRange)
        let ancestorIDs = hashIDs(ancestor, starts: ancestorStarts)
        let sideIDs = hashIDs(side, starts: sideStarts)
        let anchors = ancestorIDs.withUnsafeBufferPointer { a in
            sideIDs.withUnsafeBufferPointer { b in PatienceAnchors.find(a, 0..<a.count, b, 0..<b.count) }
        }
        var blocks: [DiffHunk] = []
        var nextAncestor = 0
        var nextSide = 0
        func refineGap(upTo ancestorChunk: Int, _ sideChunk: Int) {
            let innerAncestor = ancestorStarts[nextAncestor]..<ancestorStarts[ancestorChunk]
            let innerSide = sideStarts[nextSide]..<sideStarts[sideChunk]
            if innerAncestor.isEmpty && innerSide.isEmpty { return }
            if innerAncestor.isEmpty || innerSide.isEmpty {
                blocks.append(DiffHunk(ancestor: innerAncestor, side: innerSide))
            } else {
                CharacterRefinement.appendHunks(ancestor: ancestor, innerAncestor, side: side, innerSide, workspace: workspace, into: &blocks)
            }
        }
        for anchor in anchors {
            let ancestorChunk = ancestorStarts[anchor.a]..<ancestorStarts[anchor.a + 1]
            let sideChunk = sideStarts[anchor.b]..<sideStarts[anchor.b + 1]
            // A hash collision is not an anchor: leave the chunk to the gap around it.
            guard ByteSliceInterner.equal(ancestor, ancestorChunk, side, sideChunk) else { continue }
            refineGap(upTo: anchor.a, anchor.b)
            nextAncestor = anchor.a + 1
            nextSide = anchor.b + 1
        }
        refineGap(upTo: ancestorStarts.count - 1, sideStarts.count - 1)
        blocks.coalesce()
        result.append(contentsOf: blocks)
    }

    /// Hash IDs of the units between consecutive `starts` (lines or word chunks).
    static func hashIDs(_ bytes: UnsafeBufferPointer<UInt8>, starts: [Int]) -> [Int] {
        guard starts.count > 1 else { return [] }
        // Every line of all three texts is hashed here: written straight into the new array.
        return starts.withUnsafeBufferPointer { starts in
            [Int](unsafeUninitializedCapacity: starts.count - 1) { ids, count in
                for index in 0..<(starts.count - 1) {
                    ids[index] = Int(truncatingIfNeeded: ByteSliceInterner.hash(bytes, starts[index]..<starts[index &+ 1]))
                }
                count = starts.count - 1
            }
        }
    }

    /// Diffs units by hash ID, checking every run of matched units byte by byte (units split
    /// at content, such as lines, are pairwise equal exactly when their runs' bytes are); on a
    /// hash collision it diffs again with exact interned IDs.
    static func hunks(
        _ ancestor: UnsafeBufferPointer<UInt8>, _ ancestorStarts: [Int], _ ancestorIDs: [Int],
        _ side: UnsafeBufferPointer<UInt8>, _ sideStarts: [Int], _ sideIDs: [Int], workspace: DiffWorkspace
    ) -> [DiffHunk] {
        let verified = SequenceDiff.verifiedHunks(ancestorIDs, sideIDs, workspace: workspace, anchored: true) { i, j, count in
            TextSplitting.sameBytes(
                UnsafeBufferPointer(rebasing: ancestor[ancestorStarts[i]..<ancestorStarts[i + count]]),
                UnsafeBufferPointer(rebasing: side[sideStarts[j]..<sideStarts[j + count]])
            )
        }
        if let verified { return verified }
        var interner = ByteSliceInterner(buffers: [ancestor, side], expectedCount: ancestorIDs.count + sideIDs.count)
        let exactAncestor = ancestorIDs.indices.map { interner.id(buffer: 0, range: ancestorStarts[$0]..<ancestorStarts[$0 + 1]) }
        let exactSide = sideIDs.indices.map { interner.id(buffer: 1, range: sideStarts[$0]..<sideStarts[$0 + 1]) }
        return SequenceDiff.hunks(exactAncestor, exactSide, anchored: true)
    }
}
