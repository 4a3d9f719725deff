import ForkedMerge
import ForkedTestSupport
import Testing

/// Words of a text as a reader sees them, written apart from the merge's own code: runs of
/// letters, digits, marks and underscores, joined across one `.`, `'`, `’` or `-` between two
/// of them and one `,` between two digits; each Han, kana or Hangul character alone.
enum ReaderWords {
    /// The words of `text` with their UTF-8 ranges.
    static func words(_ text: String) -> [(word: String, range: Range<Int>)] {
        let scalars = Array(text.unicodeScalars)
        var offsets = [0]
        for scalar in scalars { offsets.append(offsets[offsets.count - 1] + scalar.utf8.count) }
        var result: [(String, Range<Int>)] = []
        var index = 0
        while index < scalars.count {
            if isStandalone(scalars[index]) {
                result.append((String(scalars[index]), offsets[index]..<offsets[index + 1]))
                index += 1
                continue
            }
            guard isWord(scalars[index]) else { index += 1; continue }
            var end = index + 1
            while end < scalars.count {
                if isWord(scalars[end]) { end += 1; continue }
                if end + 1 < scalars.count, isJoiner(scalars[end]), isWord(scalars[end + 1]),
                   scalars[end] != "," || (isDigit(scalars[end - 1]) && isDigit(scalars[end + 1])) {
                    end += 2
                    continue
                }
                break
            }
            var word = String.UnicodeScalarView()
            word.append(contentsOf: scalars[index..<end])
            result.append((String(word), offsets[index]..<offsets[end]))
            index = end
        }
        return result
    }

    static func isStandalone(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return scalar.properties.isIdeographic || (0x3040...0x30FF).contains(value) || (0x31F0...0x31FF).contains(value)
            || (0xAC00...0xD7AF).contains(value) || (0x1100...0x11FF).contains(value) || (0x3130...0x318F).contains(value)
            || (0xA960...0xA97F).contains(value) || (0xD7B0...0xD7FF).contains(value)
    }

    static func isWord(_ scalar: Unicode.Scalar) -> Bool {
        if isStandalone(scalar) { return false }
        if scalar == "_" { return true }
        let properties = scalar.properties
        if properties.isWhitespace { return false }
        if properties.isAlphabetic || properties.numericType != nil { return true }
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .connectorPunctuation: return true
        default: return false
        }
    }

    static func isJoiner(_ scalar: Unicode.Scalar) -> Bool { [".", "'", "’", "-", ","].contains(scalar) }
    static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.numericType != nil }
}

/// Random texts of words people write (names, numbers, versions, prices, CJK, Korean,
/// combining marks, emoji, CRLF) and random edits of them, some of the same word on both sides.
struct WordEditGenerator {
    var random: SeededGenerator

    static let vocabulary = [
        "budget", "costs", "money", "Tuesday", "Thursday", "Friday", "meet", "on", "the", "cat", "sat",
        "1.2.3", "1.2.4", "5432", "6432", "10", "12", "$1,250", "2026-11-28", "don't", "e-mail", "Bob", "Rob",
        "cafe\u{301}", "café", "naïve", "我", "喜欢", "猫", "非常", "和狗", "학생", "나는", "ねこ", "🎉", "👩‍💻", "x", "=", "(", ")", "!",
    ]
    static let separators = [" ", " ", " ", "  ", ", ", ". ", "\n", "\r\n", "", "\t"]
    static let letters: [Character] = ["a", "e", "o", "x", "1", "7", ".", "-", "é", "猫", "학", " ", "\n"]

    mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &random)] }

    /// An ancestor as tokens: words and the separators between them.
    mutating func tokens() -> [String] {
        var tokens: [String] = []
        for _ in 0..<Int.random(in: 1...14, using: &random) {
            tokens.append(pick(Self.vocabulary))
            tokens.append(pick(Self.separators))
        }
        return tokens
    }

    /// `tokens` with up to three edits; `focus` names a token both sides tend to edit.
    mutating func edited(_ tokens: [String], focus: Int) -> String {
        var tokens = tokens
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let index = Bool.random(using: &random) ? focus : Int.random(in: 0..<tokens.count, using: &random)
            switch Int.random(in: 0..<6, using: &random) {
            case 0: tokens[index] = pick(Self.vocabulary)
            case 1:  // a character inserted, replaced or deleted inside the token
                var characters = Array(tokens[index])
                let position = Int.random(in: 0...characters.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: characters.insert(pick(Self.letters), at: position)
                case 1 where position < characters.count: characters[position] = pick(Self.letters)
                default: if position < characters.count { characters.remove(at: position) }
                }
                tokens[index] = String(characters)
            case 2: tokens.insert(pick(Self.vocabulary) + pick(Self.separators), at: index)
            case 3: tokens[index] = ""
            case 4: tokens[index] = tokens[index] + pick(Self.vocabulary)
            default: tokens[index] = pick(Self.separators)
            }
        }
        return tokens.joined()
    }
}

