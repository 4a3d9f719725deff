/// Clean-ups applied to a minimal character diff so hunks land where a person would put them.
extension CharacterRefinement {
    /// Joins two hunks when the unchanged run between them is shorter than each of them and is
    /// only a fragment of a word (letters a rewrite happened to keep, like the "o" of
    /// "hello" rewritten to "foo"). Whole words and whitespace are never absorbed: they are real
    /// common text, and absorbing them would turn kept text into conflicting insertions.
    static func absorbShortEqualities<Classes: CharacterClasses>(_ hunks: inout [DiffHunk], count: Int, _ classes: Classes) {
        var index = 0
        while index + 1 < hunks.count {
            let current = hunks[index]
            let next = hunks[index + 1]
            let gap = next.ancestor.lowerBound - current.ancestor.upperBound
            let currentSize = max(current.ancestor.count, current.side.count)
            let nextSize = max(next.ancestor.count, next.side.count)
            let gapRange = current.ancestor.upperBound..<next.ancestor.lowerBound
            let isShort = gap < currentSize && gap < nextSize
            if isShort, gapRange.allSatisfy({ classes[$0] == .word }),
               (gapRange.lowerBound > 0 && classes[gapRange.lowerBound - 1] == .word)
                || (gapRange.upperBound < count && classes[gapRange.upperBound] == .word) {
                hunks[index] = DiffHunk(
                    ancestor: current.ancestor.lowerBound..<next.ancestor.upperBound,
                    side: current.side.lowerBound..<next.side.upperBound
                )
                hunks.remove(at: index + 1)
                if index > 0 { index -= 1 }
            } else {
                index += 1
            }
        }
    }

    /// Moves pure insertions and deletions within their unchanged surroundings to the best boundary.
    static func slide<Element: FixedWidthInteger, ClassesA: CharacterClasses, ClassesB: CharacterClasses>(
        _ hunks: inout [DiffHunk], _ a: UnsafeBufferPointer<Element>, _ b: UnsafeBufferPointer<Element>,
        classA classesA: ClassesA, classB classesB: ClassesB,
        context: Context
    ) {
        for index in hunks.indices {
            let hunk = hunks[index]
            // Keep at least one unchanged element between neighbouring hunks.
            let lowest = index > 0 ? hunks[index - 1].ancestor.upperBound + 1 : 0
            let highest = index + 1 < hunks.count ? hunks[index + 1].ancestor.lowerBound - 1 : a.count
            if hunk.isInsertion, !hunk.side.isEmpty {
                var p = hunk.ancestor.lowerBound
                var s = hunk.side.lowerBound
                var e = hunk.side.upperBound
                while p > lowest, b[e - 1] == a[p - 1] { p -= 1; s -= 1; e -= 1 }
                var best = (score: Int.min, p: p, s: s)
                while true {
                    let before = s > 0 ? classesB[s - 1] : context.before
                    let after = e < b.count ? classesB[e] : context.after
                    let score = CharacterClass.boundaryScore(before, classesB[s]) + CharacterClass.boundaryScore(classesB[e - 1], after)
                    if score >= best.score { best = (score, p, s) }
                    guard p < highest, p < a.count, b[s] == a[p] else { break }
                    p += 1; s += 1; e += 1
                }
                hunks[index] = DiffHunk(ancestor: best.p..<best.p, side: best.s..<(best.s + hunk.side.count))
            } else if hunk.side.isEmpty, !hunk.ancestor.isEmpty {
                var p = hunk.ancestor.lowerBound
                var q = hunk.ancestor.upperBound
                var s = hunk.side.lowerBound
                while p > lowest, a[q - 1] == a[p - 1] { p -= 1; q -= 1; s -= 1 }
                var best = (score: Int.min, p: p, s: s)
                while true {
                    let before = p > 0 ? classesA[p - 1] : context.before
                    let after = q < a.count ? classesA[q] : context.after
                    let score = CharacterClass.boundaryScore(before, classesA[p]) + CharacterClass.boundaryScore(classesA[q - 1], after)
                    if score >= best.score { best = (score, p, s) }
                    guard q < highest, q < a.count, a[p] == a[q] else { break }
                    p += 1; q += 1; s += 1
                }
                hunks[index] = DiffHunk(ancestor: best.p..<(best.p + hunk.ancestor.count), side: best.s..<best.s)
            }
        }
    }
}
