import Dispatch

/// One text merge: diffs both sides against the ancestor and combines them with ``ThreeWayMerge``.
///
/// The texts are read in place through their UTF-8 storage (no copies), so a computation only
/// exists inside ``run(ancestor:dominant:subordinate:_:)``.
struct TextMergeComputation {
    let policy: TextMergePolicy
    private(set) var pieces: [MergePiece]
    let conflictSpans: [MergeConflictSpan]
    let dominantHunks: [DiffHunk]
    let subordinateHunks: [DiffHunk]
    /// How many places ``WordAudit`` found a word no text has there, merged again as conflicts.
    let auditCorrections: Int
    /// Whether the rule that two changes of one word are a conflict changed the merge: hunks
    /// were grown to words (``SharedWordHunks``) or the audit merged a place again.
    let wordRuleActed: Bool

    /// Merges the three texts and hands the computation to `body`.
    ///
    /// With `textOnly`, lines only one side changed are not diffed character by character (see
    /// ``refinementsWhereBothChanged(_:)``): the merged
    /// text and its conflicts are the same, the origins and statistics of ``result()`` are not.
    static func run<R>(
        ancestor: String, dominant: String, subordinate: String, textOnly: Bool = false, _ body: (TextMergeComputation) -> R
    ) -> R {
        withOwnedBuffers(ancestor, dominant, subordinate) { ancestorBuffer, dominantBuffer, subordinateBuffer, owner in
            run(ancestor: ancestorBuffer, dominant: dominantBuffer, subordinate: subordinateBuffer, textOnly: textOnly, owner: owner, body)
        }
    }

    /// ``run(ancestor:dominant:subordinate:textOnly:_:)`` on the texts' UTF-8 bytes, which must
    /// be valid UTF-8; `owner`, when given, keeps their storage alive (see ``SharedRefinement``).
    static func run<R>(
        ancestor: UnsafeBufferPointer<UInt8>, dominant: UnsafeBufferPointer<UInt8>, subordinate: UnsafeBufferPointer<UInt8>,
        textOnly: Bool = false, owner: TextStorageOwner? = nil, _ body: (TextMergeComputation) -> R
    ) -> R {
        // Long texts are split into lines and hashed on two threads, all three at once.
        let long = isLong(ancestor.count + dominant.count + subordinate.count)
        let lines = long ? TextLines.inPieces(of: [ancestor, dominant, subordinate], owner: owner) : [TextLines(ancestor)]
        let sides = [dominant, subordinate].enumerated().map { index, bytes in
            SideInput(bytes: bytes, lines: long ? lines[index + 1] : nil)
        }
        guard textOnly else {
            let diffs = sideDiffs(ancestor: ancestor, lines: lines[0], sides: sides, owner: owner)
            return finish(TextMergeComputation(ancestor, dominant, subordinate, diffs[0].hunks, diffs[1].hunks), body)
        }
        let input = SharedInput(ancestor: ancestor, lines: lines[0], sides: sides)
        let parallel = input.isLong
        let lineDiffs = lineDiffs(input, inParallel: parallel)
        let blocks = refinementsWhereBothChanged(lineDiffs)
        let diffs = refined(lineDiffs, where: [{ blocks[0][$0] }, { blocks[1][$0] }], inParallel: parallel, owner: owner)
        let computation = TextMergeComputation(ancestor, dominant, subordinate, diffs[0].hunks, diffs[1].hunks)
        // Where the word rule acted, which words it joined depends on how finely the hunks
        // were cut: the merge is done again on the full diffs, so the text and conflicts are
        // those of ``mergeWithOrigins`` exactly. That happens only where both sides changed one
        // word. Blocks already refined to characters are refined exactly so again (the same
        // bytes, the same budget), so only the others are refined now.
        if !computation.wordRuleActed { return finish(computation, body) }
        ThreeWayMerge.pieceArrays.give(computation.pieces)
        let rest = refined(
            lineDiffs, where: blocks.map { sideBlocks in { sideBlocks[$0].kind == .characters ? .omitted : .characters(changedWords: nil) } },
            inParallel: parallel, owner: owner
        )
        let full = (0..<2).map { side in
            Self.combined(kept: diffs[side].hunks, refinedNow: rest[side].hunks, lineDiff: lineDiffs[side], blocks: blocks[side])
        }
        return finish(TextMergeComputation(ancestor, dominant, subordinate, full[0], full[1]), body)
    }

