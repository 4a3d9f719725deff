/// Insertions made at the end of a line that also add lines after it, split so that the
/// added lines stand as whole lines of their own.
///
/// Inserting `,\n    "b",` before the line feed of `    "a"` (appending an item to a list)
/// gives the same text as inserting `,` there and the whole line `    "b",\n` after the line
/// feed. Written the second way, two sides that both appended items after the same last line
/// merge like any two insertions of whole lines at one place: the identical `,` once, then both
/// sides' lines, dominant first, instead of `"b",,` glued onto the other side's items.
enum LineEndInsertion {
    /// `hunks` with every such insertion split in two.
    static func split(_ hunks: [DiffHunk], ancestor: UnsafeBufferPointer<UInt8>, side: UnsafeBufferPointer<UInt8>) -> [DiffHunk] {
        var result: [DiffHunk] = []
        result.reserveCapacity(hunks.count)
        for (index, hunk) in hunks.enumerated() {
            let position = hunk.ancestor.lowerBound
            guard hunk.isInsertion, position < ancestor.count, ancestor[position] == 0x0A,
                  hunk.side.upperBound < side.count, side[hunk.side.upperBound] == 0x0A,
                  // Whole lines inserted at the start of a blank line are whole lines already:
                  // split, their first line would lose its line feed to the next piece.
                  !(position == 0 || ancestor[position - 1] == 0x0A) || side[hunk.side.upperBound - 1] != 0x0A,
                  let lineFeed = hunk.side.firstIndex(where: { side[$0] == 0x0A }),
                  // The part after the ancestor's line feed must not meet the next hunk.
                  index + 1 == hunks.count || hunks[index + 1].ancestor.lowerBound > position + 1 else {
                result.append(hunk)
                continue
            }
            if lineFeed > hunk.side.lowerBound {
                result.append(DiffHunk(ancestor: position..<position, side: hunk.side.lowerBound..<lineFeed))
            }
            result.append(DiffHunk(ancestor: (position + 1)..<(position + 1), side: (lineFeed + 1)..<(hunk.side.upperBound + 1)))
        }
        return result
    }
}
