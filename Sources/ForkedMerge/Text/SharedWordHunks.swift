/// Hunks of the two sides that change one word, grown to that word on both sides, so the
/// merge sees two rewrites of the word (a conflict, or one change when both are the same)
/// instead of splicing both into it.
///
/// This is the merge's rule that two different changes to one word are a conflict, applied
/// before the merge by construction: for "budget" rewritten as "costs" and as "money", the
/// character diffs replace different letters and would both apply ("cosys"); grown to the
/// word, both replace "budget" and the merge keeps "costs money" as a conflict. A hunk
/// changes a word when it replaces characters of it, or when what it leaves at either edge
/// glues onto the word (an insertion typed against it, a deletion that joins two words).
/// Words are ``WordUnits``'; changes to different words of one line stay character-precise.
struct SharedWordHunks {
    let ancestor: UnsafeBufferPointer<UInt8>
    let policy: TextMergePolicy

    /// Both sides' hunks, with every pair that changes one word grown to the words both
    /// change. A hunk the other side made identically is one change applied once, and takes
    /// part in no pair; a hunk that only changed the Unicode normalisation of a word the other
    /// side changed gives way to that change: it is set aside (``SideHunks``).
    func grown(_ dominant: [DiffHunk], _ subordinate: [DiffHunk]) -> (SideHunks, SideHunks) {
        guard !dominant.isEmpty, !subordinate.isEmpty else { return (SideHunks(applied: dominant), SideHunks(applied: subordinate)) }
        let words = WordUnits(bytes: ancestor)
        let dominantWords = WordUnits(bytes: policy.dominant)
        let subordinateWords = WordUnits(bytes: policy.subordinate)
        let dominantSpans = dominant.map { span($0, ancestorWords: words, sideWords: dominantWords) }
        let subordinateSpans = subordinate.map { span($0, ancestorWords: words, sideWords: subordinateWords) }
        let (dominantTwins, subordinateTwins) = twins(dominant, subordinate)
        var growth: [ElementSpan] = []
        // Sets, as one hunk can pair with several of the other side's.
        var dominantDropped = Set<Int>()
        var subordinateDropped = Set<Int>()
        var first = 0
        for (index, hunk) in dominant.enumerated() where !dominantTwins[index] {
            let span = dominantSpans[index]
            while first < subordinate.count, subordinateSpans[first].upperBound < span.lowerBound { first += 1 }
            var other = first
            while other < subordinate.count, subordinateSpans[other].lowerBound <= span.upperBound {
                let otherSpan = subordinateSpans[other]
                if !subordinateTwins[other], Self.cutsOneWord(hunk, span, subordinate[other], otherSpan) {
                    if onlyNormalises(hunk, side: policy.dominant) {
                        dominantDropped.insert(index)
                    } else if onlyNormalises(subordinate[other], side: policy.subordinate) {
                        subordinateDropped.insert(other)
                    } else {
                        growth.append(ElementSpan(
                            lowerBound: min(span.lowerBound, otherSpan.lowerBound), upperBound: max(span.upperBound, otherSpan.upperBound)
                        ))
                    }
                }
                other += 1
            }
        }
        return (
            Self.settingAside(dominantDropped, of: dominant).grown(to: growth),
            Self.settingAside(subordinateDropped, of: subordinate).grown(to: growth)
        )
    }

    /// Which hunks of each side the other side made identically (same ancestor range, same text).
    private func twins(_ dominant: [DiffHunk], _ subordinate: [DiffHunk]) -> ([Bool], [Bool]) {
        var dominantTwins = [Bool](repeating: false, count: dominant.count)
        var subordinateTwins = [Bool](repeating: false, count: subordinate.count)
        var d = 0
        var s = 0
        while d < dominant.count, s < subordinate.count {
            let left = dominant[d].ancestor
            let right = subordinate[s].ancestor
            if left == right {
                if policy.sameContent(
                    [MergePiece(source: .dominant, range: dominant[d].side, origin: .dominant)],
                    [MergePiece(source: .subordinate, range: subordinate[s].side, origin: .subordinate)]
                ) {
                    dominantTwins[d] = true
                    subordinateTwins[s] = true
                }
                d += 1
                s += 1
            } else if (left.lowerBound, left.upperBound) < (right.lowerBound, right.upperBound) {
                d += 1
            } else {
                s += 1
            }
        }
        return (dominantTwins, subordinateTwins)
    }