    /// A side's full diff from the hunks of its blocks refined to characters in `kept` and
    /// those of all its other blocks in `refinedNow`. Blocks are separated by unchanged lines,
    /// so a hunk lies inside its block's lines and both lists are in the blocks' order.
    private static func combined(kept: [DiffHunk], refinedNow: [DiffHunk], lineDiff: LineDiff, blocks: [BlockRefinement]) -> [DiffHunk] {
        var result: [DiffHunk] = []
        result.reserveCapacity(kept.count + refinedNow.count)
        var keptIndex = 0
        var nowIndex = 0
        let starts = lineDiff.diff.ancestorLineStarts
        for (index, block) in lineDiff.lineHunks.enumerated() {
            let end = starts[block.ancestor.upperBound]
            // Every hunk of this block ends by its last line's end; later blocks' hunks start
            // after an unchanged line.
            if blocks[index].kind == .characters {
                while keptIndex < kept.count, kept[keptIndex].ancestor.upperBound <= end {
                    result.append(kept[keptIndex])
                    keptIndex += 1
                }
            } else {
                while keptIndex < kept.count, kept[keptIndex].ancestor.upperBound <= end { keptIndex += 1 }
                while nowIndex < refinedNow.count, refinedNow[nowIndex].ancestor.upperBound <= end {
                    result.append(refinedNow[nowIndex])
                    nowIndex += 1
                }
            }
        }
        return result
    }

    /// Merges the three texts with side diffs computed earlier by ``sideDiffs(ancestor:lines:sides:)``
    /// over the same texts, and hands the computation to `body`.
    static func run<R>(
        ancestor: String, dominant: String, subordinate: String, dominantHunks: [DiffHunk], subordinateHunks: [DiffHunk],
        _ body: (TextMergeComputation) -> R
    ) -> R {
        withBuffers(ancestor, dominant, subordinate) { ancestorBuffer, dominantBuffer, subordinateBuffer in
            finish(TextMergeComputation(ancestorBuffer, dominantBuffer, subordinateBuffer, dominantHunks, subordinateHunks), body)
        }
    }

    /// Hands `computation` to `body`, then its pieces' storage to the next merge
    /// (``ThreeWayMerge/pieceArrays``).
    private static func finish<R>(_ computation: consuming TextMergeComputation, _ body: (TextMergeComputation) -> R) -> R {
        var computation = computation
        let result = body(computation)
        var pieces: [MergePiece] = []
        swap(&pieces, &computation.pieces)
        ThreeWayMerge.pieceArrays.give(consume pieces)
        return result
    }

    /// Calls `body` with the UTF-8 storage of the three texts (read in place, no copies).
    static func withBuffers<R>(
        _ ancestor: String, _ dominant: String, _ subordinate: String,
        _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> R
    ) -> R {
        withOwnedBuffers(ancestor, dominant, subordinate) { ancestor, dominant, subordinate, _ in body(ancestor, dominant, subordinate) }
    }

