import Foundation
import Testing
@testable import ForkedHistory

@Suite("TextDelta")
struct TextDeltaTests {
    @Test(arguments: [
        ("", "hello"), ("hello", ""), ("the cat sat", "the black cat sat down"),
        ("line one\nline two\n", "line one\nline 2\nline three\n"), ("👨‍👩‍👧‍👦 family", "👨‍👩‍👧 family!"),
        ("e\u{301}te\u{301}", "e\u{301}t"), ("a\r\nb", "a\nb"), ("same", "same"),
    ])
    func deltaRebuildsTheNewText(old: String, new: String) throws {
        let delta = TextDelta(from: old, to: new)
        #expect(try TextDelta(encoded: delta.encoded).applied(to: old) == new)
        #expect(try old.applying(delta: #require(try new.delta(from: old))) == new)
    }

    @Test func aKeystrokeInAMegabyteCostsAFewBytes() throws {
        let line = "The quick brown fox jumps over the lazy dog, again and again.\n"
        let old = String(repeating: line, count: 1_048_576 / line.utf8.count)
        var characters = Array(old)
        characters.insert("x", at: characters.count / 2)
        let new = String(characters)
        let encoded = try #require(try new.delta(from: old))
        #expect(encoded.count < 32)
        #expect(try old.applying(delta: encoded) == new)
    }

    @Test func manyScatteredEditsRoundTrip() throws {
        var text = String(repeating: "alpha beta gamma delta\n", count: 200)
        for step in 0..<300 {
            var characters = Array(text)
            let position = (step * 7_919) % max(1, characters.count)
            if step % 3 == 0, !characters.isEmpty {
                characters.removeSubrange(position..<min(characters.count, position + step % 7 + 1))
            } else {
                characters.insert(contentsOf: Array(step % 2 == 0 ? "new " : "é\n"), at: position)
            }
            let next = String(characters)
            #expect(try text.applying(delta: #require(try next.delta(from: text))) == next, "step \(step)")
            text = next
        }
    }

    @Test func aDeltaThatDoesNotFitItsBaseIsRefused() throws {
        let delta = try #require(try "hello world".delta(from: "hello"))
        #expect(throws: HistoryError.self) { try "".applying(delta: delta) }
        #expect(throws: HistoryError.self) { try "hello".applying(delta: Data([0x80])) }
        // Inserting half of a UTF-8 sequence would make invalid text.
        #expect(throws: HistoryError.self) { try "ab".applying(delta: Data([1, 0, 1, 0xC3])) }
    }
}
