/// The one place where hunks of the two sides that merely meet still break a line: one side
/// removes the text's final line break while the other appends lines after it. Merged as they
/// are, the first appended line would be glued to the old last line ("a\nb" and "a\nb\nc\n"
/// from "a\nb\n" would give "a\nbc\n"), so the removal of that line break yields.
enum FinalLineBreak {
    /// Both sides' hunks, with a removal of the ancestor's final line break undone when the
    /// other side appends text at the end.
    static func kept(
        _ dominantHunks: [DiffHunk], _ subordinateHunks: [DiffHunk],
        ancestor: UnsafeBufferPointer<UInt8>, dominant: UnsafeBufferPointer<UInt8>, subordinate: UnsafeBufferPointer<UInt8>
    ) -> ([DiffHunk], [DiffHunk]) {
        guard let lastByte = ancestor.last, lastByte == 0x0A else { return (dominantHunks, subordinateHunks) }
        return (
            kept(dominantHunks, side: dominant, otherAppends: appends(subordinateHunks, ancestor.count), ancestorCount: ancestor.count),
            kept(subordinateHunks, side: subordinate, otherAppends: appends(dominantHunks, ancestor.count), ancestorCount: ancestor.count)
        )
    }

    private static func appends(_ hunks: [DiffHunk], _ ancestorCount: Int) -> Bool {
        guard let last = hunks.last else { return false }
        return last.ancestor == ancestorCount..<ancestorCount && !last.side.isEmpty
    }

    private static func kept(_ hunks: [DiffHunk], side: UnsafeBufferPointer<UInt8>, otherAppends: Bool, ancestorCount: Int) -> [DiffHunk] {
        // The side ends without a line break while the ancestor had one: it removed it.
        guard otherAppends, side.last != 0x0A, let last = hunks.last, last.ancestor.upperBound == ancestorCount,
              !last.ancestor.isEmpty else { return hunks }
        var result = hunks
        let shortened = DiffHunk(ancestor: last.ancestor.lowerBound..<(ancestorCount - 1), side: last.side)
        if shortened.ancestor.isEmpty && shortened.side.isEmpty {
            result.removeLast()
        } else {
            result[result.count - 1] = shortened
        }
        return result
    }
}
