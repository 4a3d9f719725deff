/// The text merge's last check of its own rule: every word of the merged text outside a
/// reported conflict is a word one of the three texts has at that place, and no line is
/// there twice because the two sides moved it to different places (``movedLineViolations(_:offsets:inConflict:output:ancestorSpan:)``).
///
/// The merge grows both sides' changes of one word to that word before merging
/// (``SharedWordHunks``), so two changes of one word meet as a conflict. Whatever the steps
/// after that do (insertions ordered at one place, edits kept inside deleted text, repeated
/// insertions applied once), this audit checks the result where a blend could hide: at every
/// place where two pieces of the output meet. The word (or words) touching such a seam must
/// be a whole word of the ancestor, the dominant or the subordinate side, read there in one
/// piece; anything else (`cosys` from `costs` and `money`, `Th` cut from `Thursday`) is a
/// violation, and ``TextMergeComputation`` merges the ancestor range around it again as a
/// conflict. Words inside one piece are that piece's source's words, so only seams are read:
/// the audit costs in proportion to the changes, not to the text.
struct WordAudit {
    let policy: TextMergePolicy
    let dominant: SideMapping
    let subordinate: SideMapping

    /// What the audit found in one merge: the ancestor ranges around output words that no text
    /// has at their place, and where those words are in the output.
    struct Findings {
        var spans: [ElementSpan] = []
        /// Output ranges of the words (or moved lines) found, sorted by start.
        var words: [Range<Int>] = []
    }

    /// Which pieces lie inside a reported conflict: their seams are the conflict's, which is reported.
    static func inConflict(_ output: ThreeWayMergeOutput) -> [Bool] {
        var inConflict = [Bool](repeating: false, count: output.pieces.count)
        for span in output.conflicts {
            for index in span.dominant.lowerBound..<max(span.dominant.lowerBound, span.subordinate.upperBound) where index < inConflict.count {
                inConflict[index] = true
            }
        }
        return inConflict
    }

    /// The words no text has at their place, read at every seam, or with `regions` (sorted
    /// output ranges, from ``ChangedOutput``) only at the seams inside them, where a merge done
    /// again can differ from the one audited before.
    func violations(in output: ThreeWayMergeOutput, offsets: [Int], inConflict: [Bool], regions: [Range<Int>]? = nil) -> Findings {
        let pieces = output.pieces
        guard !pieces.isEmpty else { return Findings() }
        // The merged text once, in one buffer: reading it piece by piece at every seam cost
        // more than the merge.
        let bytes = policy.bytes(of: pieces)
        return bytes.withUnsafeBufferPointer { buffer in
            let output = AuditedOutput(pieces: pieces, offsets: offsets, policy: policy, text: WordUnits(bytes: buffer))
            var found = Findings()
            var checkedUpTo = 0
            var region = 0
            // The seams between pieces, and the text's two ends: a piece there may still cut a
            // word of its source.
            for index in 0...pieces.count {
                let seam = offsets[index]
                if let regions {
                    while region < regions.count, regions[region].upperBound < seam { region += 1 }
                    guard region < regions.count, regions[region].lowerBound <= seam else { continue }
                }
                if index > 0, inConflict[index - 1] { continue }
                if index < pieces.count, inConflict[index] { continue }
                if index > 0, index < pieces.count, pieces[index].range.isEmpty { continue }
                let words = output.words(touching: seam)
                // Most seams join two pieces that follow each other in one text (unchanged text
                // and one side's change): a word well inside the two is that text's word there,
                // as its edges and their neighbours are that text's bytes.
                if index > 0, index < pieces.count, follow(pieces[index - 1], pieces[index]) {
                    let margin = 8
                    if words.allSatisfy({ $0.range.lowerBound >= offsets[index - 1] + margin && $0.range.upperBound + margin <= offsets[index + 1] }) {
                        continue
                    }
                }
                for word in words where word.range.upperBound > checkedUpTo {
                    checkedUpTo = word.range.upperBound
                    if output.crossesConflict(word.range, inConflict) { continue }
                    if !isWhole(word, output) {
                        found.spans.append(ancestorSpan(of: word.range, output))
                        found.words.append(word.range)
                    }
                }
            }
            let moved = movedLineViolations(
                pieces, offsets: offsets, inConflict: inConflict, output: buffer, regions: regions,
                ancestorSpan: { ancestorSpan(of: $0, output) }
            )
            found.spans += moved.spans
            found.words = (found.words + moved.words).sorted { $0.lowerBound < $1.lowerBound }
            return found
        }
    }

