/// A two-way diff of integer sequences (elements interned to IDs), fast on long inputs.
///
/// Common prefixes and suffixes are trimmed first. A small region is then diffed with Myers'
/// greedy algorithm; a large one is split at patience anchors (elements occurring exactly once
/// on each side, kept in order by a longest increasing subsequence) and each gap is diffed the
/// same way. A region without anchors gets a Myers diff bounded in work, and is treated as one
/// replacement when even that is too costly. This keeps the work near-linear on the long,
/// mostly-equal inputs merging sees, while small regions still get a minimal diff.
enum SequenceDiff {
    /// Budget of Myers steps (edit distance times region length) before falling back to anchors.
    static let myersWorkBudget = 2_000_000
    /// Regions up to this many elements (both sides together) go straight to Myers.
    static let myersDirectLimit = 1_024
    /// Largest edit distance Myers explores, bounding the memory of its trace.
    static let myersMaximumDistance = 1_500

    /// Returns the hunks turning `ancestor` into `side`, sorted and coalesced; `anchored` as in
    /// ``hunks(_:_:workspace:anchored:)``.
    static func hunks(_ ancestor: [Int], _ side: [Int], anchored: Bool = false) -> [DiffHunk] {
        ancestor.withUnsafeBufferPointer { a in
            side.withUnsafeBufferPointer { b in hunks(a, b, workspace: DiffWorkspace(), anchored: anchored) }
        }
    }

    /// Returns the hunks turning `ancestor` into `side`, using `workspace` for scratch memory.
    ///
    /// With `anchored`, every region is first split at elements unique on both sides (patience
    /// diff), however small: for lines, that keeps a unique line matched to itself instead of
    /// letting a minimal diff trade it for a few blank lines and align it with an unrelated line.
    static func hunks<Element: FixedWidthInteger>(
        _ ancestor: UnsafeBufferPointer<Element>, _ side: UnsafeBufferPointer<Element>, workspace: DiffWorkspace,
        anchored: Bool = false
    ) -> [DiffHunk] {
        var result: [DiffHunk] = []
        appendHunks(ancestor, side, workspace: workspace, anchored: anchored, into: &result)
        return result
    }

    /// Appends the hunks of ``hunks(_:_:workspace:anchored:)`` to `result`, moved by
    /// `ancestorOffset` and `sideOffset`: the many small diffs of a merge allocate nothing.
    static func appendHunks<Element: FixedWidthInteger>(
        _ ancestor: UnsafeBufferPointer<Element>, _ side: UnsafeBufferPointer<Element>, workspace: DiffWorkspace,
        anchored: Bool = false, offsetBy ancestorOffset: Int = 0, _ sideOffset: Int = 0, into result: inout [DiffHunk]
    ) {
        var matches = DiffWorkspace.take(&workspace.matches)
        defer { swap(&matches, &workspace.matches) }
        collectMatches(ancestor, side, into: &matches, workspace: workspace, anchored: anchored)
        appendHunks(
            fromMatches: matches, ancestorCount: ancestor.count, sideCount: side.count,
            offsetBy: ancestorOffset, sideOffset, into: &result
        )
    }

    /// Returns the hunks between two sequences of hash IDs, or `nil` when a run of elements the
    /// diff matched turns out to differ (a hash collision), so the caller can fall back to exact IDs.
    ///
    /// `equalRuns(a, b, count)` says whether `count` elements from `a` and from `b` are pairwise
    /// equal. It is asked once per run of matched elements rather than once per pair: units cut
    /// from a text by its content (lines, tokens) are pairwise equal exactly when the runs' bytes
    /// are, and one comparison of the run's bytes costs a fraction of one per unit.
    static func verifiedHunks(
        _ ancestor: UnsafeBufferPointer<Int>, _ side: UnsafeBufferPointer<Int>, workspace: DiffWorkspace,
        anchored: Bool = false, equalRuns: (_ a: Int, _ b: Int, _ count: Int) -> Bool
    ) -> [DiffHunk]? {
        var hunks: [DiffHunk] = []
        return verifiedHunks(ancestor, side, workspace: workspace, anchored: anchored, into: &hunks, equalRuns: equalRuns) ? hunks : nil
    }

