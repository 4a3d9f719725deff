import ForkedTestSupport

/// Building blocks for property tests: a pool of awkward characters and random edits.
enum TextEdits {
    /// Characters chosen to stress grapheme handling: ASCII, line endings, combining marks
    /// (alone and attached), ZWJ sequences, flags, skin tones, BOM, controls, CJK.
    static let pool: [Character] = [
        "a", "b", "c", "x", " ", " ", "\n", "\r\n", "\t", ".", ",", "_", "1",
        "é", "e\u{301}", "\u{301}", "ß", "会", "議",
        "👩‍💻", "👨‍👩‍👧", "🇩🇪", "👍🏽", "\u{200D}", "\u{FEFF}", "\u{0}", "\u{7}", "\u{1B}",
    ]

    /// Applies edits encoded as integers to `ancestor`: each integer picks a position, a
    /// number of characters to delete (0-3) and up to three pool characters to insert.
    static func apply(_ codes: [Int], to ancestor: [Character]) -> [Character] {
        var text = ancestor
        for code in codes {
            let position = text.isEmpty ? 0 : (code % (text.count + 1))
            let deletion = min((code / 7) % 4, text.count - position)
            text.removeSubrange(position..<(position + deletion))
            let insertCount = (code / 29) % 4
            var insertion: [Character] = []
            for index in 0..<insertCount { insertion.append(pool[(code / 113 + index * 31) % pool.count]) }
            text.insert(contentsOf: insertion, at: position)
        }
        return text
    }

    /// `count` lines of 1 to `maximumWords` words picked from `words`, each ending in a line break.
    static func wordLines(count: Int, of words: [String], maximumWords: Int, _ generator: inout SeededGenerator) -> [String] {
        (0..<count).map { _ in
            (0..<Int.random(in: 1...maximumWords, using: &generator)).map { _ in words.randomElement(using: &generator) ?? "" }
                .joined(separator: " ") + "\n"
        }
    }

    /// Lines of words with some lines edited (a word replaced, a letter doubled, the line
    /// removed, a line added after it, glued to the next), so edits of two sides fall on the
    /// same, adjacent and distant lines.
    static func editedLines(_ lines: [String], _ generator: inout SeededGenerator) -> String {
        var result: [String] = []
        for line in lines {
            switch Int.random(in: 0..<10, using: &generator) {
            case 0: result.append(line.replacingOccurrences(of: "fox", with: "cat"))
            case 1: result.append(line.replacingOccurrences(of: "o", with: "oo"))
            case 2: continue
            case 3: result.append(line); result.append("added \(Int.random(in: 0..<3, using: &generator)) fox")
            default: result.append(line)
            }
        }
        return result.joined()
    }
}
