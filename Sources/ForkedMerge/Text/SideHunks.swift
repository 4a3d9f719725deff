/// One side's hunks as the text merge applies them, and those of its exact diff the merge sets
/// aside.
///
/// A hunk that only changes the Unicode normalisation of a word the other side changed gives
/// way to that change (``SharedWordHunks``): the merge does not apply it. Its text still sits in
/// the side, though, usually with another length than the ancestor's ("é" as one scalar or as
/// "e" and a combining accent), so every position of the side past it is worked out from the
/// exact diff, ``exact``, never from the applied hunks alone: a range grown from the applied
/// hunks only would end that many bytes off, past the side's end at the last word.
struct SideHunks: Equatable {
    /// The hunks the merge applies, sorted and coalesced.
    var applied: [DiffHunk]
    /// The side's hunks the merge does not apply, sorted.
    var setAside: [DiffHunk] = []

    /// Every hunk of the side, sorted by position: the side's exact diff.
    var exact: [DiffHunk] { Self.exact(applied, setAside) }

    /// `applied` and `setAside` as one sorted list (both hold positions of the same side text).
    static func exact(_ applied: [DiffHunk], _ setAside: [DiffHunk]) -> [DiffHunk] {
        guard !setAside.isEmpty else { return applied }
        return (applied + setAside).sorted { ($0.side.lowerBound, $0.ancestor.lowerBound) < ($1.side.lowerBound, $1.ancestor.lowerBound) }
    }

    /// The hunks with every hunk touching one of `growth` (ancestor ranges) joined into one
    /// applied hunk covering it; a hunk set aside there is applied as part of it.
    ///
    /// The side range of a joined hunk is counted over the exact diff, so it spells the side's
    /// text there exactly, set-aside hunks before it included.
    func grown(to growth: [ElementSpan]) -> SideHunks {
        guard !growth.isEmpty else { return self }
        let regions = growth.sorted { $0.lowerBound < $1.lowerBound }
        let all = setAside.isEmpty
            ? applied.map { (hunk: $0, isApplied: true) }
            : Self.exact(applied, setAside).map { hunk in (hunk: hunk, isApplied: !setAside.contains(hunk)) }
        var result = SideHunks(applied: [], setAside: [])
        result.applied.reserveCapacity(applied.count)
        var delta = 0   // side length minus ancestor length of the hunks already passed
        var index = 0
        var regionIndex = 0
        while index < all.count {
            let (hunk, isApplied) = all[index]
            // A region ending before this hunk was joined already, or holds none of this side's hunks.
            while regionIndex < regions.count, regions[regionIndex].upperBound < hunk.ancestor.lowerBound { regionIndex += 1 }
            guard regionIndex < regions.count, regions[regionIndex].lowerBound <= hunk.ancestor.upperBound,
                  hunk.ancestor.lowerBound <= regions[regionIndex].upperBound else {
                if isApplied { result.applied.append(hunk) } else { result.setAside.append(hunk) }
                delta += hunk.side.count - hunk.ancestor.count
                index += 1
                continue
            }
            // Join the region, overlapping regions and every hunk touching them.
            var lower = min(regions[regionIndex].lowerBound, hunk.ancestor.lowerBound)
            var upper = max(regions[regionIndex].upperBound, hunk.ancestor.upperBound)
            let sideLower = lower + delta
            var innerDelta = 0
            while true {
                var grew = false
                while regionIndex < regions.count, regions[regionIndex].lowerBound <= upper {
                    upper = max(upper, regions[regionIndex].upperBound)
                    regionIndex += 1
                    grew = true
                }
                while index < all.count, all[index].hunk.ancestor.lowerBound <= upper {
                    upper = max(upper, all[index].hunk.ancestor.upperBound)
                    lower = min(lower, all[index].hunk.ancestor.lowerBound)
                    innerDelta += all[index].hunk.side.count - all[index].hunk.ancestor.count
                    index += 1
                    grew = true
                }
                if !grew { break }
            }
            result.applied.append(DiffHunk(ancestor: lower..<upper, side: sideLower..<(upper + delta + innerDelta)))
            delta += innerDelta
        }
        result.applied.coalesce()
        return result
    }
}