    /// ``verifiedHunks(_:_:workspace:anchored:equalRuns:)`` into `hunks` (emptied first); returns
    /// whether every matched run is equal.
    static func verifiedHunks(
        _ ancestor: UnsafeBufferPointer<Int>, _ side: UnsafeBufferPointer<Int>, workspace: DiffWorkspace,
        anchored: Bool = false, into hunks: inout [DiffHunk], equalRuns: (_ a: Int, _ b: Int, _ count: Int) -> Bool
    ) -> Bool {
        hunks.removeAll(keepingCapacity: true)
        appendHunks(ancestor, side, workspace: workspace, anchored: anchored, into: &hunks)
        var a = 0
        var b = 0
        for index in 0...hunks.count {
            let end = index < hunks.count ? hunks[index].ancestor.lowerBound : ancestor.count
            if a < end, !equalRuns(a, b, end - a) { return false }
            guard index < hunks.count else { break }
            a = hunks[index].ancestor.upperBound
            b = hunks[index].side.upperBound
        }
        return true
    }

    /// Array convenience for ``verifiedHunks(_:_:workspace:anchored:equalRuns:)``.
    static func verifiedHunks(
        _ ancestor: [Int], _ side: [Int], workspace: DiffWorkspace, anchored: Bool = false,
        equalRuns: (_ a: Int, _ b: Int, _ count: Int) -> Bool
    ) -> [DiffHunk]? {
        ancestor.withUnsafeBufferPointer { a in
            side.withUnsafeBufferPointer { b in verifiedHunks(a, b, workspace: workspace, anchored: anchored, equalRuns: equalRuns) }
        }
    }

    /// A run of equal elements: `ancestor[a..<a+length] == side[b..<b+length]`.
    struct MatchRun {
        var a: Int
        var b: Int
        var length: Int
    }

    /// Work items processed in order with an explicit stack, so deep recursion cannot overflow.
    enum Task {
        /// A region to diff; `searched` when it is the rest of a region whose anchors were
        /// looked for already and whose search stopped partway (see ``MyersDiff/Outcome/partial(x:y:)``):
        /// looking for anchors again at every step would cost the region's length each time.
        case region(aLow: Int, aHigh: Int, bLow: Int, bHigh: Int, searched: Bool = false)
        case match(MatchRun)
    }

    private static func collectMatches<Element: FixedWidthInteger>(
        _ a: UnsafeBufferPointer<Element>, _ b: UnsafeBufferPointer<Element>, into matches: inout [MatchRun],
        workspace: DiffWorkspace, anchored: Bool
    ) {
        var stack = DiffWorkspace.take(&workspace.stack)
        defer { swap(&stack, &workspace.stack) }
        stack.append(.region(aLow: 0, aHigh: a.count, bLow: 0, bHigh: b.count))
        while let task = stack.popLast() {
            switch task {
            case .match(let run):
                append(run, to: &matches)
            case .region(var aLow, var aHigh, var bLow, var bHigh, let searched):
                var prefix = 0
                while aLow + prefix < aHigh, bLow + prefix < bHigh, a[aLow + prefix] == b[bLow + prefix] { prefix += 1 }
                if prefix > 0 { append(MatchRun(a: aLow, b: bLow, length: prefix), to: &matches) }
                aLow += prefix
                bLow += prefix
                var suffix = 0
                while aHigh - suffix > aLow, bHigh - suffix > bLow, a[aHigh - suffix - 1] == b[bHigh - suffix - 1] { suffix += 1 }
                aHigh -= suffix
                bHigh -= suffix
                if suffix > 0 { stack.append(.match(MatchRun(a: aHigh, b: bHigh, length: suffix))) }
                if aLow == aHigh || bLow == bHigh { continue }
                // One element against several (a replaced token, a single changed character):
                // at most one match is possible, found without Myers' bookkeeping.
                if aHigh - aLow == 1 || bHigh - bLow == 1 {
                    if aHigh - aLow == 1 {
                        if let j = (bLow..<bHigh).first(where: { b[$0] == a[aLow] }) {
                            append(MatchRun(a: aLow, b: j, length: 1), to: &matches)
                        }
                    } else if let i = (aLow..<aHigh).first(where: { a[$0] == b[bLow] }) {
                        append(MatchRun(a: i, b: bLow, length: 1), to: &matches)
                    }
                    continue
                }

                // Two small regions without an element in common (two unrelated words, letter by
                // letter) match nothing: Myers would explore every diagonal to find that out.
                if aHigh - aLow + bHigh - bLow <= disjointTestLimit,
                   elementMask(a, aLow..<aHigh) & elementMask(b, bLow..<bHigh) == 0 { continue }

                let total = (aHigh - aLow) + (bHigh - bLow)
                // Small regions get a minimal diff; large ones are split at anchors first, and
                // only fall back to a (bounded) Myers search when no anchor exists.
                var anchors: [PatienceAnchors.Anchor] = []
                if !searched && (total > myersDirectLimit || anchored) {
                    let found = PatienceAnchors.findWithSharing(a, aLow..<aHigh, b, bLow..<bHigh)
                    // Nothing in common (every line of a block changed): one replacement.
                    guard found.sharing else { continue }
                    anchors = found.anchors
                }
                if anchors.isEmpty {
                    // One search is bounded in distance (its memory) and all of a block's
                    // searches together in work (``DiffWorkspace/searchBudget``). A region too
                    // different for its bound keeps the path to the furthest point reached and
                    // the rest is diffed the same way, so dense edits still pair most of their
                    // elements instead of becoming one replacement.
                    let allowedDistance = min(myersMaximumDistance, max(64, myersWorkBudget / total))
                    var work = 0
                    let outcome = MyersDiff.matches(
                        a, aLow..<aHigh, b, bLow..<bHigh, maximumDistance: allowedDistance,
                        maximumWork: workspace.searchBudget ?? .max, partial: true, work: &work, workspace: workspace, into: &matches
                    )
                    workspace.charge(work)
                    switch outcome {
                    case .complete:
                        continue
                    case .partial(let x, let y):
                        stack.append(.region(aLow: aLow + x, aHigh: aHigh, bLow: bLow + y, bHigh: bHigh, searched: true))
                        continue
                    case .none:
                        if total <= myersDirectLimit { anchors = PatienceAnchors.find(a, aLow..<aHigh, b, bLow..<bHigh) }
                    }
                }
                if anchors.isEmpty { continue }
                // Push in reverse: gap after the last anchor first, so regions pop in order.
                // Room for all of them at once: growing by doubling through tens of thousands of
                // line anchors copied the stack into fresh pages again and again.
                stack.reserveCapacity(stack.count + 2 * anchors.count + 1)
                var nextA = aHigh
                var nextB = bHigh
                for anchor in anchors.reversed() {
                    // Anchors next to each other on both sides (unchanged lines in a row) leave
                    // no region between them to diff.
                    if anchor.a + 1 < nextA || anchor.b + 1 < nextB {
                        stack.append(.region(aLow: anchor.a + 1, aHigh: nextA, bLow: anchor.b + 1, bHigh: nextB))
                    }
                    stack.append(.match(MatchRun(a: anchor.a, b: anchor.b, length: 1)))
                    nextA = anchor.a
                    nextB = anchor.b
                }
                stack.append(.region(aLow: aLow, aHigh: nextA, bLow: bLow, bHigh: nextB))
            }
        }
    }

