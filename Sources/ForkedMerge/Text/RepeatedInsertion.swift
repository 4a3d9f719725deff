/// An insertion one side made that the other side also typed at the same place, found even
/// when the other side's diff lined its change up differently.
///
/// For "`isize`, or `usize`" edited to "`u128`, `i128`, `isize`, or `usize`" on one side (an
/// insertion at the start) and to "`u128`, `i128`, `usize`, or `isize`" on the other (the same
/// insertion, and two words swapped), the second side's diff keeps the backticks, commas and
/// "or" in common and replaces "isize" by "u128" at the start: the identical text typed on
/// both sides lands in two groups that do not touch, and both are applied ("`u128`, `i128`,
/// `u128`, `i128`, ..."). Where the other side's text at the insertion's place starts with the
/// inserted text, and its change on that line starts inside that text, its change is written
/// as that same insertion followed by the diff of the rest, so the merge applies the repeated
/// insertion once and keeps the rest of the change.
enum RepeatedInsertion {
    /// `other`'s hunks (turning `ancestor` into `otherSide`), with every change that starts by
    /// repeating one of `insertions` (turning `ancestor` into `insertingSide`) realigned to do so.
    static func realigned(
        _ other: [DiffHunk], side otherSide: UnsafeBufferPointer<UInt8>,
        toInsertionsOf insertions: [DiffHunk], side insertingSide: UnsafeBufferPointer<UInt8>,
        ancestor: UnsafeBufferPointer<UInt8>
    ) -> [DiffHunk] {
        guard !other.isEmpty else { return other }
        var result = other
        var changed = false
        for insertion in insertions where insertion.isInsertion && !insertion.side.isEmpty {
            let typed = insertion.side
            let position = insertion.ancestor.lowerBound
            // Whole lines inserted are the line diff's business; this is about text within a line.
            guard !TextSplitting.containsLineFeed(insertingSide, in: typed) else { continue }
            guard let rewritten = rewrite(
                result, at: position, repeating: UnsafeBufferPointer(rebasing: insertingSide[typed]),
                side: otherSide, ancestor: ancestor
            ) else { continue }
            result = rewritten
            changed = true
        }
        return changed ? result.coalesced() : other
    }

    /// `hunks` with their changes on the line of `position` rewritten as `text` inserted at
    /// `position` followed by the diff of the rest, or nil when they do not start by repeating it.
    private static func rewrite(
        _ hunks: [DiffHunk], at position: Int, repeating text: UnsafeBufferPointer<UInt8>,
        side: UnsafeBufferPointer<UInt8>, ancestor: UnsafeBufferPointer<UInt8>
    ) -> [DiffHunk]? {
        // Hunks are sorted and do not overlap: the first one reaching past `position` is found by
        // bisection (a scan per insertion made a 10 MB merge quadratic).
        var low = 0
        var high = hunks.count
        while low < high {
            let middle = (low + high) / 2
            let hunk = hunks[middle].ancestor
            if hunk.upperBound > position || hunk.lowerBound >= position { high = middle } else { low = middle + 1 }
        }
        let first = low
        guard first < hunks.count, hunks[first].ancestor.lowerBound >= position else { return nil }
        let start = hunks[first].ancestor.lowerBound
        // The same insertion at the same place is the merge's to judge; a change after a line
        // break is on another line.
        guard start > position || !hunks[first].isInsertion,
              !ancestor[position..<start].contains(0x0A),
              // A change ending where the insertion starts would be joined to it.
              first == 0 || hunks[first - 1].ancestor.upperBound < position else { return nil }
        // Where `position` lies in the side: before `first`, the side and the ancestor differ
        // by the hunks already passed.
        let delta = first == 0 ? 0 : hunks[first - 1].side.upperBound - hunks[first - 1].ancestor.upperBound
        let sideStart = position + delta
        // The change must start inside the repeated text, or the side simply keeps ancestor
        // text that happens to equal it.
        guard start - position < text.count else { return nil }
        let lineEnd = ancestor[position...].firstIndex(of: 0x0A).map { $0 + 1 } ?? ancestor.count
        var last = first
        while last + 1 < hunks.count, hunks[last + 1].ancestor.lowerBound < lineEnd { last += 1 }
        let ancestorEnd = max(hunks[last].ancestor.upperBound, start)
        let sideEnd = hunks[last].side.upperBound
        guard sideEnd - sideStart >= text.count,
              UnsafeBufferPointer(rebasing: side[sideStart..<(sideStart + text.count)]).elementsEqual(text) else { return nil }
        let rest = TextDiff.refine(
            ancestor, position..<ancestorEnd, side, (sideStart + text.count)..<sideEnd, workspace: DiffWorkspace()
        )
        var result = Array(hunks[..<first])
        result.append(DiffHunk(ancestor: position..<position, side: sideStart..<(sideStart + text.count)))
        result.append(contentsOf: rest.filter { !$0.ancestor.isEmpty || !$0.side.isEmpty })
        result.append(contentsOf: hunks[(last + 1)...])
        return result.coalesced()
    }
}
