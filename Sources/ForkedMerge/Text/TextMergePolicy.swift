/// Text's decisions inside ``ThreeWayMerge``: byte comparison, widening of conflicts to whole
/// words (or whole lines) so that both sides' replacements stay readable, and the units an edit
/// keeps alive inside text the other side deleted.
///
/// Where both sides typed over the same characters, their union would blend them (for "the cat
/// sat" edited to "the dog sat" and "the cow sat", "the dogow sat"); the conflict is widened to
/// whole words and both sides' versions are kept, dominant first. Two such conflicts on one line
/// become one conflict of whole lines, so the versions are never interleaved token by token.
struct TextMergePolicy: ThreeWayMergePolicy {
    let ancestor: UnsafeBufferPointer<UInt8>
    let dominant: UnsafeBufferPointer<UInt8>
    let subordinate: UnsafeBufferPointer<UInt8>

    /// How far word widening looks on each side of a conflict, in bytes.
    static let wideningWindow = 256

    /// Separator codes for ``MergeSource/separator(_:)``.
    enum Separator: Int, CaseIterable {
        case space, lineFeed, carriageReturnLineFeed

        var bytes: [UInt8] {
            switch self {
            case .space: [0x20]
            case .lineFeed: [0x0A]
            case .carriageReturnLineFeed: [0x0D, 0x0A]
            }
        }
    }

    func buffer(_ source: MergeSource) -> UnsafeBufferPointer<UInt8> {
        switch source {
        case .ancestor: ancestor
        case .dominant: dominant
        case .subordinate: subordinate
        case .separator: UnsafeBufferPointer(start: nil, count: 0)
        }
    }

    /// The bytes of a piece (separators included).
    func bytes(of piece: MergePiece) -> [UInt8] {
        if case .separator(let code) = piece.source { return Separator(rawValue: code)?.bytes ?? [] }
        return Array(buffer(piece.source)[piece.range])
    }

    /// The bytes of `pieces` one after the other, in one array of the right size.
    func bytes(of pieces: [MergePiece]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(pieces.reduce(0) { $0 + $1.range.count })
        for piece in pieces { append(piece, to: &bytes) }
        return bytes
    }