    /// Regions up to this many elements (both sides together) are first tested for having no
    /// element in common (``elementMask(_:_:)``).
    static let disjointTestLimit = 64

    /// A 64-bit summary of the elements of `elements[range]`: each sets the bit its low six bits
    /// name. Two regions whose masks share no bit share no element; the converse does not hold.
    @inline(__always)
    static func elementMask<Element: FixedWidthInteger>(_ elements: UnsafeBufferPointer<Element>, _ range: Range<Int>) -> UInt64 {
        var mask: UInt64 = 0
        for index in range { mask |= 1 &<< UInt64(truncatingIfNeeded: elements[index] & 63) }
        return mask
    }

    /// Appends a run, extending the previous one when they are contiguous.
    static func append(_ run: MatchRun, to matches: inout [MatchRun]) {
        guard run.length > 0 else { return }
        if let last = matches.last, last.a + last.length == run.a, last.b + last.length == run.b {
            matches[matches.count - 1].length += run.length
        } else {
            matches.append(run)
        }
    }

    /// Appends the hunks between ordered match runs to `result`, moved by the offsets.
    private static func appendHunks(
        fromMatches matches: [MatchRun], ancestorCount: Int, sideCount: Int,
        offsetBy ancestorOffset: Int, _ sideOffset: Int, into result: inout [DiffHunk]
    ) {
        // A hunk between every two runs of matches at most: one growth, not a doubling series
        // (and at least doubling, as this appends to arrays built up over many calls).
        let needed = result.count + matches.count + 1
        if result.capacity < needed { result.reserveCapacity(max(needed, 2 * result.capacity)) }
        var a = 0
        var b = 0
        for run in matches {
            if run.a > a || run.b > b {
                result.append(DiffHunk(ancestor: (a + ancestorOffset)..<(run.a + ancestorOffset), side: (b + sideOffset)..<(run.b + sideOffset)))
            }
            a = run.a + run.length
            b = run.b + run.length
        }
        if a < ancestorCount || b < sideCount {
            result.append(DiffHunk(
                ancestor: (a + ancestorOffset)..<(ancestorCount + ancestorOffset), side: (b + sideOffset)..<(sideCount + sideOffset)
            ))
        }
    }
}
