import Forked
import Foundation

/// The lines of a merged text that its conflicts span: what a message names ("line 4") and a
/// view marks.
public enum ConflictLines {
    /// The lines (counted from 0) each of `ranges` touches, for sorted UTF-8 ranges of `text`.
    /// A range ending with its line break ends on that line, not the next; an empty range is on
    /// the line where it stands.
    public static func lines(of ranges: [Range<Int>], in text: String) -> [Range<Int>] {
        guard !ranges.isEmpty else { return [] }
        var text = text
        return text.withUTF8 { bytes in
            var lines: [Range<Int>] = []
            var line = 0
            var offset = 0
            // Line feeds found with memchr: a byte-by-byte walk through a megabyte of merged
            // text took longer than writing it.
            func advance(to target: Int) {
                let end = min(target, bytes.count)
                while offset < end, let base = bytes.baseAddress, let found = memchr(base + offset, 0x0A, end - offset) {
                    line += 1
                    offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                }
                offset = max(offset, end)
            }
            for range in ranges {
                advance(to: range.lowerBound)
                let first = line
                advance(to: max(range.lowerBound, range.upperBound - 1))
                lines.append(first..<(max(first, line) + 1))
            }
            return lines
        }
    }
}

extension TextMergeReport {
    /// The conflicts as ``KeptConflict`` notes, each with the lines it spans.
    public var keptConflicts: [KeptConflict] {
        let ranges = conflicts.map(\.utf8Range)
        return zip(ranges, ConflictLines.lines(of: ranges, in: text)).map { KeptConflict(utf8Range: $0, lines: $1) }
    }
}