    /// Whether `second` continues `first` in one text: the same source, or the ancestor and a
    /// side that left that ancestor text in place right there.
    private func follow(_ first: MergePiece, _ second: MergePiece) -> Bool {
        switch (first.source, second.source) {
        case (.ancestor, .ancestor), (.dominant, .dominant), (.subordinate, .subordinate):
            return first.range.upperBound == second.range.lowerBound
        case (.ancestor, .dominant) where second.origin == .dominant:
            return dominant.sideRange(ofAncestor: first.range)?.upperBound == second.range.lowerBound
        case (.ancestor, .subordinate) where second.origin == .subordinate:
            return subordinate.sideRange(ofAncestor: first.range)?.upperBound == second.range.lowerBound
        case (.dominant, .ancestor) where first.origin == .dominant:
            return dominant.sideRange(ofAncestor: second.range)?.lowerBound == first.range.upperBound
        case (.subordinate, .ancestor) where first.origin == .subordinate:
            return subordinate.sideRange(ofAncestor: second.range)?.lowerBound == first.range.upperBound
        default:
            return false
        }
    }

    /// Whether the output's `word` is a whole word of one text, read there in one run. An end
    /// cut at ``WordUnits/window`` is not judged: a run that long is no word a reader reads.
    private func isWhole(_ word: AuditedWord, _ output: AuditedOutput) -> Bool {
        for source in [MergeSource.dominant, .subordinate, .ancestor] {
            guard let range = output.sourceRange(of: word.range, in: source, audit: self) else { continue }
            let text = WordUnits(bytes: policy.buffer(source))
            if (word.cutAtStart || !text.isInsideWord(range.lowerBound)) && (word.cutAtEnd || !text.isInsideWord(range.upperBound)) {
                return true
            }
        }
        return false
    }

    /// Where a piece's `part` of its source sits in `source` (the ancestor or a side), or nil
    /// when that text has no copy of it at that place: a piece of the ancestor is where the
    /// side left it unchanged; a change both sides made identically is in both sides.
    func range(of part: Range<Int>, from piece: MergePiece, in source: MergeSource) -> Range<Int>? {
        if piece.source == source { return part }
        switch (piece.source, source) {
        case (.ancestor, .dominant): return dominant.sideRange(ofAncestor: part)
        case (.ancestor, .subordinate): return subordinate.sideRange(ofAncestor: part)
        case (.dominant, .subordinate) where piece.origin == .both:
            return dominant.twinRange(of: part, in: subordinate)
        case (.subordinate, .dominant) where piece.origin == .both:
            return subordinate.twinRange(of: part, in: dominant)
        default: return nil
        }
    }

    /// The ancestor range the pieces of `word` stand for.
    private func ancestorSpan(of word: Range<Int>, _ output: AuditedOutput) -> ElementSpan {
        var lower = Int.max
        var upper = Int.min
        output.forEachPart(of: word) { piece, part in
            let range: Range<Int>
            switch piece.source {
            case .ancestor: range = part
            case .dominant: range = Self.join(dominant.ancestorRange(ofSide: part.lowerBound), dominant.ancestorRange(ofSide: part.upperBound - 1))
            case .subordinate: range = Self.join(subordinate.ancestorRange(ofSide: part.lowerBound), subordinate.ancestorRange(ofSide: part.upperBound - 1))
            case .separator: return
            }
            lower = min(lower, range.lowerBound)
            upper = max(upper, range.upperBound)
        }
        guard lower <= upper else { return ElementSpan(lowerBound: 0, upperBound: 0) }
        return ElementSpan(lowerBound: lower, upperBound: upper)
    }

    private static func join(_ first: Range<Int>, _ second: Range<Int>) -> Range<Int> {
        min(first.lowerBound, second.lowerBound)..<max(first.upperBound, second.upperBound)
    }
}

/// A word of the output found at a seam, and whether the search cut it at either end
/// (at ``WordUnits/window`` bytes from the seam).
private struct AuditedWord {
    var range: Range<Int>
    var cutAtStart = false
    var cutAtEnd = false
}

/// The merged output as pieces, read near a seam without building the whole text.
private struct AuditedOutput {
    let pieces: [MergePiece]
    let offsets: [Int]
    let policy: TextMergePolicy
    /// The merged text's bytes.
    let text: WordUnits
    /// Where the last piece search ended.
    let cursor = PieceCursor()

    var count: Int { offsets[offsets.count - 1] }

