/// What changed between two versions of a text, as whole-line hunks in UTF-8 offsets: enough
/// to carry undo history and positions across a merge that changed other lines.
public enum LineHunks {
    /// Above this many differing lines in the middle, the middle is one hunk (no diff).
    static let diffLimit = 20_000

    /// The hunks turning `old` into `new` (both split at `"\n"`), sorted, in offsets of the old text.
    public static func between(_ old: [String], _ new: [String]) -> [TextHunk] {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
              old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        let oldMiddle = old[prefix..<(old.count - suffix)]
        let newMiddle = new[prefix..<(new.count - suffix)]
        if oldMiddle.isEmpty, newMiddle.isEmpty { return [] }
        let oldStarts = lineStarts(old)
        let newStarts = lineStarts(new)
        let oldLength = max(0, oldStarts[old.count] - 1)
        let newLength = max(0, newStarts[new.count] - 1)
        func hunk(oldLines: Range<Int>, newLines: Range<Int>) -> TextHunk {
            // Offsets count a line break after every line; the last line has none, so clamp.
            let lower = min(oldStarts[oldLines.lowerBound], oldLength)
            let upper = min(oldStarts[oldLines.upperBound], oldLength)
            let newLower = min(newStarts[newLines.lowerBound], newLength)
            let newUpper = min(newStarts[newLines.upperBound], newLength)
            return TextHunk(range: lower..<max(lower, upper), newLength: max(0, newUpper - newLower))
        }
        guard oldMiddle.count + newMiddle.count <= diffLimit else {
            return [hunk(oldLines: oldMiddle.indices, newLines: newMiddle.indices)]
        }
        let difference = Array(newMiddle).difference(from: Array(oldMiddle))
        var removed = Set<Int>()
        var inserted = Set<Int>()
        for change in difference {
            switch change {
            case .remove(let offset, _, _): removed.insert(prefix + offset)
            case .insert(let offset, _, _): inserted.insert(prefix + offset)
            }
        }
        var hunks: [TextHunk] = []
        var i = prefix
        var j = prefix
        while i < old.count - suffix || j < new.count - suffix {
            let (oldStart, newStart) = (i, j)
            while removed.contains(i) || inserted.contains(j) {
                if removed.contains(i) { i += 1 } else { j += 1 }
            }
            if i > oldStart || j > newStart {
                hunks.append(hunk(oldLines: oldStart..<i, newLines: newStart..<j))
            } else {
                i += 1
                j += 1
            }
        }
        return hunks
    }

    /// Where each line starts, counting a line break after every line; one extra entry at the end.
    private static func lineStarts(_ lines: [String]) -> [Int] {
        var starts = [0]
        starts.reserveCapacity(lines.count + 1)
        for line in lines { starts.append(starts[starts.count - 1] + line.utf8.count + 1) }
        return starts
    }
}
