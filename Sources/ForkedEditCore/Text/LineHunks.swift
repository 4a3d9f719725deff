import ForkedMerge

/// What changed between two versions of a text, as hunks in UTF-8 offsets: enough to carry
/// undo history and positions across a merge, on other lines or on the same one.
public enum LineHunks {
    /// Above this many differing lines in the middle, the middle is one hunk (no diff).
    static let diffLimit = 20_000
    /// Above this many bytes on either side, a changed run of lines stays one hunk rather than
    /// being diffed word by word (which would cost more than the undo history it keeps).
    static let wordDiffLimit = 16_384

    /// The hunks turning `old` into `new`: changed lines found line by line, then cut down to
    /// the words that changed within them (``TextDifference``), so an edit of this fork that
    /// shares a line with a merged change, but not its words, still lies outside every hunk.
    public static func between(_ old: String, _ new: String) -> [TextHunk] {
        refined(between(lines(of: old), lines(of: new)), old: old, new: new)
    }

    /// `lineHunks` (from `old` to `new`, as ``between(_:_:)-([String],[String])`` gives them)
    /// cut down to the words that changed within each.
    public static func refined(_ lineHunks: [TextHunk], old: String, new: String) -> [TextHunk] {
        var shift = 0
        var hunks: [TextHunk] = []
        for hunk in lineHunks {
            let newRange = (hunk.range.lowerBound + shift)..<(hunk.range.lowerBound + shift + hunk.newLength)
            shift += hunk.delta
            guard hunk.range.count <= wordDiffLimit, hunk.newLength <= wordDiffLimit,
                  let oldPart = text(old, hunk.range), let newPart = text(new, newRange)
            else {
                hunks.append(hunk)
                continue
            }
            let oldBytes = Array(oldPart.utf8)
            let newBytes = Array(newPart.utf8)
            var unchangedFrom = 0
            for change in TextDifference(from: oldPart, to: newPart).changes {
                let start = hunk.range.lowerBound + change.old.lowerBound
                var refined = TextHunk(range: start..<(start + change.old.count), newLength: change.new.count)
                if change.old.isEmpty {
                    refined.slack = slack(inserting: newBytes[change.new], at: change.old.lowerBound, in: oldBytes, after: unchangedFrom)
                }
                hunks.append(refined)
                unchangedFrom = change.old.upperBound
            }
        }
        return hunks
    }

    /// How far to the left `inserted`, put at `offset` of `old`, could equally have gone: each
    /// step left moves the old character before it to the front of what is inserted (`"too "`
    /// after `"cake "` is `" too"` after `"cake"`). Steps are whole UTF-8 scalars and never go
    /// into the change before it (`floor`); the undo history only ever places the insertion at
    /// its diffed offset or at an edge of one of its own edits, both character boundaries.
    static func slack(inserting inserted: ArraySlice<UInt8>, at offset: Int, in old: [UInt8], after floor: Int) -> Int {
        var rotated = Array(inserted)
        var position = offset
        while offset - position < 256, position > floor {
            var start = position - 1
            while start > floor, old[start] & 0xC0 == 0x80 { start -= 1 }
            let scalar = old[start..<position]
            guard rotated.count >= scalar.count, rotated.suffix(scalar.count).elementsEqual(scalar) else { break }
            rotated.removeLast(scalar.count)
            rotated.insert(contentsOf: scalar, at: 0)
            position = start
        }
        return offset - position
    }

    /// The bytes `range` of `text`, when they are whole characters (line hunks start and end
    /// at line breaks, so they are); the word diff's offsets then count the same bytes.
    private static func text(_ text: String, _ range: Range<Int>) -> String? {
        let utf8 = text.utf8
        guard range.lowerBound >= 0, range.upperBound <= utf8.count else { return nil }
        let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        let upper = utf8.index(lower, offsetBy: range.count)
        guard let part = String(utf8[lower..<upper]), part.utf8.count == range.count else { return nil }
        return part
    }

    private static func lines(of text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

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
