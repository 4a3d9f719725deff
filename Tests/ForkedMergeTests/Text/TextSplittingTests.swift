@testable import ForkedMerge
import Testing
import ForkedTestSupport

/// The byte searches the changed-words test and the benchmarks' watchers use.
@Suite("Byte searches in text")
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
}
