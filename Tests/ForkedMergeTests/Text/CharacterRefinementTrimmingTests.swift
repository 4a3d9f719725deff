@testable import ForkedMerge
import Testing
import ForkedTestSupport

/// `trimmedToChangedWords` finds the common prefix and suffix eight bytes at a time and the
/// first differing byte from the differing word's bits; it must cut exactly where a byte by
/// byte scan does.
@Suite("Trimming a changed region to its changed words")
struct CharacterRefinementTrimmingTests {
    /// The rule of `trimmedToChangedWords`, one byte at a time.
    private func reference(_ a: [UInt8], _ b: [UInt8]) -> (Range<Int>, Range<Int>) {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A }
        let shorter = min(a.count, b.count)
        var prefix = 0
        while prefix < shorter, a[prefix] == b[prefix] { prefix += 1 }
        while prefix > 0 {
            let nextIsASCII = (prefix == a.count || a[prefix] < 0x80) && (prefix == b.count || b[prefix] < 0x80)
            if isSpace(a[prefix - 1]) && nextIsASCII { break }
            prefix -= 1
        }
        var suffix = 0
        while suffix < shorter - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        while suffix > 0 {
            let i = a.count - suffix
            let j = b.count - suffix
            if i > prefix && isSpace(a[i - 1]) && j > prefix && isSpace(b[j - 1]) && a[i] < 0x80 { break }
            suffix -= 1
        }
        return (prefix..<(a.count - suffix), prefix..<(b.count - suffix))
    }

    @Test("cuts where a byte-by-byte scan cuts, on random texts sharing long ends", arguments: 0..<4)
    func matchesByteScan(seed: UInt64) {
        var generator = SeededGenerator(state: seed &+ 300)
        let pieces = ["a", "bc", " ", "\n", "é", "xyz ", "\t", "12345678"]
        func text(_ count: Int) -> [UInt8] {
            var bytes: [UInt8] = []
            for _ in 0..<count { bytes += Array((pieces.randomElement(using: &generator) ?? "a").utf8) }
            return bytes
        }
        for _ in 0..<2_000 {
            // Shared ends of every length around the eight-byte steps, and a middle that differs.
            let head = text(Int.random(in: 0...12, using: &generator))
            let tail = text(Int.random(in: 0...12, using: &generator))
            let a = head + text(Int.random(in: 0...4, using: &generator)) + tail
            let b = head + text(Int.random(in: 0...4, using: &generator)) + tail
            let expected = reference(a, b)
            let found = a.withUnsafeBufferPointer { ab in
                b.withUnsafeBufferPointer { bb in CharacterRefinement.trimmedToChangedWords(ab, 0..<a.count, bb, 0..<b.count) }
            }
            #expect(found.0 == expected.0 && found.1 == expected.1, "\(a) \(b)")
        }
    }

    @Test("ranges inside longer buffers are trimmed relative to their own bounds")
    func rangesInsideBuffers() {
        let a = Array("xxxx one two three four five six seven\nyyyy".utf8)
        let b = Array("zzone two THREE four five six seven\nww".utf8)
        let found = a.withUnsafeBufferPointer { ab in
            b.withUnsafeBufferPointer { bb in CharacterRefinement.trimmedToChangedWords(ab, 5..<39, bb, 2..<36) }
        }
        // "one two " and " four five six seven\n" are common; the cut keeps "three " whole.
        #expect(found.0 == 13..<19 && found.1 == 10..<16)
    }
}
