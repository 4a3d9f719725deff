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
/// Only lines that a side's piece of the output touches are candidates, and only lines equal to
/// a candidate are fingerprinted and sorted with them, so a small edit of a large text costs
/// one read of the output (no hashing, no sorting of its untouched lines); the three texts are
/// read only when a candidate occurs twice.
extension WordAudit {
    /// The ancestor ranges around the copies of lines the merged text holds more often than
    /// the rule allows, one range per such line (from its first copy to its last).
    ///
    /// With `regions` (see ``WordAudit/violations(in:offsets:inConflict:regions:)``), only lines
    /// in them are candidates: a line repeated elsewhere alone was judged the same way by the
    /// round before, and found then if it broke the rule.
    func movedLineViolations(
        _ pieces: [MergePiece], offsets: [Int], inConflict: [Bool], output: UnsafeBufferPointer<UInt8>,
        regions: [Range<Int>]? = nil, ancestorSpan: (Range<Int>) -> ElementSpan
    ) -> Findings {
        var region = 0
        /// Whether the line (read in output order) may have changed since the last round.
        func isCandidate(_ line: Range<Int>) -> Bool {
            guard let regions else { return true }
            while region < regions.count, regions[region].upperBound <= line.lowerBound { region += 1 }
            return region < regions.count && regions[region].lowerBound < max(line.upperBound, line.lowerBound + 1)
        }
        // The candidates first: lines outside conflicts that a side's piece touches, each with
        // a fingerprint of its content. An edit touches few lines, so this and what follows
        // cost in proportion to the edit; only then is the rest of the output read, for copies
        // of a candidate (lines of a candidate's length, fingerprinted, looked up in the
        // candidates' sorted fingerprints: no dictionary entry per line, as a dense merge
        // touches every line).
        var lines: [OutputLine] = []
        var candidates = [Bool]()
        forEachLine(of: output, pieces: pieces, offsets: offsets, inConflict: inConflict) { line, touched in
            // Reading everything, the candidates are the touched lines; reading regions, every
            // line in them (an untouched copy there may pair with a touched one elsewhere).
            let candidate = regions == nil ? touched : isCandidate(line.whole)
            candidates.append(candidate)
            guard candidate, Self.holdsWordCharacter(output, line.content) else { return }
            lines.append(OutputLine(
                fingerprint: LineContent(output, line.content).fingerprint, whole: line.whole, content: line.content,
                touched: touched, candidate: true
            ))
        }
        guard !lines.isEmpty else { return Findings() }
        let candidateFingerprints = lines.map { $0.fingerprint }.sorted()
        // Whether a line of each length could equal a candidate. (A line equal to a candidate
        // holds a word character as the candidate does, so that is not checked again.)
        var candidateLength = [Bool](repeating: false, count: (lines.map { $0.content.count }.max() ?? 0) + 1)
        for line in lines { candidateLength[line.content.count] = true }
        var lineIndex = 0
        forEachLine(of: output, pieces: pieces, offsets: offsets, inConflict: inConflict) { line, touched in
            let candidate = candidates[lineIndex]
            lineIndex += 1
            guard !candidate, line.content.count < candidateLength.count, candidateLength[line.content.count] else { return }
            let fingerprint = LineContent(output, line.content).fingerprint
            guard candidateFingerprints.containsSorted(fingerprint) else { return }
            lines.append(OutputLine(fingerprint: fingerprint, whole: line.whole, content: line.content, touched: touched, candidate: false))
        }
        // Repeated fingerprints are rare: found among the fingerprints alone (eight bytes each),
        // so only their lines are sorted. A dense merge touches every line, and sorting all of
        // them whole took a tenth of a 10 MB merge.
        var fingerprints = lines.map { $0.fingerprint }
        fingerprints.sort()
        var repeatedFingerprints: [UInt64] = []
        for index in fingerprints.indices.dropFirst() where fingerprints[index] == fingerprints[index - 1] {
            if repeatedFingerprints.last != fingerprints[index] { repeatedFingerprints.append(fingerprints[index]) }
        }
        guard !repeatedFingerprints.isEmpty else { return Findings() }
        lines.removeAll { !repeatedFingerprints.containsSorted($0.fingerprint) }
        lines.sort { $0.fingerprint < $1.fingerprint }
        // Groups of two or more copies of one content, at least one of them put there by a side.
        var repeated: [[OutputLine]] = []
        var start = 0
        while start < lines.count {
            var end = start + 1
            while end < lines.count, lines[end].fingerprint == lines[start].fingerprint { end += 1 }
            if end - start > 1, lines[start..<end].contains(where: { $0.candidate }), lines[start..<end].contains(where: { $0.touched }) {
                // Equal fingerprints, compared byte by byte: a collision splits into groups.
                var rest = Array(lines[start..<end])
                while let first = rest.first {
                    let same = rest.filter { LineContent(output, $0.content) == LineContent(output, first.content) }
                    rest.removeAll { LineContent(output, $0.content) == LineContent(output, first.content) }
                    if same.count > 1, same.contains(where: { $0.candidate }), same.contains(where: { $0.touched }) {
                        repeated.append(same)
                    }
                }
            }
            start = end
        }
        guard !repeated.isEmpty else { return Findings() }
        let wanted = repeated.map { LineContent(output, $0[0].content) }
        let counts = [MergeSource.ancestor, .dominant, .subordinate].map { Self.counts(of: wanted, in: policy.buffer($0)) }
        // The copies a side put there (a copy in an ancestor piece stands where both left it),
        // of the lines that break the rule, mapped to the ancestor in output order: the
        // mapping walks the pieces from where it last stopped.
        var placed: [(group: Int, whole: Range<Int>)] = []
        for (group, copies) in repeated.enumerated() {
            guard counts[0][group] == 1, counts[1][group] <= 1, counts[2][group] <= 1 else { continue }
            placed += copies.filter { $0.touched }.map { (group, $0.whole) }
        }
        placed.sort { $0.whole.lowerBound < $1.whole.lowerBound }
        var spans: [Int: ElementSpan] = [:]
        for copy in placed {
            let span = ancestorSpan(copy.whole)
            let known = spans[copy.group] ?? span
            spans[copy.group] = ElementSpan(lowerBound: min(known.lowerBound, span.lowerBound), upperBound: max(known.upperBound, span.upperBound))
        }
        return Findings(spans: spans.keys.sorted().compactMap { spans[$0] }, words: placed.map { $0.whole })
    }

