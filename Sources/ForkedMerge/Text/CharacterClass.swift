/// The coarse class of a character, used to place edits at natural boundaries and to
/// recognise words.
enum CharacterClass: Equatable, Sendable {
    case lineBreak, whitespace, punctuation, word

    /// The class of an ASCII byte.
    init(asciiByte byte: UInt8) {
        switch byte {
        case 0x0A, 0x0D: self = .lineBreak
        case 0x20, 0x09, 0x0B, 0x0C: self = .whitespace
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x5F: self = .word
        default: self = .punctuation
        }
    }

    /// The class of a grapheme cluster, decided by its first scalar.
    init(_ character: Character) {
        if character.isNewline { self = .lineBreak; return }
        guard let scalar = character.unicodeScalars.first else { self = .punctuation; return }
        self.init(scalar)
    }

    /// The class of a single scalar; combining marks count as word characters since they
    /// belong to the letter before them.
    init(_ scalar: Unicode.Scalar) {
        if scalar.isASCII { self.init(asciiByte: UInt8(scalar.value)); return }
        let properties = scalar.properties
        if properties.isWhitespace {
            self = scalar == "\u{2028}" || scalar == "\u{2029}" || scalar == "\u{85}" ? .lineBreak : .whitespace
            return
        }
        if properties.isAlphabetic || properties.numericType != nil { self = .word; return }
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .connectorPunctuation: self = .word
        default: self = .punctuation
        }
    }

    /// A number for the class, 0 to 3, indexing ``joinMask``.
    var code: UInt8 {
        switch self {
        case .lineBreak: 0
        case .whitespace: 1
        case .punctuation: 2
        case .word: 3
        }
    }

    /// Which characters continue the token before them, as bit `previous.code * 4 + code`: a
    /// word character after a word character, and whitespace after anything but a line break.
    /// Punctuation and line breaks always start a token of their own.
    static let joinMask: UInt16 = 1 << (3 * 4 + 3) | 1 << (1 * 4 + 1) | 1 << (2 * 4 + 1) | 1 << (3 * 4 + 1)

    /// How good a place the boundary between `before` and `after` is for an edit to start or
    /// end (nil means the edge of the text): higher is better.
    static func boundaryScore(_ before: CharacterClass?, _ after: CharacterClass?) -> Int {
        guard let before, let after else { return 6 }
        if before == .lineBreak || after == .lineBreak { return 4 }
        if before == .whitespace || after == .whitespace { return 2 }
        if before == .punctuation || after == .punctuation { return 1 }
        return 0
    }
}