    /// ``withBuffers(_:_:_:_:)`` that also hands `body` an owner keeping the buffers' storage
    /// alive after it returns, when the texts allow one (``TextStorageOwner``).
    static func withOwnedBuffers<R>(
        _ ancestor: String, _ dominant: String, _ subordinate: String,
        _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>, TextStorageOwner?) -> R
    ) -> R {
        var ancestor = ancestor
        var dominant = dominant
        var subordinate = subordinate
        // Contiguous first, so the buffers below point into the storage the owner keeps.
        ancestor.makeContiguousUTF8()
        dominant.makeContiguousUTF8()
        subordinate.makeContiguousUTF8()
        let owner = TextStorageOwner(keeping: [ancestor, dominant, subordinate])
        return ancestor.withUTF8 { ancestorBuffer in
            dominant.withUTF8 { dominantBuffer in
                subordinate.withUTF8 { subordinateBuffer in body(ancestorBuffer, dominantBuffer, subordinateBuffer, owner) }
            }
        }
    }

    private init(
        _ ancestor: UnsafeBufferPointer<UInt8>, _ dominant: UnsafeBufferPointer<UInt8>, _ subordinate: UnsafeBufferPointer<UInt8>,
        _ dominantHunks: [DiffHunk], _ subordinateHunks: [DiffHunk]
    ) {
        self.dominantHunks = dominantHunks
        self.subordinateHunks = subordinateHunks
        policy = TextMergePolicy(ancestor: ancestor, dominant: dominant, subordinate: subordinate)
        // Each side's change is first lined up with the insertions the other side made, so
        // text both typed at one place is seen as one insertion. The two sides are independent
        // here: long texts prepare them on two threads.
        let prepared = Self.forBothSides(inParallel: Self.isLong(ancestor.count + dominant.count + subordinate.count)) { index in
            let (hunks, side, otherHunks, other) = index == 0
                ? (dominantHunks, dominant, subordinateHunks, subordinate)
                : (subordinateHunks, subordinate, dominantHunks, dominant)
            let aligned = RepeatedInsertion.realigned(hunks, side: side, toInsertionsOf: otherHunks, side: other, ancestor: ancestor)
            return LineEndInsertion.split(aligned, ancestor: ancestor, side: side)
        }
        let (dominantGrown, subordinateGrown) = SharedWordHunks(ancestor: ancestor, policy: policy).grown(prepared[0], prepared[1])
        let grew = dominantGrown.applied != prepared[0] || subordinateGrown.applied != prepared[1]
        let (output, corrections) = Self.audited(dominantGrown, subordinateGrown, policy: policy)
        pieces = output.pieces
        conflictSpans = output.conflicts
        auditCorrections = corrections
        wordRuleActed = grew || corrections > 0
    }

    /// How many rounds the audit may send a merge back: each round turns the ranges around
    /// the words it found into conflicts; the last widens them to whole lines.
    static let auditRounds = 3

    /// Whether rounds after the first audit only where the merge changed (``ChangedOutput``).
    /// Tests turn it off to check that reading everything again finds nothing more.
    @TaskLocal static var incrementalAudit = true

    /// The merge of both sides' hunks (exact diffs of each side), checked by ``WordAudit``:
    /// ranges around any word no text has at its place are merged again with both sides' hunks
    /// grown over them (so the two versions meet as a conflict), and the number of such ranges.
    private static func audited(_ dominant: SideHunks, _ subordinate: SideHunks, policy: TextMergePolicy) -> (ThreeWayMergeOutput, Int) {
        var dominant = dominant
        var subordinate = subordinate
        var corrections = 0
        var round = 0
        // After the first round, the audit reads only where the merge done again differs.
        var changed: ChangedOutput? = nil
        while true {
            // Keeping the last line break changes the hunks so they no longer spell the sides
            // exactly: that is done for each merge, never to the hunks grown again.
            let (dominantMerged, subordinateMerged) = FinalLineBreak.kept(
                dominant.applied, subordinate.applied, ancestor: policy.ancestor, dominant: policy.dominant, subordinate: policy.subordinate
            )
            let output = ThreeWayMerge(
                ancestorCount: policy.ancestor.count, dominant: dominantMerged, subordinate: subordinateMerged, policy: policy
            ).merged()
            let audit = WordAudit(
                policy: policy,
                // Positions in the sides come from their exact diffs, set-aside hunks included.
                dominant: SideMapping(SideHunks.exact(dominantMerged, dominant.setAside), sideCount: policy.dominant.count),
                subordinate: SideMapping(SideHunks.exact(subordinateMerged, subordinate.setAside), sideCount: policy.subordinate.count)
            )
            let offsets = output.pieces.outputOffsets
            let inConflict = WordAudit.inConflict(output)
            let regions = changed?.regions(of: output.pieces, offsets: offsets, inConflict: inConflict)
            let findings = audit.violations(in: output, offsets: offsets, inConflict: inConflict, regions: incrementalAudit ? regions : nil)
            guard !findings.spans.isEmpty, round < auditRounds else { return (output, corrections) }
            changed = ChangedOutput(previous: output.pieces, previousOffsets: offsets, previousInConflict: inConflict, flagged: findings.words)
            corrections += findings.spans.count
            round += 1
            let found = findings.spans.map { span in
                let widened = round == auditRounds
                    ? policy.lineStart(span.lowerBound)..<max(policy.lineEnd(max(span.lowerBound, span.upperBound - 1)), span.upperBound)
                    : policy.widened(span.range)
                return ElementSpan(lowerBound: min(widened.lowerBound, span.lowerBound), upperBound: max(widened.upperBound, span.upperBound))
            }
            dominant = dominant.grown(to: found)
            subordinate = subordinate.grown(to: found)
        }
    }

    /// The true conflicts, located in the merged text.
    func conflicts() -> [TextMergeConflict] {
        guard !conflictSpans.isEmpty else { return [] }
        let offsets = pieces.outputOffsets
        func text(_ list: [MergePiece]) -> String { String(decoding: policy.bytes(of: list), as: UTF8.self) }
        return conflictSpans.map { span in
            TextMergeConflict(
                utf8Range: offsets[span.dominant.lowerBound]..<offsets[span.subordinate.upperBound],
                ancestor: String(decoding: UnsafeBufferPointer(rebasing: policy.ancestor[span.ancestor]), as: UTF8.self),
                dominant: text(span.yielded?.dominant ?? Array(pieces[span.dominant])),
                subordinate: text(span.yielded?.subordinate ?? Array(pieces[span.subordinate])),
                kept: span.yielded == nil ? .both : .deletion
            )
        }
    }

    /// The merged text, written straight into the new string's storage.
    func mergedString() -> String {
        let count = pieces.reduce(0) { $0 + $1.range.count }
        return String(unsafeUninitializedCapacity: count) { output in
            var offset = 0
            for piece in pieces where !piece.range.isEmpty {
                if case .separator = piece.source {
                    for byte in policy.bytes(of: piece) {
                        output[offset] = byte
                        offset += 1
                    }
                } else {
                    let source = UnsafeBufferPointer(rebasing: policy.buffer(piece.source)[piece.range])
                    _ = UnsafeMutableBufferPointer(rebasing: output[offset..<(offset + source.count)]).initialize(from: source)
                    offset += source.count
                }
            }
            return offset
        }
    }

    /// The merged text as origin-attributed segments, with statistics.
    func result() -> TextMergeResult {
        var segments: [TextMergeSegment] = []
        var pending: [UInt8] = []
        var pendingOrigin: MergeOrigin? = nil
        for piece in pieces where !piece.range.isEmpty {
            if piece.origin != pendingOrigin, let origin = pendingOrigin {
                segments.append(TextMergeSegment(text: String(decoding: pending, as: UTF8.self), origin: TextOrigin(origin)))
                pending.removeAll(keepingCapacity: true)
            }
            pendingOrigin = piece.origin
            policy.append(piece, to: &pending)
        }
        if let origin = pendingOrigin, !pending.isEmpty {
            segments.append(TextMergeSegment(text: String(decoding: pending, as: UTF8.self), origin: TextOrigin(origin)))
        }
        let statistics = TextMergeStatistics(
            dominantInserted: dominantHunks.reduce(0) { $0 + characterCount(policy.dominant, $1.side) },
            dominantDeleted: dominantHunks.reduce(0) { $0 + characterCount(policy.ancestor, $1.ancestor) },
            subordinateInserted: subordinateHunks.reduce(0) { $0 + characterCount(policy.subordinate, $1.side) },
            subordinateDeleted: subordinateHunks.reduce(0) { $0 + characterCount(policy.ancestor, $1.ancestor) },
            auditCorrections: auditCorrections
        )
        let conflicts = conflicts()
        return TextMergeResult(
            segments: segments, statistics: statistics, conflicts: conflicts, deletions: deletions(outside: conflicts.map(\.utf8Range))
        )
    }

    private func characterCount(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        var plain = true
        for index in range where bytes[index] >= 0x80 || bytes[index] == 0x0D {
            plain = false
            break
        }
        if plain { return range.count }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self).count
    }

    /// Texts at least this long (in bytes, all three together) diff both sides in parallel.
    static let parallelThreshold = 200_000

    /// Whether texts of `byteCount` bytes (all three together) are worth two threads.
    static func isLong(_ byteCount: Int) -> Bool { byteCount >= parallelThreshold }

    /// A side's lines and its diff against the ancestor.
    struct SideDiff: Sendable {
        let lines: TextLines
        let hunks: [DiffHunk]
    }

    /// A side to diff: its bytes, and its lines when they are already known.
    struct SideInput {
        let bytes: UnsafeBufferPointer<UInt8>
        var lines: TextLines?
    }

    /// The read-only inputs of the side diffs. The buffers stay valid and unmodified for
    /// the whole parallel section, so sharing them between the two threads is safe.
    private struct SharedInput: @unchecked Sendable {
        let ancestor: UnsafeBufferPointer<UInt8>
        let lines: TextLines
        let sides: [SideInput]

        func textDiff(side index: Int) -> (TextDiff, TextLines) {
            let side = sides[index].bytes
            let sideLines = sides[index].lines ?? TextLines(side)
            let diff = TextDiff(
                ancestor: ancestor, ancestorLineStarts: lines.starts, ancestorLineIDs: lines.ids,
                side: side, sideLineStarts: sideLines.starts, sideLineIDs: sideLines.ids
            )
            return (diff, sideLines)
        }

        func diff(side index: Int) -> SideDiff {
            let (diff, sideLines) = textDiff(side: index)
            return SideDiff(lines: sideLines, hunks: diff.hunks())
        }

        /// Whether the texts are long enough to diff the two sides on two threads.
        var isLong: Bool { sides.count == 2 && TextMergeComputation.isLong(sides.reduce(ancestor.count) { $0 + $1.bytes.count }) }
    }

    /// Diffs each of `sides` against the ancestor, whose lines are `lines`; two long sides
    /// are diffed on two threads.
    static func sideDiffs(ancestor: UnsafeBufferPointer<UInt8>, lines: TextLines, sides: [UnsafeBufferPointer<UInt8>]) -> [SideDiff] {
        sideDiffs(ancestor: ancestor, lines: lines, sides: sides.map { SideInput(bytes: $0) })
    }

    /// Diffs each of `sides` against the ancestor, whose lines are `lines`; two long sides
    /// are diffed on two threads (`owner` as in ``SharedRefinement/hunks(of:inParallel:owner:launcher:)``).
    static func sideDiffs(
        ancestor: UnsafeBufferPointer<UInt8>, lines: TextLines, sides: [SideInput], owner: TextStorageOwner? = nil
    ) -> [SideDiff] {
        let input = SharedInput(ancestor: ancestor, lines: lines, sides: sides)
        guard input.isLong else { return sides.indices.map { input.diff(side: $0) } }
        return refined(
            lineDiffs(input, inParallel: true), where: [{ _ in .characters(changedWords: nil) }, { _ in .characters(changedWords: nil) }],
            inParallel: true, owner: owner
        )
    }

    /// How each side's blocks are refined for the text alone: to characters only where the
    /// changed lines meet lines the other side changed in a way the character diffs could
    /// affect (see ``RefinementNeed``). Elsewhere only one side changed the text (or both
    /// changed a line, far apart), and the merge takes its lines (or changed words) whole,
    /// whatever the diff inside them: the merged text is the same as with
    /// ``sideDiffs(ancestor:lines:sides:)``, but its hunks do not say which characters changed,
    /// so origins and statistics need the full diffs.
    private static func refinementsWhereBothChanged(_ lineDiffs: [LineDiff]) -> [[BlockRefinement]] {
        let (dominantBlocks, subordinateBlocks) = RefinementNeed.refinements(
            RefinementNeed(lineDiffs[0].diff, lineDiffs[0].lineHunks), RefinementNeed(lineDiffs[1].diff, lineDiffs[1].lineHunks)
        )
        return [dominantBlocks, subordinateBlocks]
    }

    /// Both sides' diffs with each side's line hunks refined as `refinements` says
    /// (``SharedRefinement``, on two threads when `inParallel`, never waiting for the helper
    /// when `owner` keeps the texts alive).
    private static func refined(
        _ lineDiffs: [LineDiff], where refinements: [(Int) -> BlockRefinement], inParallel: Bool, owner: TextStorageOwner?
    ) -> [SideDiff] {
        let hunks = SharedRefinement.hunks(
            of: zip(lineDiffs, refinements).map { SharedRefinement.Side(diff: $0.diff, lineHunks: $0.lineHunks, refinement: $1) },
            inParallel: inParallel, owner: owner
        )
        return zip(lineDiffs, hunks).map { SideDiff(lines: $0.lines, hunks: $1) }
    }

    /// Both sides' diffs by lines, before refinement.
    private static func lineDiffs(_ input: SharedInput, inParallel: Bool) -> [LineDiff] {
        forBothSides(inParallel: inParallel) { side in
            let (diff, sideLines) = input.textDiff(side: side)
            return LineDiff(diff: diff, lines: sideLines, lineHunks: diff.lineHunks())
        }
    }

    /// A side's diff by lines, before refinement.
    private struct LineDiff: @unchecked Sendable {
        let diff: TextDiff
        let lines: TextLines
        let lineHunks: [DiffHunk]
    }

    /// `job(0)` and `job(1)`, on two threads when `inParallel` (``SharedPieces``: the calling
    /// thread does both when the helper has not started by the time it finished the first, and
    /// waits only for a job the helper took).
    private static func forBothSides<T: Sendable>(inParallel: Bool = true, _ job: @escaping (Int) -> T) -> [T] {
        guard inParallel else { return [job(0), job(1)] }
        return SharedPieces.run(count: 2, owner: nil, redoing: false) { index, _ in job(index) }
    }
}