    /// Calls `body` with each line of the output outside conflicts, and whether a piece of the
    /// dominant or the subordinate side lies in it.
    private func forEachLine(
        of output: UnsafeBufferPointer<UInt8>, pieces: [MergePiece], offsets: [Int], inConflict: [Bool],
        _ body: ((whole: Range<Int>, content: Range<Int>), Bool) -> Void
    ) {
        var pieceIndex = 0
        var position = 0
        while position < output.count {
            let line = Self.line(output, startingAt: position)
            position = line.whole.upperBound
            while pieceIndex < pieces.count, offsets[pieceIndex + 1] <= line.whole.lowerBound { pieceIndex += 1 }
            var touched = false
            var conflicted = false
            var index = pieceIndex
            while index < pieces.count, offsets[index] < line.whole.upperBound {
                if inConflict[index] { conflicted = true }
                let source = pieces[index].source
                if (source == .dominant || source == .subordinate), offsets[index] < offsets[index + 1] { touched = true }
                index += 1
            }
            guard !conflicted else { continue }
            body(line, touched)
        }
    }

    /// A line of the merged text, as the audit sorts them.
    private struct OutputLine {
        let fingerprint: UInt64
        let whole: Range<Int>
        let content: Range<Int>
        /// Whether a piece of the dominant or the subordinate side lies in it.
        let touched: Bool
        /// Whether its copies are looked for: a touched line when the whole output is audited,
        /// any line in the regions that may have changed since the last round otherwise.
        let candidate: Bool
    }

    /// How often each of `lines` (different contents) occurs in `text`, by index. Every line
    /// of the text is fingerprinted and looked up in the wanted lines' sorted fingerprints, with
    /// no hash table: a merge of reordered text wants every line of it.
    private static func counts(of lines: [LineContent], in text: UnsafeBufferPointer<UInt8>) -> [Int] {
        let byFingerprint = lines.indices.map { (fingerprint: lines[$0].fingerprint, index: $0) }.sorted { $0.fingerprint < $1.fingerprint }
        var counts = [Int](repeating: 0, count: lines.count)
        var position = 0
        while position < text.count {
            let line = line(text, startingAt: position)
            position = line.whole.upperBound
            let content = LineContent(text, line.content)
            let fingerprint = content.fingerprint
            var low = 0
            var high = byFingerprint.count
            while low < high {
                let middle = (low + high) / 2
                if byFingerprint[middle].fingerprint < fingerprint { low = middle + 1 } else { high = middle }
            }
            // Equal fingerprints are compared byte by byte; the contents differ, so one matches.
            while low < byFingerprint.count, byFingerprint[low].fingerprint == fingerprint {
                if lines[byFingerprint[low].index] == content {
                    counts[byFingerprint[low].index] += 1
                    break
                }
                low += 1
            }
        }
        return counts
    }

    /// The line starting at `start`: its whole range (with its line break) and its content
    /// (without `\n` or `\r\n`).
    private static func line(_ text: UnsafeBufferPointer<UInt8>, startingAt start: Int) -> (whole: Range<Int>, content: Range<Int>) {
        guard let base = text.baseAddress, start < text.count else { return (start..<start, start..<start) }
        guard let found = memchr(base + start, 0x0A, text.count - start) else { return (start..<text.count, start..<text.count) }
        let newline = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        let contentEnd = newline > start && text[newline - 1] == 0x0D ? newline - 1 : newline
        return (start..<(newline + 1), start..<contentEnd)
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

/// A line's bytes, compared and fingerprinted by content wherever they lie (the output or one of the
/// three texts, all alive while the audit runs).
struct LineContent: Equatable {
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

    /// A 64-bit digest of the bytes, read eight at a time (not a cryptographic hash: equal
    /// fingerprints are compared byte by byte).
    var fingerprint: UInt64 {
        guard let base = bytes.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        var state = UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15
        var offset = 0
        func mix(_ word: UInt64) {
            state = (state ^ word) &* 0xBF58_476D_1CE4_E5B9
            state ^= state >> 31
        }
        while offset + 8 <= bytes.count {
            mix(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        var tail: UInt64 = 0
        while offset < bytes.count {
            tail = tail << 8 | UInt64(bytes[offset])
            offset += 1
        }
        mix(tail)
        return (state ^ (state >> 29)) &* 0x94D0_49BB_1331_11EB
    }
}


extension Array where Element == UInt64 {
    /// Whether this array, sorted ascending, holds `value` (a binary search).
    fileprivate func containsSorted(_ value: UInt64) -> Bool {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < count && self[low] == value
    }
}
