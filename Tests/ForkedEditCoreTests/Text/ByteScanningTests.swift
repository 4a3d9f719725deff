import ForkedTestSupport
import Testing
@testable import ForkedEditCore

@Suite("ByteScanning")
struct ByteScanningTests {
    @Test("finds every occurrence of a byte where a walk of the UTF-8 view does, in 500 seeded texts")
    func agreesWithTheUTF8View() {
        var generator = SeededGenerator(state: 0x5CA9)
        let pieces = ["a", "\n", "\r", "\r\n", "é", "猫", "👍🏽", " ", "\t", "x\ry"]
        for _ in 0..<500 {
            let text = (0..<Int(generator.next() % 40)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            for byte in [UInt8(ascii: "\r"), UInt8(ascii: "\n"), UInt8(ascii: "a"), 0xE7] {
                var offsets: [Int] = []
                ByteScanning.forEach(byte, in: text) { offsets.append($0); return true }
                let expected = text.utf8.enumerated().filter { $0.element == byte }.map(\.offset)
                #expect(offsets == expected, "\(text.debugDescription) byte \(byte)")
                #expect(ByteScanning.contains(byte, in: text) == !expected.isEmpty)
            }
        }
    }

    @Test("a pasted carriage return still becomes a line break")
    func pastedCarriageReturns() {
        #expect(LineEndings.normalize("one\r\ntwo\r\n") == ("one\ntwo\n", .windows))
        #expect(LineEndings.normalize("one\ntwo\r") == ("one\ntwo\r", .unix))
    }
}
