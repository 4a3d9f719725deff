/// Slides whole-line insertions and deletions of a ``TextDifference`` onto line boundaries.
///
/// A diff cannot tell where a run is inserted when the text around it repeats it: adding
/// `"Version three line.\n"` after `"Version two line.\n"` may come out as `" line.\nVersion three"`
/// inserted after `"Version two"`. Every such place gives the same text; this picks one that
/// starts a line and ends with a line break, when there is one, the last of them (as git's
/// diff slides hunks down), so a new line reads as a new line.
enum LineAlignment {
    /// How far a run is slid at most, either way.
    static let reach = 4_096
    private static let lineBreak = UInt8(ascii: "\n")

    /// `changes` (in order, from `old` to `new`) with pure insertions and deletions moved to
    /// line boundaries where an equivalent place exists between their neighbours.
    static func aligned(_ changes: [TextDifference.Change], old: UnsafeBufferPointer<UInt8>, new: UnsafeBufferPointer<UInt8>) -> [TextDifference.Change] {
        var result = changes
        for index in result.indices {
            let change = result[index]
            let previous = index > 0 ? result[index - 1] : nil
            let next = index + 1 < result.count ? result[index + 1] : nil
            if change.old.isEmpty, !change.new.isEmpty {
                // The inserted run, seen in the new text, between the neighbours' new runs.
                let floor = previous?.new.upperBound ?? 0
                let ceiling = next?.new.lowerBound ?? new.count
                guard let moved = slid(change.new, in: new, floor: floor, ceiling: ceiling) else { continue }
                let shift = moved.lowerBound - change.new.lowerBound
                result[index] = TextDifference.Change(old: (change.old.lowerBound + shift)..<(change.old.lowerBound + shift), new: moved)
            } else if change.new.isEmpty, !change.old.isEmpty {
                let floor = previous?.old.upperBound ?? 0
                let ceiling = next?.old.lowerBound ?? old.count
                guard let moved = slid(change.old, in: old, floor: floor, ceiling: ceiling) else { continue }
                let shift = moved.lowerBound - change.old.lowerBound
                result[index] = TextDifference.Change(old: moved, new: (change.new.lowerBound + shift)..<(change.new.lowerBound + shift))
            }
        }
        return result
    }

    /// The last place of `run` (a range of `bytes` that could equally lie anywhere the bytes
    /// around it repeat it, within `floor..<ceiling`) that covers whole lines, or `nil` when
    /// none does or it already does.
    static func slid(_ run: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>, floor: Int, ceiling: Int) -> Range<Int>? {
        func coversLines(_ range: Range<Int>) -> Bool {
            (range.lowerBound == 0 || bytes[range.lowerBound - 1] == lineBreak) && bytes[range.upperBound - 1] == lineBreak
        }
        if coversLines(run) { return nil }
        var lower = run
        while run.lowerBound - lower.lowerBound < reach, lower.lowerBound > floor,
              bytes[lower.lowerBound - 1] == bytes[lower.upperBound - 1] {
            lower = (lower.lowerBound - 1)..<(lower.upperBound - 1)
        }
        var best: Range<Int>?
        var candidate = lower
        while true {
            if coversLines(candidate) { best = candidate }
            guard candidate.lowerBound - run.lowerBound < reach, candidate.upperBound < ceiling,
                  bytes[candidate.lowerBound] == bytes[candidate.upperBound] else { break }
            candidate = (candidate.lowerBound + 1)..<(candidate.upperBound + 1)
        }
        return best
    }
}
