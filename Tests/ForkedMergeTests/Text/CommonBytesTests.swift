import ForkedTestSupport
import Testing
@testable import ForkedMerge

@Suite("Common bytes of two texts")
struct CommonBytesTests {
    private func naivePrefix(_ a: [UInt8], _ b: [UInt8]) -> Int {
        zip(a, b).prefix { $0 == $1 }.count
    }

    private func naiveSuffix(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int {
        min(limit, zip(a.reversed(), b.reversed()).prefix { $0 == $1 }.count)
    }

    @Test("prefix and suffix agree with a byte-by-byte count, across block and word boundaries", arguments: 0..<30)
    func agreesWithByteByByte(seed: UInt64) {
        var random = SeededGenerator(state: seed)
        for _ in 0..<20 {
            // Lengths near the 4 KB block and the 8-byte word, so every path is taken.
            let length = [0, 1, 7, 8, 9, 4095, 4096, 4097, 8200, 20_000][Int.random(in: 0..<10, using: &random)]
            let first = (0..<length).map { _ in UInt8.random(in: 97...99, using: &random) }
            var second = first
            if !second.isEmpty {
                for _ in 0..<Int.random(in: 0...2, using: &random) {
                    second[Int.random(in: 0..<second.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
                }
            }
            if Bool.random(using: &random) { second.append(contentsOf: [1, 2, 3].prefix(Int.random(in: 0...3, using: &random))) }
            let prefix = first.withUnsafeBufferPointer { a in second.withUnsafeBufferPointer { b in CommonBytes.prefix(a, b) } }
            #expect(prefix == naivePrefix(first, second), "seed \(seed), length \(length)")
            let limit = min(first.count, second.count) - prefix
            let suffix = first.withUnsafeBufferPointer { a in second.withUnsafeBufferPointer { b in CommonBytes.suffix(a, b, limit: limit) } }
            #expect(suffix == naiveSuffix(first, second, limit: limit), "seed \(seed), length \(length)")
        }
    }
}
