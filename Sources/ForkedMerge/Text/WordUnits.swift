/// Words, the unit of a text merge's conflicts, found in UTF-8 bytes.
///
/// A word is a run of letters, digits, combining marks and underscores, joined across one
/// `.`, `'`, `’` or `-` between two of them (`1.2.3`, `don't`, `e-mail`, `file.txt`) and across
/// one `,` between two digits (`1,000`). Each Han, Hiragana, Katakana or Hangul character is a
/// word of its own: those scripts do not separate words by spaces, so a run of them can be a
/// whole sentence. Everything else (spaces, line breaks, other punctuation, emoji) stands
/// between words.
///
/// Two different changes to one word are a conflict (see ``TextMerger``): these predicates
/// decide what "one word" is, for the hunks grown before the merge (``SharedWordHunks``) and
/// for the audit of the merged text (``WordAudit``).
struct WordUnits {
    let bytes: UnsafeBufferPointer<UInt8>

    /// How far a word is followed from an edit, in bytes: a longer run (a base64 line, a
    /// minified file) is cut there, so the work stays in proportion to the edit.
    static let window = 256

    /// Whether `position` lies inside a word: the characters on both sides of it belong to
    /// the same word.
    func isInsideWord(_ position: Int) -> Bool {
        guard let (before, beforeLength) = scalar(before: position), let (after, afterLength) = scalar(at: position) else { return false }
        let beforeIsWord = Self.isWordScalar(before)
        let afterIsWord = Self.isWordScalar(after)
        if beforeIsWord && afterIsWord { return true }
        if beforeIsWord, Self.isJoiner(after), let (next, _) = scalar(at: position + afterLength), Self.isWordScalar(next) {
            return Self.joins(after, before, next)
        }
        if afterIsWord, Self.isJoiner(before), let (previous, _) = scalar(before: position - beforeLength), Self.isWordScalar(previous) {
            return Self.joins(before, previous, after)
        }
        return false
    }

    /// The start of the word run ending at `position`: walks back over word characters and
    /// joiners that follow one, at most ``window`` bytes.
    func wordStart(endingAt position: Int) -> Int {
        var start = position
        let limit = max(0, position - Self.window)
        while start > limit, let (scalar, length) = scalar(before: start) {
            if Self.isWordScalar(scalar) {
                start -= length
            } else if Self.isJoiner(scalar), let (previous, _) = self.scalar(before: start - length), Self.isWordScalar(previous) {
                start -= length
            } else {
                break
            }
        }
        return start
    }

    /// The end of the word run starting at `position` (see ``wordStart(endingAt:)``).
    func wordEnd(startingAt position: Int) -> Int {
        var end = position
        let limit = min(bytes.count, position + Self.window)
        while end < limit, let (scalar, length) = scalar(at: end) {
            if Self.isWordScalar(scalar) {
                end += length
            } else if Self.isJoiner(scalar), let (next, _) = self.scalar(at: end + length), Self.isWordScalar(next) {
                end += length
            } else {
                break
            }
        }
        return end
    }

    /// Whether the character starting at `position` belongs to a word (a standalone
    /// ideograph counts: it is a word of its own).
    func startsWordCharacter(at position: Int) -> Bool {
        guard let (scalar, _) = scalar(at: position) else { return false }
        return Self.isWordScalar(scalar) || Self.isStandalone(scalar)
    }

    /// Whether the character ending at `position` belongs to a word (see ``startsWordCharacter(at:)``).
    func endsWordCharacter(at position: Int) -> Bool {
        guard let (scalar, _) = scalar(before: position) else { return false }
        return Self.isWordScalar(scalar) || Self.isStandalone(scalar)
    }

    // MARK: Classes

    /// A letter, digit, mark or underscore that joins its neighbours into one word.
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return CharacterClass(asciiByte: UInt8(scalar.value)) == .word }
        return CharacterClass(scalar) == .word && !isStandalone(scalar)
    }

    /// A character that is a word of its own: Han ideographs, kana and Hangul.
    static func isStandalone(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        guard value >= 0x1100 else { return false }
        if TextMergePolicy.isSpaceless(scalar) { return true }
        return (0xAC00...0xD7AF).contains(value) || (0x1100...0x11FF).contains(value) || (0x3130...0x318F).contains(value)
            || (0xA960...0xA97F).contains(value) || (0xD7B0...0xD7FF).contains(value)
    }

    /// Punctuation that may join two word characters into one word.
    static func isJoiner(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2E, 0x27, 0x2D, 0x2C, 0x2019: true   // . ' - , ’
        default: false
        }
    }

    /// Whether `joiner` joins `previous` and `next`: a comma only between digits.
    private static func joins(_ joiner: Unicode.Scalar, _ previous: Unicode.Scalar, _ next: Unicode.Scalar) -> Bool {
        guard joiner == "," else { return true }
        return previous.properties.numericType != nil && next.properties.numericType != nil
    }

    // MARK: Decoding

    /// The scalar starting at `position` and its length in bytes.
    func scalar(at position: Int) -> (Unicode.Scalar, Int)? {
        guard position >= 0, position < bytes.count else { return nil }
        let lead = bytes[position]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        var end = position + 1
        while end < bytes.count, end - position < 4, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return Self.decode(position..<end, in: bytes)
    }

    /// The scalar ending at `position` and its length in bytes.
    func scalar(before position: Int) -> (Unicode.Scalar, Int)? {
        guard position > 0, position <= bytes.count else { return nil }
        let last = bytes[position - 1]
        if last < 0x80 { return (Unicode.Scalar(last), 1) }
        var start = position - 1
        while start > 0, position - start < 4, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return Self.decode(start..<position, in: bytes)
    }

    private static func decode(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> (Unicode.Scalar, Int)? {
        var iterator = UnsafeBufferPointer(rebasing: bytes[range]).makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
        return (scalar, range.count)
    }
}