    /// Appends the bytes of `piece` to `output`.
    func append(_ piece: MergePiece, to output: inout [UInt8]) {
        if case .separator = piece.source {
            output.append(contentsOf: bytes(of: piece))
        } else {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer(piece.source)[piece.range]))
        }
    }

    func sameContent(_ first: [MergePiece], _ second: [MergePiece]) -> Bool {
        let firstCount = first.reduce(0) { $0 + $1.range.count }
        let secondCount = second.reduce(0) { $0 + $1.range.count }
        guard firstCount == secondCount else { return false }
        // Walk both piece lists byte by byte, without building the texts.
        var firstPiece = 0
        var secondPiece = 0
        var firstOffset = 0
        var secondOffset = 0
        var firstBytes: [UInt8] = []
        var secondBytes: [UInt8] = []
        func load(_ pieces: [MergePiece], _ index: inout Int, _ offset: inout Int, _ bytes: inout [UInt8]) -> Bool {
            while index < pieces.count, offset >= pieces[index].range.count {
                index += 1
                offset = 0
                bytes.removeAll(keepingCapacity: true)
            }
            guard index < pieces.count else { return false }
            if bytes.isEmpty, case .separator = pieces[index].source { bytes = self.bytes(of: pieces[index]) }
            return true
        }
        func byte(_ pieces: [MergePiece], _ index: Int, _ offset: Int, _ bytes: [UInt8]) -> UInt8 {
            if case .separator = pieces[index].source { return bytes[offset] }
            return buffer(pieces[index].source)[pieces[index].range.lowerBound + offset]
        }
        while load(first, &firstPiece, &firstOffset, &firstBytes), load(second, &secondPiece, &secondOffset, &secondBytes) {
            if byte(first, firstPiece, firstOffset, firstBytes) != byte(second, secondPiece, secondOffset, secondBytes) { return false }
            firstOffset += 1
            secondOffset += 1
        }
        return true
    }

    /// Both sides typed over the same characters: whatever the two versions share inside the
    /// region is incidental (a digit, a quote, a letter), so the union would splice pieces of
    /// words. Both versions are kept whole, widened to whole words.
    func review(union: [MergePiece], dominant: [MergePiece], subordinate: [MergePiece], range: Range<Int>) -> ConflictReview {
        guard range.isEmpty else { return .widen(widened(range)) }
        // Two insertions glued to one word: the word they extend is the conflict.
        var lower = range.lowerBound
        var upper = range.upperBound
        if let previous = scalar(before: lower, in: ancestor), TextMergePolicy.joinsToken(previous) { lower -= previous.utf8.count }
        if let next = scalar(at: upper, in: ancestor), TextMergePolicy.joinsToken(next) { upper += next.utf8.count }
        return .widen(widened(lower..<upper))
    }

    /// Both insertions inside one word, or both glued to the word before the position, or both
    /// to the word after it, each typing something else: "1" extended to "10" on one side and to "11" on the other
    /// is a rewrite of the number, never "110". Scripts without spaces are exempt (each
    /// ideograph is a word, so text typed between two of them stands side by side). Into an
    /// empty ancestor, any two different insertions conflict.
    func insertionsConflict(_ first: MergePiece, _ second: MergePiece, at position: Int) -> Bool {
        func joins(_ scalar: Unicode.Scalar?) -> Bool {
            scalar.map { CharacterClass($0) == .word && !TextMergePolicy.isSpaceless($0) } ?? false
        }
        let before = joins(scalar(before: position, in: ancestor))
        let after = joins(scalar(at: position, in: ancestor))
        func gluedBefore(_ piece: MergePiece) -> Bool { before && joins(scalar(at: piece.range.lowerBound, in: buffer(piece.source))) }
        func gluedAfter(_ piece: MergePiece) -> Bool { after && joins(scalar(before: piece.range.upperBound, in: buffer(piece.source))) }
        let bothGlued = (gluedBefore(first) && gluedBefore(second)) || (gluedAfter(first) && gluedAfter(second))
        // Two sides that each wrote a whole text where there was none (git's add/add) wrote the
        // same text two ways: that is a conflict, not two additions. So did two sides that each
        // appended a last line without a line break: one after the other, they are one line.
        // Two insertions inside one word both change that word, whatever they type.
        let insideWord = WordUnits(bytes: ancestor).isInsideWord(position)
        guard bothGlued || insideWord || ancestor.isEmpty || bothAppendUnterminatedLines(first, second, at: position) else { return false }
        // One repeating the start or end of the other is the same insertion, applied once.
        let (shorter, longer) = first.range.count <= second.range.count ? (first, second) : (second, first)
        var prefix = longer
        prefix.range = longer.range.lowerBound..<(longer.range.lowerBound + shorter.range.count)
        var suffix = longer
        suffix.range = (longer.range.upperBound - shorter.range.count)..<longer.range.upperBound
        return !sameContent([shorter], [prefix]) && !sameContent([shorter], [suffix])
    }

    /// Whether both insertions are unterminated lines appended after the ancestor's last line
    /// break: put together, they would make one line of two.
    private func bothAppendUnterminatedLines(_ first: MergePiece, _ second: MergePiece, at position: Int) -> Bool {
        position == ancestor.count && position > 0
            && startsUnterminatedLine(first, at: position) && startsUnterminatedLine(second, at: position)
    }

    /// Whether `insertion`, at the start of a line, does not end with a line break: it is the
    /// start of the line after it, or (at the end of the text) an unterminated last line.
    private func startsUnterminatedLine(_ insertion: MergePiece, at position: Int) -> Bool {
        (position == 0 || ancestor[position - 1] == 0x0A) && !insertion.range.isEmpty
            && buffer(insertion.source)[insertion.range.upperBound - 1] != 0x0A
    }

    /// An insertion holding a line break repeats another only as whole lines: a blank line
    /// inserted where the other side inserted lines ending in a line feed is a line of its own,
    /// not the last character of the other side's last line (it was dropped as such).
    func repeatsWhole(_ insertion: MergePiece, as part: MergePiece, of longer: MergePiece) -> Bool {
        let text = buffer(insertion.source)
        guard UnsafeBufferPointer(rebasing: text[insertion.range]).contains(0x0A) else { return true }
        let longerText = buffer(longer.source)
        let startsLine = part.range.lowerBound == longer.range.lowerBound || longerText[part.range.lowerBound - 1] == 0x0A
        let endsLine = longerText[part.range.upperBound - 1] == 0x0A
            || part.range.upperBound == longer.range.upperBound || longerText[part.range.upperBound] == 0x0A
        return startsLine && endsLine
    }

    /// Insertions glued to the word before them go first and those glued to the word after them
    /// go last, so that text which extends a word stays attached to it: for "I like red apples"
    /// edited to "I like green apples" (the diff inserts "g" before "re") and "I like tasty red
    /// apples", the result is "I like tasty green apples" rather than "I like gtasty reen apples".
    ///
    /// At the start of a line, an insertion that does not end with a line break belongs to the
    /// line after it (or, at the end of the text, is an unterminated last line), so it goes
    /// after whole lines inserted there: never "bc" from "b" and "c\n" appended to one text.
    func insertionRank(_ insertion: MergePiece, at position: Int) -> Int {
        if startsUnterminatedLine(insertion, at: position) { return 2 }
        let text = buffer(insertion.source)
        let gluedBefore = isWord(scalar(before: position, in: ancestor)) && isWord(scalar(at: insertion.range.lowerBound, in: text))
        let gluedAfter = isWord(scalar(before: insertion.range.upperBound, in: text)) && isWord(scalar(at: position, in: ancestor))
        switch (gluedBefore, gluedAfter) {
        case (true, false): return 0
        case (false, true): return 2
        default: return 1
        }
    }

    func isWord(_ scalar: Unicode.Scalar?) -> Bool {
        scalar.map { CharacterClass($0) == .word } ?? false
    }
}
