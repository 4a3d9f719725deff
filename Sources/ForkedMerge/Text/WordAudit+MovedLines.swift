import Foundation

/// The audit's second rule, on lines: a line the ancestor holds once, and neither side holds
/// more than once, is in the merged text at most once outside a reported conflict.
///
/// Two sides that each moved one line to a different place both deleted it where it was (one
/// change, applied once) and each inserted it elsewhere (two changes): a merge of those
/// changes holds the line twice, though no text does. A character-level merge of lines both
/// sides reordered can do the same inside one block (a reversed list against a shuffled one
/// came out as the reversed list with one of its lines twice, and exit 0). Where the sides
/// disagree about where a line goes, that is a conflict, as in `git merge-file`. Lines that
/// repeat in the ancestor or in a side (`}`, blank lines, `end`) are left out: two sides that
/// make one deletion and each add such a line elsewhere make a correct merge with one more of
/// it than any text had.
///
/// Only lines that a side's piece of the output touches are candidates, so a merge that
/// changed little reads little: the whole output is read once, through a filter of the
/// candidates' lengths and end bytes (``LineFilter``), and
/// the three texts only when a candidate occurs twice.
extension WordAudit {
    /// The ancestor ranges around the copies of lines the merged text holds more often than
    /// the rule allows, one range per such line (from its first copy to its last).
    func movedLineViolations(
        _ pieces: [MergePiece], offsets: [Int], inConflict: [Bool], output: UnsafeBufferPointer<UInt8>,
        ancestorSpan: (Range<Int>) -> ElementSpan, crossesConflict: (Range<Int>) -> Bool
    ) -> [ElementSpan] {
        // Output lines a side's piece touches, keyed by their content without the line break.
        var candidates: [LineContent: [Range<Int>]] = [:]
        var lastLineStart = -1
        for (index, piece) in pieces.enumerated() where !inConflict[index] && !piece.range.isEmpty {
            guard piece.source == .dominant || piece.source == .subordinate else { continue }
            var position = Self.lineStart(output, offsets[index])
            while position < offsets[index + 1] {
                let line = Self.line(output, startingAt: position)
                if line.lowerBound > lastLineStart, Self.holdsWordCharacter(output, line.content) {
                    lastLineStart = line.lowerBound
                    candidates[LineContent(output, line.content), default: []].append(line.whole)
                }
                position = line.whole.upperBound
            }
        }
        guard !candidates.isEmpty else { return [] }
        let filter = LineFilter(candidates.keys)
        // Every copy of a candidate outside conflicts, touched by a side or not.
        var copies: [LineContent: [Range<Int>]] = [:]
        Self.forEachLine(of: output, passing: filter) { content, whole in
            let key = LineContent(output, content)
            guard candidates[key] != nil, !crossesConflict(whole) else { return }
            copies[key, default: []].append(whole)
        }
        let repeated = copies.filter { $0.value.count > 1 }
        guard !repeated.isEmpty else { return [] }
        let counts = [MergeSource.ancestor, .dominant, .subordinate].map { source in
            Self.counts(of: Set(repeated.keys), in: policy.buffer(source))
        }
        var found: [ElementSpan] = []
        for (line, places) in repeated {
            guard counts[0][line] == 1, counts[1][line, default: 0] <= 1, counts[2][line, default: 0] <= 1 else { continue }
            // The copies a side put there: a copy in an ancestor piece stands where both left it.
            let placed = places.filter { place in candidates[line]?.contains(place) == true }
            let spans = placed.map(ancestorSpan)
            guard let lower = spans.map(\.lowerBound).min(), let upper = spans.map(\.upperBound).max() else { continue }
            found.append(ElementSpan(lowerBound: lower, upperBound: upper))
        }
        return found
    }

    /// How often each of `lines` occurs in `text`.
    private static func counts(of lines: Set<LineContent>, in text: UnsafeBufferPointer<UInt8>) -> [LineContent: Int] {
        var counts: [LineContent: Int] = [:]
        forEachLine(of: text, passing: LineFilter(lines)) { content, _ in
            let key = LineContent(text, content)
            if lines.contains(key) { counts[key, default: 0] += 1 }
        }
        return counts
    }

