@testable import ForkedMerge
import PropertyBased
import Testing

/// Short byte strings from a small alphabet, so equal slices at different places are common.
private let byteStrings = Gen<UInt8?>.element(of: [0x61, 0x62, 0x20, 0x0A, 0xC3, 0xA9] as [UInt8])
    .map { $0 ?? 0x61 }.array(of: 0...60)
private let offsets = Gen.int(in: 0...1_000).array(of: 4)

/// The hash byte by byte, as the eight-byte loads must reproduce it: words of sixteen-byte
/// steps in two chains (the first word of each step in one, the second in the other), joined,
/// then the words left and the tail in one.
private func referenceHash(_ bytes: [UInt8], _ range: Range<Int>) -> UInt64 {
    func word(at index: Int) -> UInt64 {
        var word: UInt64 = 0
        for offset in (0..<8).reversed() { word = word << 8 | UInt64(bytes[index + offset]) }
        return word
    }
    func step(_ h: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = (h ^ word) &* 0x9E37_79B9_7F4A_7C15
        return mixed ^ (mixed >> 29)
    }
    var h: UInt64 = 0x243F_6A88_85A3_08D3 ^ UInt64(range.count)
    var index = range.lowerBound
    if range.count >= 16 {
        var second: UInt64 = 0x1319_8A2E_0370_7344
        while index + 16 <= range.upperBound {
            h = step(h, word(at: index))
            second = step(second, word(at: index + 8))
            index += 16
        }
        h = step(h, second << 31 | second >> 33)
    }
    while index + 8 <= range.upperBound {
        h = step(h, word(at: index))
        index += 8
    }
    var tail: UInt64 = 0
    for offset in (index..<range.upperBound).reversed() { tail = tail << 8 | UInt64(bytes[offset]) }
    h = (h ^ tail) &* 0xBF58_476D_1CE4_E5B9
    h ^= h >> 31
    return h
}

/// A range of `count` bytes chosen by two codes.
private func range(_ first: Int, _ second: Int, in count: Int) -> Range<Int> {
    let low = first % (count + 1)
    return low..<(low + second % (count - low + 1))
}

@Suite("ByteSliceInterner")
struct ByteSliceInternerTests {
    @Test("hashing and comparing read exactly the bytes of the range, at either end of the buffer too")
    func slicesAtBufferEdges() async {
        await propertyCheck(input: byteStrings, byteStrings, offsets) { first, second, codes in
            first.withUnsafeBufferPointer { a in
                second.withUnsafeBufferPointer { b in
                    let rangeA = range(codes[0], codes[1], in: first.count)
                    let rangeB = range(codes[2], codes[3], in: second.count)
                    #expect(ByteSliceInterner.hash(a, rangeA) == referenceHash(first, rangeA))
                    #expect(ByteSliceInterner.equal(a, rangeA, b, rangeB) == (first[rangeA] == second[rangeB]))
                    // The same bytes elsewhere compare equal: the whole buffer against its slice.
                    let copy = Array(first[rangeA])
                    copy.withUnsafeBufferPointer { c in
                        #expect(ByteSliceInterner.equal(a, rangeA, c, 0..<copy.count))
                        #expect(ByteSliceInterner.hash(c, 0..<copy.count) == ByteSliceInterner.hash(a, rangeA))
                    }
                }
            }
        }
    }

    @Test("a buffer shorter than a word is read byte by byte")
    func tinyBuffers() {
        let bytes: [UInt8] = [1, 2, 3]
        bytes.withUnsafeBufferPointer { buffer in
            for lower in 0...3 {
                for upper in lower...3 {
                    let word = ByteSliceInterner.partialWord(UnsafeRawPointer(buffer.baseAddress!), buffer.count, lower..<upper)
                    var expected: UInt64 = 0
                    for index in (lower..<upper).reversed() { expected = expected << 8 | UInt64(bytes[index]) }
                    #expect(word == expected)
                }
            }
        }
    }
}