@Suite("TextMerger: the word rule holds for any input")
struct TextMergerWordRuleTests {
    /// Checks rule 4 of the merge on one case; returns a description of what broke, if anything.
    static func violation(ancestor: String, dominant: String, subordinate: String) -> String? {
        let report = TextMerger().mergeReportingConflicts(dominant, withSubordinate: subordinate, commonAncestor: ancestor)
        let detailed = TextMerger().mergeWithOrigins(dominant, withSubordinate: subordinate, commonAncestor: ancestor)
        let plain = try? TextMerger().merge(dominant, withSubordinate: subordinate, commonAncestor: ancestor)
        if report.text != detailed.text || report.text != plain || report.conflicts != detailed.conflicts {
            return "entry points disagree: \(report.text.debugDescription) / \(detailed.text.debugDescription) / \(plain.debugDescription)"
        }
        let known = Set([ancestor, dominant, subordinate].flatMap { ReaderWords.words($0).map(\.word) })
        let conflicted = report.conflicts.map(\.utf8Range)
        for (word, range) in ReaderWords.words(report.text) where !known.contains(word) {
            if conflicted.contains(where: { $0.overlaps(range) }) { continue }
            return "invented word \(word.debugDescription) in \(report.text.debugDescription)"
        }
        // Every word a side added is in the output, unless the merge reported a conflict (which
        // keeps both versions, or says what yielded to a deletion).
        guard report.conflicts.isEmpty else { return nil }
        let ancestorWords = Set(ReaderWords.words(ancestor).map(\.word))
        let output = Set(ReaderWords.words(report.text).map(\.word))
        for (side, other) in [(dominant, subordinate), (subordinate, dominant)] {
            let otherWords = Set(ReaderWords.words(other).map(\.word))
            for (word, _) in ReaderWords.words(side) where !ancestorWords.contains(word) && !output.contains(word) {
                // Both typed it at one place and the other side typed more ("1" and "10"): the
                // longer word, which starts or ends with it, is the one insertion applied once.
                if output.contains(where: { otherWords.contains($0) && ($0.hasPrefix(word) || $0.hasSuffix(word)) }) { continue }
                // Every character this side changed is changed so in the merge too: the other
                // side made the same change and more ("10" and "100" for "1"), applied once.
                // (A side on a shortest edit path from the ancestor to the merge lost nothing.)
                if distance(ancestor, side) + distance(side, report.text) == distance(ancestor, report.text) { continue }
                return "dropped word \(word.debugDescription) in \(report.text.debugDescription)"
            }
        }
        return nil
    }

    /// The number of characters to delete and insert to turn one text into the other (no
    /// substitutions: one text's changes are contained in another's exactly when it lies on a
    /// shortest such path).
    static func distance(_ first: String, _ second: String) -> Int {
        let a = Array(first)
        let b = Array(second)
        guard !a.isEmpty, !b.isEmpty else { return a.count + b.count }
        var previous = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            var current = [Int](repeating: 0, count: b.count + 1)
            for j in 1...b.count {
                current[j] = a[i - 1] == b[j - 1] ? previous[j - 1] + 1 : max(previous[j], current[j - 1])
            }
            previous = current
        }
        return a.count + b.count - 2 * previous[b.count]
    }

    @Test("no invented or dropped word, and every entry point agrees, in 10,000 seeded cases", arguments: 0..<4)
    func wordRuleHolds(seed: UInt64) {
        var generator = WordEditGenerator(random: SeededGenerator(state: 0x5EED_0000 + seed))
        var failures: [String] = []
        var conflicts = 0
        for _ in 0..<2_500 {
            let tokens = generator.tokens()
            let focus = Int.random(in: 0..<tokens.count, using: &generator.random)
            let ancestor = tokens.joined()
            let dominant = generator.edited(tokens, focus: focus)
            let subordinate = generator.edited(tokens, focus: focus)
            if let problem = Self.violation(ancestor: ancestor, dominant: dominant, subordinate: subordinate) {
                failures.append("\(problem) from \(ancestor.debugDescription) / \(dominant.debugDescription) / \(subordinate.debugDescription)")
            }
            if !TextMerger().mergeReportingConflicts(dominant, withSubordinate: subordinate, commonAncestor: ancestor).conflicts.isEmpty {
                conflicts += 1
            }
        }
        #expect(failures.isEmpty, "\(failures.count) cases broke the rule, first: \(failures.prefix(3))")
        // The cases reach both clean merges and conflicts.
        #expect(conflicts > 100 && conflicts < 2_400)
    }
}