    /// Calls `body` with the content and whole range of each line of `text` that `filter` may
    /// hold; the others are skipped after a look at their length and ends.
    private static func forEachLine(
        of text: UnsafeBufferPointer<UInt8>, passing filter: LineFilter, _ body: (Range<Int>, Range<Int>) -> Void
    ) {
        var position = 0
        while position < text.count {
            let line = line(text, startingAt: position)
            if filter.mayHold(LineContent(text, line.content)) { body(line.content, line.whole) }
            position = line.whole.upperBound
        }
    }

    /// The line starting at `start`: its whole range (with its line break) and its content
    /// (without `\n` or `\r\n`).
    private static func line(_ text: UnsafeBufferPointer<UInt8>, startingAt start: Int) -> (whole: Range<Int>, content: Range<Int>, lowerBound: Int) {
        guard let base = text.baseAddress, start < text.count else { return (start..<start, start..<start, start) }
        let found = memchr(base + start, 0x0A, text.count - start)
        guard let found else { return (start..<text.count, start..<text.count, start) }
        let newline = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        let contentEnd = newline > start && text[newline - 1] == 0x0D ? newline - 1 : newline
        return (start..<(newline + 1), start..<contentEnd, start)
    }

    private static func lineStart(_ text: UnsafeBufferPointer<UInt8>, _ position: Int) -> Int {
        var start = min(position, text.count)
        while start > 0, text[start - 1] != 0x0A { start -= 1 }
        return start
    }

    /// Whether the bytes hold a letter or digit: lines of spacing and punctuation alone repeat
    /// too freely to say where they belong.
    private static func holdsWordCharacter(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        range.contains { index in
            let byte = text[index]
            return byte >= 0x80 || CharacterClass(asciiByte: byte) == .word
        }
    }
}

/// A line's bytes, compared and hashed by content wherever they lie (the output or one of the
/// three texts, all alive while the audit runs).
struct LineContent: Hashable {
    let bytes: UnsafeBufferPointer<UInt8>

    init(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        bytes = UnsafeBufferPointer(rebasing: text[range])
    }

    var count: Int { bytes.count }

    static func == (first: LineContent, second: LineContent) -> Bool {
        guard first.bytes.count == second.bytes.count else { return false }
        guard let left = first.bytes.baseAddress, let right = second.bytes.baseAddress else { return true }
        return memcmp(left, right, first.bytes.count) == 0
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
    }
}

/// A bit per fingerprint of a few lines (length and end bytes, no full hash): a line whose bit
/// is clear is none of them, so scanning a long text hashes only the few lines that may be.
struct LineFilter {
    private var bits = [UInt64](repeating: 0, count: 1 << 14)

    init<Lines: Sequence<LineContent>>(_ lines: Lines) {
        for line in lines {
            let bit = Self.bit(line)
            bits[bit >> 6] |= 1 << UInt64(bit & 63)
        }
    }

    func mayHold(_ line: LineContent) -> Bool {
        let bit = Self.bit(line)
        return bits[bit >> 6] & (1 << UInt64(bit & 63)) != 0
    }

    /// One of 2^20 bits, from the line's length and its first and last eight bytes.
    private static func bit(_ line: LineContent) -> Int {
        let bytes = line.bytes
        var first: UInt64 = 0
        var last: UInt64 = 0
        for index in 0..<min(8, bytes.count) {
            first = first << 8 | UInt64(bytes[index])
            last = last << 8 | UInt64(bytes[bytes.count - 1 - index])
        }
        var mixed = (UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15) ^ first
        mixed = (mixed ^ (mixed >> 29)) &* 0xBF58_476D_1CE4_E5B9 ^ last
        mixed = (mixed ^ (mixed >> 32)) &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: mixed >> 44)
    }
}
