/// Text's decisions inside ``ThreeWayMerge``: byte comparison, and widening of character-level
/// blends to whole words (or whole lines) so that both sides' replacements stay readable.
///
/// A conflict's union is a blend when it joins two word characters that were not next to each
/// other in either side's version (for "the cat sat" edited to "the dog sat" and "the cow sat",
/// the union "the dogow sat" joins "g" and "o"). Such a conflict is widened to whole words and
/// both sides' versions are kept, dominant first.
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

    func sameContent(_ first: [MergePiece], _ second: [MergePiece]) -> Bool {
        let firstCount = first.reduce(0) { $0 + $1.range.count }
        let secondCount = second.reduce(0) { $0 + $1.range.count }
        guard firstCount == secondCount else { return false }
        return first.flatMap(bytes(of:)) == second.flatMap(bytes(of:))
    }

    /// A position in one of the texts, identifying the character on one side of a piece boundary.
    private struct Junction: Hashable {
        var endSource: Int
        var end: Int
        var startSource: Int
        var start: Int
    }

    private static func sourceCode(_ source: MergeSource) -> Int {
        switch source {
        case .ancestor: 0
        case .dominant: 1
        case .subordinate: 2
        case .separator(let code): 3 + code
        }
    }

    /// Junctions between consecutive non-empty pieces, with the group's ancestor context at both ends.
    private func junctions(_ pieces: [MergePiece], range: Range<Int>) -> [(MergePiece, MergePiece)] {
        let before = MergePiece(source: .ancestor, range: range.lowerBound..<range.lowerBound, origin: .ancestor)
        let after = MergePiece(source: .ancestor, range: range.upperBound..<range.upperBound, origin: .ancestor)
        let sequence = [before] + pieces.filter { !$0.range.isEmpty } + [after]
        return zip(sequence, sequence.dropFirst()).filter { pair in
            !(pair.0.source == pair.1.source && pair.0.range.upperBound == pair.1.range.lowerBound)
        }
    }

    private func junctionKey(_ pair: (MergePiece, MergePiece)) -> Junction {
        Junction(
            endSource: TextMergePolicy.sourceCode(pair.0.source), end: pair.0.range.upperBound,
            startSource: TextMergePolicy.sourceCode(pair.1.source), start: pair.1.range.lowerBound
        )
    }

    func review(union: [MergePiece], dominant: [MergePiece], subordinate: [MergePiece], range: Range<Int>) -> ConflictReview {
        let existing = Set((junctions(dominant, range: range) + junctions(subordinate, range: range)).map(junctionKey))
        // Joining two kept ancestor runs (after deletions) blends nothing anyone typed.
        for pair in junctions(union, range: range)
        where !existing.contains(junctionKey(pair)) && !(pair.0.source == .ancestor && pair.1.source == .ancestor) {
            guard let last = scalar(before: pair.0.range.upperBound, in: buffer(pair.0.source)),
                  let first = scalar(at: pair.1.range.lowerBound, in: buffer(pair.1.source)) else { continue }
            if CharacterClass(last) == .word, CharacterClass(first) == .word {
                return .widen(widened(range))
            }
        }
        return .accept
    }

    /// Insertions glued to the word before them go first and those glued to the word after them
    /// go last, so that text which extends a word stays attached to it: for "I like red apples"
    /// edited to "I like green apples" (the diff inserts "g" before "re") and "I like tasty red
    /// apples", the result is "I like tasty green apples" rather than "I like gtasty reen apples".
    func insertionRank(_ insertion: MergePiece, at position: Int) -> Int {
        let text = buffer(insertion.source)
        let gluedBefore = isWord(scalar(before: position, in: ancestor)) && isWord(scalar(at: insertion.range.lowerBound, in: text))
        let gluedAfter = isWord(scalar(before: insertion.range.upperBound, in: text)) && isWord(scalar(at: position, in: ancestor))
        switch (gluedBefore, gluedAfter) {
        case (true, false): return 0
        case (false, true): return 2
        default: return 1
        }
    }

    private func isWord(_ scalar: Unicode.Scalar?) -> Bool {
        scalar.map { CharacterClass($0) == .word } ?? false
    }

    /// Widens `range` of the ancestor to whole words: it grows while the characters on both
    /// sides of each edge are word characters.
    func widened(_ range: Range<Int>) -> Range<Int> {
        if let widened = asciiWidened(range) { return widened }
        var lower = range.lowerBound
        var upper = range.upperBound
        let leftStart = max(0, lower - TextMergePolicy.wideningWindow)
        let left = characters(ancestor, (startOfScalar(at: leftStart))..<lower)
        var insideWord = firstCharacter(ancestor, lower..<min(ancestor.count, upper + 16)).map(TextMergePolicy.joinsWord) ?? false
        for character in left.reversed() {
            guard insideWord, TextMergePolicy.joinsWord(character) else { break }
            lower -= character.utf8.count
        }
        let rightEnd = min(ancestor.count, upper + TextMergePolicy.wideningWindow)
        let right = characters(ancestor, upper..<startOfScalar(at: rightEnd))
        insideWord = lastCharacter(ancestor, max(lower, range.lowerBound)..<upper).map(TextMergePolicy.joinsWord) ?? false
        for character in right {
            guard insideWord, TextMergePolicy.joinsWord(character) else { break }
            upper += character.utf8.count
        }
        return lower..<upper
    }

    /// Whether a character belongs to a word that widening keeps whole. Ideographs and kana
    /// count as words of one character each: those scripts do not separate words by spaces, so
    /// a run of them can be a whole sentence.
    static func joinsWord(_ character: Character) -> Bool {
        CharacterClass(character) == .word && !(character.unicodeScalars.first.map(isSpaceless) ?? false)
    }

    /// Whether a scalar belongs to a script written without spaces between words.
    static func isSpaceless(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isIdeographic || (0x3040...0x30FF).contains(scalar.value) || (0x31F0...0x31FF).contains(scalar.value)
    }

    /// ``widened(_:)`` for the common case of ASCII around both edges, without decoding
    /// characters; nil when a non-ASCII byte is met.
    private func asciiWidened(_ range: Range<Int>) -> Range<Int>? {
        guard !range.isEmpty, ancestor[range.lowerBound] < 0x80, ancestor[range.upperBound - 1] < 0x80 else { return nil }
        func isWord(_ byte: UInt8) -> Bool { CharacterClass(asciiByte: byte) == .word }
        var lower = range.lowerBound
        if isWord(ancestor[lower]) {
            let limit = max(0, lower - TextMergePolicy.wideningWindow)
            while lower > limit {
                let byte = ancestor[lower - 1]
                if byte >= 0x80 { return nil }
                guard isWord(byte) else { break }
                lower -= 1
            }
        }
        var upper = range.upperBound
        if isWord(ancestor[upper - 1]) {
            let limit = min(ancestor.count, upper + TextMergePolicy.wideningWindow)
            while upper < limit {
                let byte = ancestor[upper]
                if byte >= 0x80 { return nil }
                guard isWord(byte) else { break }
                upper += 1
            }
        }
        return lower..<upper
    }

    func separator(dominant: [MergePiece], subordinate: [MergePiece], range: Range<Int>) -> MergePiece? {
        let dominantBytes = dominant.flatMap(bytes(of:))
        let subordinateBytes = subordinate.flatMap(bytes(of:))
        guard let lastDominant = dominantBytes.last, let firstSubordinate = subordinateBytes.first, !range.isEmpty else { return nil }
        let startsLine = range.lowerBound == 0 || ancestor[range.lowerBound - 1] == 0x0A
        let endsLine = range.upperBound == ancestor.count || ancestor[range.upperBound - 1] == 0x0A
            || ancestor[range.upperBound] == 0x0A || ancestor[range.upperBound] == 0x0D
        let separator: Separator
        if startsLine && endsLine {
            if lastDominant == 0x0A { return nil }
            let crlf = range.upperBound < ancestor.count && ancestor[range.upperBound] == 0x0D
            separator = crlf ? .carriageReturnLineFeed : .lineFeed
        } else {
            let whitespace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
            if whitespace.contains(lastDominant) || whitespace.contains(firstSubordinate) { return nil }
            // Scripts without spaces get none between the two versions either.
            let dominantEnd = String(decoding: dominantBytes.suffix(4), as: UTF8.self).unicodeScalars.last
            let subordinateStart = String(decoding: subordinateBytes.prefix(4), as: UTF8.self).unicodeScalars.first
            if dominantEnd.map(TextMergePolicy.isSpaceless) == true || subordinateStart.map(TextMergePolicy.isSpaceless) == true { return nil }
            separator = .space
        }
        return MergePiece(source: .separator(separator.rawValue), range: 0..<separator.bytes.count, origin: .subordinate)
    }

    // MARK: Reading characters near a position

    /// Moves `position` back to the start of the scalar containing it.
    private func startOfScalar(at position: Int) -> Int {
        var index = position
        while index > 0, index < ancestor.count, ancestor[index] & 0xC0 == 0x80 { index -= 1 }
        return index
    }

    private func characters(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [Character] {
        guard !range.isEmpty else { return [] }
        return Array(String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self))
    }

    private func firstCharacter(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Character? {
        guard !range.isEmpty else { return nil }
        var end = range.upperBound
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[range.lowerBound..<end]), as: UTF8.self).first
    }

    private func lastCharacter(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Character? {
        guard !range.isEmpty else { return nil }
        var start = max(range.lowerBound, range.upperBound - 32)
        while start > range.lowerBound, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<range.upperBound]), as: UTF8.self).last
    }

    /// The scalar ending at `position`, if any.
    private func scalar(before position: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar? {
        guard position > 0, position <= bytes.count else { return nil }
        var start = position - 1
        while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self).unicodeScalars.first
    }

    /// The scalar starting at `position`, if any.
    private func scalar(at position: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar? {
        guard position >= 0, position < bytes.count else { return nil }
        var end = position + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<end]), as: UTF8.self).unicodeScalars.first
    }
}
