import ForkedEditCore
import Testing
@testable import ForkedEditTerminal

@Suite("Terminal glyphs keep the editor's layout")
struct TerminalGlyphTests {
    /// The C library measures characters only once a UTF-8 locale is in effect.
    init() throws {
        try UTF8Locale.adoptForOffscreenUse()
    }

    private func scalars(_ text: String) -> [UInt32] {
        text.unicodeScalars.map(\.value)
    }

    @Test("Plain and wide characters are written as they are")
    func plainAndWide() {
        #expect(TerminalGlyph(character: "a", columns: 1) == TerminalGlyph(scalars: scalars("a"), padding: 0))
        #expect(TerminalGlyph(character: "世", columns: 2) == TerminalGlyph(scalars: scalars("世"), padding: 0))
    }

    @Test("Combining marks stay with their base character")
    func combining() {
        #expect(TerminalGlyph(character: "e\u{301}", columns: 1) == TerminalGlyph(scalars: [0x65, 0x301], padding: 0))
    }

    @Test("A text symbol widened by VS16 is padded instead of shifting the row")
    func variationSelector() {
        #expect(TerminalGlyph(character: "\u{2764}\u{FE0F}", columns: 2) == TerminalGlyph(scalars: [0x2764], padding: 1))
    }

    @Test("A ZWJ sequence is reduced to its first emoji")
    func zeroWidthJoinerSequence() {
        #expect(TerminalGlyph(character: "👨‍👩‍👧", columns: 2) == TerminalGlyph(scalars: [0x1F468], padding: 0))
    }

    @Test("A flag keeps its first regional indicator and is padded to two columns")
    func flag() {
        #expect(TerminalGlyph(character: "🇫🇷", columns: 2) == TerminalGlyph(scalars: [0x1F1EB], padding: 1))
    }

    @Test("A character wider than its cell is replaced, an unprintable one too")
    func replacement() {
        #expect(TerminalGlyph(character: "世", columns: 1) == TerminalGlyph(scalars: [TerminalGlyph.replacement], padding: 0))
        let unknownToTheCLibrary = TerminalGlyph(character: "x", columns: 2, terminalWidth: { _ in -1 })
        #expect(unknownToTheCLibrary == TerminalGlyph(scalars: [TerminalGlyph.replacement], padding: 1))
    }

    @Test("The C library's widths agree with the editor on common characters")
    func widthsCrossCheck() {
        #expect(TerminalGlyph.terminalWidth(0x61) == 1)
        #expect(TerminalGlyph.terminalWidth(0x4E16) == 2)
        #expect(TerminalGlyph.terminalWidth(0x301) == 0)
    }

    /// Scripts where a terminal's width is settled (Latin, Greek, Cyrillic, combining
    /// diacritics, kana, CJK ideographs, Hangul syllables, fullwidth forms). Elsewhere glibc
    /// 2.36 and the editor's Unicode-derived table differ (Yijing hexagrams, circled numbers
    /// U+3248-324F, format characters such as the soft hyphen), which ``TerminalGlyph`` absorbs.
    private static let settledRanges: [ClosedRange<UInt32>] = [
        0x20...0x7E, 0xA0...0xAC, 0xAE...0x24F, 0x300...0x36F, 0x370...0x3FF, 0x400...0x4FF,
        0x1100...0x115F, 0x3041...0x30FF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xFF01...0xFF60,
    ]

    @Test("The editor's width table agrees with the C library where terminals agree")
    func displayWidthMatchesTheCLibrary() {
        var disagreements: [String] = []
        for range in Self.settledRanges {
            for value in range {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let terminal = TerminalGlyph.terminalWidth(value)
                // -1: unassigned for the C library; nothing to compare.
                guard terminal >= 0 else { continue }
                if DisplayWidth.columns(of: Character(scalar)) != terminal {
                    disagreements.append(String(value, radix: 16))
                }
            }
        }
        #expect(disagreements.isEmpty, "U+\(disagreements.prefix(20).joined(separator: ", U+")) (\(disagreements.count) in all)")
    }
}
