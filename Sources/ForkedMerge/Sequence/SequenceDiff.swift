/// A two-way diff of integer sequences (elements interned to IDs), fast on long inputs.
///
/// Common prefixes and suffixes are trimmed first. A region is then diffed with Myers' greedy
/// algorithm when its edit distance stays small; a region too costly for that is split at
/// patience anchors (elements occurring exactly once on each side, kept in order by a longest
/// increasing subsequence) and each gap is diffed the same way. A gap without anchors that is
/// still too costly is treated as one replacement. This keeps the work near-linear on the long,
/// mostly-equal inputs merging sees, while small regions still get a minimal diff.
enum SequenceDiff {
    /// Budget of Myers steps (edit distance times region length) before falling back to anchors.
    static let myersWorkBudget = 4_000_000
    /// Largest edit distance Myers explores, bounding the memory of its trace.
    static let myersMaximumDistance = 1_500

    /// Returns the hunks turning `ancestor` into `side`, sorted and coalesced.
    static func hunks(_ ancestor: [Int], _ side: [Int]) -> [DiffHunk] {
        var matches: [MatchRun] = []
        ancestor.withUnsafeBufferPointer { a in
            side.withUnsafeBufferPointer { b in
                collectMatches(a, b, into: &matches)
            }
        }
        return hunks(fromMatches: matches, ancestorCount: ancestor.count, sideCount: side.count)
    }

    /// A run of equal elements: `ancestor[a..<a+length] == side[b..<b+length]`.
    struct MatchRun {
        var a: Int
        var b: Int
        var length: Int
    }

    /// Work items processed in order with an explicit stack, so deep recursion cannot overflow.
    private enum Task {
        case region(aLow: Int, aHigh: Int, bLow: Int, bHigh: Int)
        case match(MatchRun)
    }

    private static func collectMatches(
        _ a: UnsafeBufferPointer<Int>, _ b: UnsafeBufferPointer<Int>, into matches: inout [MatchRun]
    ) {
        var stack: [Task] = [.region(aLow: 0, aHigh: a.count, bLow: 0, bHigh: b.count)]
        while let task = stack.popLast() {
            switch task {
            case .match(let run):
                append(run, to: &matches)
            case .region(var aLow, var aHigh, var bLow, var bHigh):
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

                let total = (aHigh - aLow) + (bHigh - bLow)
                let allowedDistance = min(myersMaximumDistance, max(64, myersWorkBudget / total))
                if let runs = MyersDiff.matches(a, aLow..<aHigh, b, bLow..<bHigh, maximumDistance: allowedDistance) {
                    for run in runs { append(run, to: &matches) }
                    continue
                }
                let anchors = PatienceAnchors.find(a, aLow..<aHigh, b, bLow..<bHigh)
                if anchors.isEmpty { continue }
                // Push in reverse: gap after the last anchor first, so regions pop in order.
                var nextA = aHigh
                var nextB = bHigh
                for anchor in anchors.reversed() {
                    stack.append(.region(aLow: anchor.a + 1, aHigh: nextA, bLow: anchor.b + 1, bHigh: nextB))
                    stack.append(.match(MatchRun(a: anchor.a, b: anchor.b, length: 1)))
                    nextA = anchor.a
                    nextB = anchor.b
                }
                stack.append(.region(aLow: aLow, aHigh: nextA, bLow: bLow, bHigh: nextB))
            }
        }
    }

    private static func append(_ run: MatchRun, to matches: inout [MatchRun]) {
        guard run.length > 0 else { return }
        if let last = matches.last, last.a + last.length == run.a, last.b + last.length == run.b {
            matches[matches.count - 1].length += run.length
        } else {
            matches.append(run)
        }
    }

    /// Turns ordered match runs into the hunks between them.
    static func hunks(fromMatches matches: [MatchRun], ancestorCount: Int, sideCount: Int) -> [DiffHunk] {
        var result: [DiffHunk] = []
        var a = 0
        var b = 0
        for run in matches {
            if run.a > a || run.b > b {
                result.append(DiffHunk(ancestor: a..<run.a, side: b..<run.b))
            }
            a = run.a + run.length
            b = run.b + run.length
        }
        if a < ancestorCount || b < sideCount {
            result.append(DiffHunk(ancestor: a..<ancestorCount, side: b..<sideCount))
        }
        return result
    }
}
