@testable import ForkedMerge
import Testing
import ForkedTestSupport

/// The byte searches the changed-words test and the benchmarks' watchers use, and the word
/// chunks large changed regions are aligned by.
@Suite("Byte searches and word chunks in text")
struct TextSplittingTests {
    private func contains(_ haystack: [UInt8], _ range: Range<Int>, _ needle: [UInt8]) -> Bool {
        haystack.withUnsafeBufferPointer { h in
            needle.withUnsafeBufferPointer { n in TextSplitting.contains(h, in: range, n, 0..<needle.count) }
        }
    }

    @Test("contains finds a needle exactly where a plain scan does, inside the range only", arguments: 0..<4)
    func containsMatchesAScan(seed: UInt64) {
        var generator = SeededGenerator(state: seed &+ 500)
        let alphabet: [UInt8] = Array("ab a\n".utf8)
        for _ in 0..<2_000 {
            let haystack = (0..<Int.random(in: 0...30, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? 0x61 }
            let needle = (0..<Int.random(in: 0...4, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? 0x61 }
            let lower = Int.random(in: 0...haystack.count, using: &generator)
            let range = lower..<Int.random(in: lower...haystack.count, using: &generator)
            let expected = needle.isEmpty || (range.count >= needle.count
                && (range.lowerBound...(range.upperBound - needle.count)).contains { Array(haystack[$0..<($0 + needle.count)]) == needle })
            #expect(contains(haystack, range, needle) == expected, "\(haystack) \(range) \(needle)")
        }
    }

    @Test("containsNonSpacing sees anything but spaces, tabs, carriage returns and line feeds")
    func nonSpacing() {
        let text = Array(" \t\r\n x".utf8)
        text.withUnsafeBufferPointer { bytes in
            #expect(!TextSplitting.containsNonSpacing(bytes, in: 0..<5))
            #expect(TextSplitting.containsNonSpacing(bytes, in: 0..<6))
            #expect(!TextSplitting.containsNonSpacing(bytes, in: 3..<3))
        }
    }

    @Test("word chunks end after every line feed and cut only between characters", arguments: 0..<4)
    func wordChunks(seed: UInt64) {
        var generator = SeededGenerator(state: seed &+ 4_100)
        for _ in 0..<300 {
            let characters = (0..<Int.random(in: 0...300, using: &generator)).map { _ in
                Int.random(in: 0..<3, using: &generator) == 0
                    ? (TextEdits.pool.randomElement(using: &generator) ?? "a") : (["w", "o", "r", "d", " "].randomElement(using: &generator) ?? "w")
            }
            let text = Array(String(characters).utf8)
            var boundaries: Set<Int> = [0]
            var offset = 0
            for character in characters {
                offset += character.utf8.count
                boundaries.insert(offset)
            }
            let sorted = boundaries.sorted()
            let lower = sorted.randomElement(using: &generator) ?? 0
            let upper = sorted.filter { $0 >= lower }.randomElement(using: &generator) ?? lower
            let starts = text.withUnsafeBufferPointer { TextSplitting.wordChunkStarts($0, in: lower..<upper) }
            #expect(starts.first == lower && starts.last == upper)
            #expect(zip(starts, starts.dropFirst()).allSatisfy { $0 < $1 } || lower == upper)
            // Inside the range, cuts fall between characters of the whole text.
            #expect(starts.dropFirst().dropLast().allSatisfy { boundaries.contains($0) })
            let cuts = Set(starts)
            for index in lower..<upper where text[index] == 0x0A && index + 1 < upper {
                #expect(cuts.contains(index + 1), "no cut after the line feed at \(index)")
            }
        }
    }
}
