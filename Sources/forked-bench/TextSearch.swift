import ForkedMerge

/// Byte searches for the benchmarks' watchers, which poll a document every millisecond: the
/// Foundation `contains` they would otherwise pick folds character clusters through CFString, and
/// on a 1 MB text took the CPU the measured devices needed.
enum TextSearch {
    /// Whether `text` holds `needle`'s bytes.
    static func contains(_ text: String, _ needle: String) -> Bool {
        var text = text
        var needle = needle
        return text.withUTF8 { haystack in
            needle.withUTF8 { needle in TextSplitting.contains(haystack, in: 0..<haystack.count, needle, 0..<needle.count) }
        }
    }

    /// The lines of `text` that hold `byte`, split on newline bytes: splitting on the Character
    /// `"\n"` breaks the whole text into grapheme clusters, on every change of a watched document.
    static func lines(of text: String, containing byte: UInt8) -> [Substring] {
        text.utf8.split(separator: UInt8(ascii: "\n")).filter { $0.contains(byte) }.map { Substring($0) }
    }
}
