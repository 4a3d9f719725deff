/// The lines of a UTF-8 text: their start offsets (followed by the end offset) and hash IDs,
/// as the line-level diff reads them.
struct TextLines: Sendable {
    /// Start offsets of the lines, followed by the end offset.
    let starts: [Int]
    /// Hash IDs of the lines (see ``TextDiff/hashIDs(_:starts:)``).
    let ids: [Int]

    /// Splits and hashes `bytes`.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        let starts = TextSplitting.lineStarts(bytes, in: 0..<bytes.count)
        self.init(starts: starts, ids: TextDiff.hashIDs(bytes, starts: starts))
    }

    /// Splits and hashes `bytes`, taking from `previous` (the lines of `previousBytes`) the
    /// lines before and after the region where the two texts differ, so an edit costs a scan of
    /// the common prefix and suffix instead of hashing every line. The result equals `init(bytes)`.
    init(_ bytes: UnsafeBufferPointer<UInt8>, updating previous: TextLines, of previousBytes: UnsafeBufferPointer<UInt8>) {
        let newCount = bytes.count
        let oldCount = previousBytes.count
        let lineCount = previous.starts.count - 1
        guard lineCount > 0, newCount > 0 else {
            self.init(bytes)
            return
        }
        let prefix = CommonBytes.prefix(bytes, previousBytes)
        let suffix = CommonBytes.suffix(bytes, previousBytes, limit: min(newCount, oldCount) - prefix)
        // Head: lines that end (with their line feed) inside the common prefix; the last line
        // may lack a line feed, so it is never kept here.
        let oldStarts = previous.starts
        var head = 0
        var low = 0
        var high = lineCount - 1
        while low <= high {
            let middle = (low + high) / 2
            if oldStarts[middle] <= prefix { head = middle; low = middle + 1 } else { high = middle - 1 }
        }
        // Tail: lines whose preceding line feed lies inside the common suffix, so they start a
        // line in the new text too and hold the same bytes.
        let tailBound = oldCount - suffix + 1
        var tail = lineCount
        low = head + 1
        high = lineCount - 1
        while low <= high {
            let middle = (low + high) / 2
            if oldStarts[middle] >= tailBound { tail = middle; high = middle - 1 } else { low = middle + 1 }
        }
        let shift = newCount - oldCount
        let middleStart = oldStarts[head]
        let middleEnd = oldStarts[tail] + shift
        let middleStarts = TextSplitting.lineStarts(bytes, in: middleStart..<middleEnd)
        var starts = Array(oldStarts[0..<head])
        starts.reserveCapacity(oldStarts.count + middleStarts.count)
        // The middle's last entry is its end, which is the tail's first start, listed below.
        starts.append(contentsOf: middleStarts.dropLast())
        starts.append(contentsOf: oldStarts[tail...].lazy.map { $0 + shift })
        var ids = Array(previous.ids[0..<head])
        ids.reserveCapacity(previous.ids.count + middleStarts.count)
        ids.append(contentsOf: TextDiff.hashIDs(bytes, starts: middleStarts))
        ids.append(contentsOf: previous.ids[tail...])
        self.init(starts: starts, ids: ids)
    }

    /// Lines already split and hashed: their starts, followed by the end offset, and one ID each.
    init(starts: [Int], ids: [Int]) {
        self.starts = starts
        self.ids = ids
    }
}
