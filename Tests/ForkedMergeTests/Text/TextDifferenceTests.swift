import Testing
@testable import ForkedMerge

@Suite("TextDifference")
struct TextDifferenceTests {
    private func rebuilt(_ difference: TextDifference) -> (old: String, new: String) {
        let segments = difference.segments
        return (
            segments.filter { $0.kind != .inserted }.map(\.text).joined(),
            segments.filter { $0.kind != .deleted }.map(\.text).joined()
        )
    }

    @Test(arguments: [
        ("", ""), ("", "new"), ("old", ""), ("return x * 2", "return x - 3"),
        ("the cat sat", "the rsat"), ("a\nb\nc\n", "a\nB\nc\nd\n"), ("👨‍👩‍👧‍👦 and 🏳️‍🌈", "👨‍👩‍👧 and 🏳️"),
        ("cafe\u{301} au lait", "cafe au lait"), ("x\r\ny", "x\ny"),
    ])
    func segmentsRebuildBothTexts(old: String, new: String) {
        let difference = TextDifference(from: old, to: new)
        let (rebuiltOld, rebuiltNew) = rebuilt(difference)
        #expect(rebuiltOld == old)
        #expect(rebuiltNew == new)
    }

    @Test func changesAreWholeWords() {
        let difference = TextDifference(from: "return x * 2", to: "return x - 3")
        #expect(difference.segments.filter { $0.kind == .deleted }.map(\.text) == ["*", "2"])
        #expect(difference.segments.filter { $0.kind == .inserted }.map(\.text) == ["-", "3"])
        let word = TextDifference(from: "the cat sat", to: "the cart sat")
        #expect(word.segments.filter { $0.kind != .kept }.map(\.text) == ["cat", "cart"])
    }

    @Test func aChangedEmojiIsOneWholeCharacter() {
        let difference = TextDifference(from: "hi 👍 there", to: "hi 👍🏽 there")
        for segment in difference.segments { #expect(!segment.text.unicodeScalars.first!.properties.isEmojiModifier) }
        #expect((difference.insertedCharacterCount, difference.deletedCharacterCount) == (1, 1))
    }

    @Test func countsAreCharacters() {
        let difference = TextDifference(from: "hello", to: "hello wörld")
        #expect(difference.insertedCharacterCount == 6)
        #expect(difference.deletedCharacterCount == 0)
        #expect(TextDifference(from: "same", to: "same").changes.isEmpty)
    }
}