    /// The words ending at, starting at or running across output offset `seam`.
    func words(touching seam: Int) -> [AuditedWord] {
        let bytes = text.bytes
        // Most seams sit between lines or spaces: two ASCII bytes that are neither word
        // characters nor joiners touch no word.
        let before = seam > 0 ? bytes[seam - 1] : 0x20
        let after = seam < bytes.count ? bytes[seam] : 0x20
        if before < 0x80, after < 0x80, !Self.mayTouchWord(before), !Self.mayTouchWord(after) { return [] }
        func word(_ lower: Int, _ upper: Int) -> AuditedWord {
            AuditedWord(range: lower..<upper, cutAtStart: text.isInsideWord(lower), cutAtEnd: text.isInsideWord(upper))
        }
        if text.isInsideWord(seam) {
            return [word(text.wordStart(endingAt: seam), text.wordEnd(startingAt: seam))]
        }
        var words: [AuditedWord] = []
        // A joiner at the seam ("-costs" left of a cut "1.2.3-costs") belongs to the word
        // beyond it in its source: that word is read too.
        var left = seam
        if let (scalar, length) = text.scalar(before: seam), WordUnits.isJoiner(scalar), text.endsWordCharacter(at: seam - length) {
            left -= length
        }
        var right = seam
        if let (scalar, length) = text.scalar(at: seam), WordUnits.isJoiner(scalar), text.startsWordCharacter(at: seam + length) {
            right += length
        }
        if text.endsWordCharacter(at: left) {
            var lower = text.wordStart(endingAt: left)
            if lower == left, let (_, length) = text.scalar(before: left) { lower -= length }
            words.append(word(lower, left))
        }
        if text.startsWordCharacter(at: right) {
            var upper = text.wordEnd(startingAt: right)
            if upper == right, let (_, length) = text.scalar(at: right) { upper += length }
            words.append(word(right, upper))
        }
        return words
    }

    /// Whether an ASCII byte is a word character or a joiner (see ``WordUnits``).
    private static func mayTouchWord(_ byte: UInt8) -> Bool {
        CharacterClass(asciiByte: byte) == .word || WordUnits.isJoiner(Unicode.Scalar(byte))
    }

    /// Whether any piece of `word` lies in a reported conflict.
    func crossesConflict(_ word: Range<Int>, _ inConflict: [Bool]) -> Bool {
        guard var index = pieceIndex(containing: word.lowerBound) else { return false }
        while index < pieces.count, offsets[index] < word.upperBound {
            if inConflict[index] { return true }
            index += 1
        }
        return false
    }

    /// Calls `body` with each piece overlapping the output's `range` and the part of the
    /// piece's source range that falls in it.
    func forEachPart(of range: Range<Int>, _ body: (MergePiece, Range<Int>) -> Void) {
        guard !range.isEmpty, var index = pieceIndex(containing: range.lowerBound) else { return }
        while index < pieces.count, offsets[index] < range.upperBound {
            let piece = pieces[index]
            let lower = max(range.lowerBound, offsets[index]) - offsets[index]
            let upper = min(range.upperBound, offsets[index + 1]) - offsets[index]
            if lower < upper {
                body(piece, (piece.range.lowerBound + lower)..<(piece.range.lowerBound + upper))
            }
            index += 1
        }
    }

    /// The range of `source` (the ancestor, or a side) that spells the output's `range` in one
    /// run, or nil when some part of it is not a copy of that text at that place.
    func sourceRange(of range: Range<Int>, in source: MergeSource, audit: WordAudit) -> Range<Int>? {
        var lower: Int? = nil
        var upper: Int? = nil
        var contiguous = true
        forEachPart(of: range) { piece, part in
            guard contiguous else { return }
            guard let mapped = audit.range(of: part, from: piece, in: source), upper == nil || upper == mapped.lowerBound else {
                contiguous = false
                return
            }
            if lower == nil { lower = mapped.lowerBound }
            upper = mapped.upperBound
        }
        guard contiguous, let lower, let upper else { return nil }
        return lower..<upper
    }

    /// The index of the non-empty piece holding output offset `offset`.
    ///
    /// Seams are read in order and a word lies within a few pieces of its seam, so the search
    /// walks from the piece found last (``cursor``) instead of bisecting the whole list, whose
    /// far ends a long text's cache no longer holds.
    func pieceIndex(containing offset: Int) -> Int? {
        guard offset >= 0, offset < count else { return nil }
        var index = min(cursor.index, pieces.count - 1)
        while index > 0, offsets[index] > offset { index -= 1 }
        while index < pieces.count, offsets[index + 1] <= offset { index += 1 }
        guard index < pieces.count else { return nil }
        cursor.index = index
        return index
    }
}

/// The piece ``AuditedOutput/pieceIndex(containing:)`` found last.
private final class PieceCursor {
    var index = 0
}
