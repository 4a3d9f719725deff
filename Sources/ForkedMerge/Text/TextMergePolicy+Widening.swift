/// Widening a blended conflict to whole words or lines, and separating the two versions kept.
extension TextMergePolicy {
    /// Widens `range` of the ancestor to whole whitespace-separated tokens: it grows while the
    /// characters on both sides of each edge are neither whitespace nor ideographs, so a
    /// conflict never splits a token (a quoted name keeps its quotes: `["a"] ["b"]`, never `["a b"]`).
    func widened(_ range: Range<Int>) -> Range<Int> {
        let tokens = tokenWidened(range)
        // A conflict across a line break keeps whole lines: two versions cut in mid-line and
        // set side by side would glue the end of one onto the start of the other.
        guard tokens.count > 1, UnsafeBufferPointer(rebasing: ancestor[tokens.lowerBound..<(tokens.upperBound - 1)]).contains(0x0A) else {
            return tokens
        }
        let upper = ancestor[tokens.upperBound - 1] == 0x0A ? tokens.upperBound : lineEnd(tokens.upperBound)
        return lineStart(tokens.lowerBound)..<upper
    }

    /// Widens `range` of the ancestor to whole whitespace-separated tokens (see ``widened(_:)``).
    private func tokenWidened(_ range: Range<Int>) -> Range<Int> {
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

    /// Whether a scalar belongs to a token that widening keeps whole (see ``joinsWord(_:)``).
    static func joinsToken(_ scalar: Unicode.Scalar) -> Bool {
        let scalarClass = CharacterClass(scalar)
        return (scalarClass == .word || scalarClass == .punctuation) && !isSpaceless(scalar)
    }

    /// Whether a character belongs to a token that widening keeps whole. Ideographs and kana
    /// count as tokens of one character each: those scripts do not separate words by spaces, so
    /// a run of them can be a whole sentence.
    static func joinsWord(_ character: Character) -> Bool {
        let characterClass = CharacterClass(character)
        return (characterClass == .word || characterClass == .punctuation) && !(character.unicodeScalars.first.map(isSpaceless) ?? false)
    }

    /// Whether a scalar belongs to a script written without spaces between words.
    static func isSpaceless(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isIdeographic || (0x3040...0x30FF).contains(scalar.value) || (0x31F0...0x31FF).contains(scalar.value)
    }

    /// ``widened(_:)`` for the common case of ASCII around both edges, without decoding
    /// characters; nil when a non-ASCII byte is met.
    func asciiWidened(_ range: Range<Int>) -> Range<Int>? {
        guard !range.isEmpty, ancestor[range.lowerBound] < 0x80, ancestor[range.upperBound - 1] < 0x80 else { return nil }
        func isWord(_ byte: UInt8) -> Bool {
            let byteClass = CharacterClass(asciiByte: byte)
            return byteClass == .word || byteClass == .punctuation
        }
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
        let dominantBytes = bytes(of: dominant)
        let subordinateBytes = bytes(of: subordinate)
        // Two versions of nothing are kept in two places: two whole texts (an empty ancestor),
        // and two last lines appended after the ancestor's last line break.
        let appendsLines = range == ancestor.count..<ancestor.count && ancestor.last == 0x0A
        guard let lastDominant = dominantBytes.last, let firstSubordinate = subordinateBytes.first,
              !range.isEmpty || ancestor.isEmpty || appendsLines else { return nil }
        let startsLine = range.lowerBound == 0 || ancestor[range.lowerBound - 1] == 0x0A
        let endsLine = range.upperBound == ancestor.count || ancestor[range.upperBound - 1] == 0x0A
            || ancestor[range.upperBound] == 0x0A || ancestor[range.upperBound] == 0x0D
        // Whole lines only count as such in a text that has line breaks around or inside the
        // range; a one-line text is treated as words ("x" rewritten as "y" and "z" gives "y z").
        let hasLineBreak = (range.lowerBound > 0 && ancestor[range.lowerBound - 1] == 0x0A)
            || (range.upperBound < ancestor.count) || UnsafeBufferPointer(rebasing: ancestor[range]).contains(0x0A)
            || (ancestor.isEmpty && (dominantBytes.contains(0x0A) || subordinateBytes.contains(0x0A)))
        let separator: Separator
        if startsLine && endsLine && hasLineBreak {
            if lastDominant == 0x0A { return nil }
            let crlf = range.upperBound < ancestor.count
                ? ancestor[range.upperBound] == 0x0D
                : appendsLines && ancestor.count >= 2 && ancestor[ancestor.count - 2] == 0x0D
            separator = crlf ? .carriageReturnLineFeed : .lineFeed
        } else {
            func isSpacing(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
            if isSpacing(lastDominant) || isSpacing(firstSubordinate) { return nil }
            // Scripts without spaces get none between the two versions either.
            let dominantEnd = String(decoding: dominantBytes.suffix(4), as: UTF8.self).unicodeScalars.last
            let subordinateStart = String(decoding: subordinateBytes.prefix(4), as: UTF8.self).unicodeScalars.first
            if dominantEnd.map(TextMergePolicy.isSpaceless) == true || subordinateStart.map(TextMergePolicy.isSpaceless) == true { return nil }
            separator = .space
        }
        return MergePiece(source: .separator(separator.rawValue), range: 0..<separator.bytes.count, origin: .subordinate)
    }
}