    /// Whether a hunk's text is canonically equivalent to the ancestor's it replaces (the same
    /// characters in another Unicode normalisation form).
    private func onlyNormalises(_ hunk: DiffHunk, side: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !hunk.isInsertion, !hunk.side.isEmpty else { return false }
        let original = String(decoding: UnsafeBufferPointer(rebasing: ancestor[hunk.ancestor]), as: UTF8.self)
        let changed = String(decoding: UnsafeBufferPointer(rebasing: side[hunk.side]), as: UTF8.self)
        return original == changed
    }

    /// `hunks` with those at `indices` set aside.
    private static func settingAside(_ indices: Set<Int>, of hunks: [DiffHunk]) -> SideHunks {
        guard !indices.isEmpty else { return SideHunks(applied: hunks) }
        return SideHunks(
            applied: hunks.indices.filter { !indices.contains($0) }.map { hunks[$0] },
            setAside: indices.sorted().map { hunks[$0] }
        )
    }

    /// Whether two hunks of different sides change one word in ways the merge would splice:
    /// their word spans share a word, and one of them cuts into or glues onto it. Hunks the
    /// merge already judges as it should are left to it: insertions at one place (judged by
    /// ``TextMergePolicy/insertionsConflict(_:_:at:)``, which applies a repeated insertion
    /// once), an edit inside text the other side deleted (see ``yieldsInside(_:_:_:)``), and
    /// hunks that both end at word edges (their union or conflict keeps words whole, which
    /// ``WordAudit`` checks).
    static func cutsOneWord(_ first: DiffHunk, _ firstSpan: ElementSpan, _ second: DiffHunk, _ secondSpan: ElementSpan) -> Bool {
        guard shareWord(firstSpan, secondSpan), !(first.isInsertion && second.isInsertion && first.ancestor == second.ancestor) else {
            return false
        }
        if yieldsInside(first, firstSpan, second, secondSpan) || yieldsInside(second, secondSpan, first, firstSpan) { return false }
        return firstSpan.range != first.ancestor || secondSpan.range != second.ancestor
    }

    /// Whether `inner` is an edit inside text `outer` deleted, which the merge keeps as its
    /// whole word or lets yield, reported (``TextMergePolicy/survivingUnit(of:inserting:deletedBy:)``):
    /// `outer` deletes whole words (gluing none together) around every word `inner` changes,
    /// and `inner` types something; or `outer` mostly deletes (puts back at most a quarter of
    /// what it removes) around `inner` (a 70-digit run replaced by "abc" while the other side
    /// changed ten digits in its middle is the run deleted, not a word rewritten two ways).
    /// Rewrites of comparable size ("Tuesday" as "Friday" and as "Thursday"), a deletion that
    /// glues two words, and part of a word deleted inside the other side's deletion of it are
    /// two changes of one word.
    static func yieldsInside(_ outer: DiffHunk, _ outerSpan: ElementSpan, _ inner: DiffHunk, _ innerSpan: ElementSpan) -> Bool {
        if outer.side.isEmpty, outerSpan.range == outer.ancestor, !inner.side.isEmpty,
           outer.ancestor.lowerBound <= innerSpan.lowerBound, innerSpan.upperBound <= outer.ancestor.upperBound {
            return true
        }
        return !outer.side.isEmpty && !inner.side.isEmpty && outer.side.count * 4 <= outer.ancestor.count
            && outer.ancestor.lowerBound < inner.ancestor.lowerBound && inner.ancestor.upperBound < outer.ancestor.upperBound
    }

    /// Whether two hunks' word spans share a character, or one inserts strictly inside the other's.
    static func shareWord(_ first: ElementSpan, _ second: ElementSpan) -> Bool {
        switch (first.isEmpty, second.isEmpty) {
        case (false, false): return first.overlaps(second)
        case (true, false): return second.lowerBound < first.lowerBound && first.lowerBound < second.upperBound
        case (false, true): return first.lowerBound < second.lowerBound && second.lowerBound < first.upperBound
        case (true, true): return false
        }
    }

    /// The ancestor range of the words a hunk changes: its own range, grown over the word at
    /// either edge that it cuts into (in the ancestor) or glues onto (in the side).
    func span(_ hunk: DiffHunk, ancestorWords: WordUnits, sideWords: WordUnits) -> ElementSpan {
        var lower = hunk.ancestor.lowerBound
        if ancestorWords.isInsideWord(lower) || sideWords.isInsideWord(hunk.side.lowerBound) {
            lower = ancestorWords.wordStart(endingAt: lower)
        }
        var upper = hunk.ancestor.upperBound
        if ancestorWords.isInsideWord(upper) || sideWords.isInsideWord(hunk.side.upperBound) {
            upper = ancestorWords.wordEnd(startingAt: upper)
        }
        return ElementSpan(lowerBound: lower, upperBound: upper)
    }
}
