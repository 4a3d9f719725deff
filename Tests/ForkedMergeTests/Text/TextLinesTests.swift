@testable import ForkedMerge
import PropertyBased
import Testing

/// Texts heavy in line feeds, so edits often touch line boundaries.
private let lineText = Gen<Character?>.element(of: ["a", "b", "\n", "\n", "\r\n", "é", "👍🏽", " "] as [Character])
    .map { $0 ?? "a" }.array(of: 0...60)
private let edits = Gen.int(in: 0...1_000_000).array(of: 0...4)

/// The lines of `text`, split and hashed from scratch.
private func freshLines(_ text: String) -> (starts: [Int], ids: [Int]) {
    var text = text
    return text.withUTF8 { let lines = TextLines($0); return (lines.starts, lines.ids) }
}

/// The lines of `text`, updated from those of `previous`.
private func updatedLines(_ text: String, from previous: String) -> (starts: [Int], ids: [Int]) {
    var text = text
    var previous = previous
    return previous.withUTF8 { old in
        text.withUTF8 { new in
            let lines = TextLines(new, updating: TextLines(old), of: old)
            return (lines.starts, lines.ids)
        }
    }
}

@Suite("TextLines")
struct TextLinesTests {
    @Test("lines updated from an edited text's previous version equal freshly split lines")
    func updatedEqualsFresh() async {
        await propertyCheck(input: lineText, edits) { characters, codes in
            let previous = String(characters)
            let edited = String(TextEdits.apply(codes, to: characters))
            for (text, old) in [(edited, previous), (previous, edited), (edited + "\n", edited), (edited, edited + "\n"), ("\n" + edited, edited)] {
                let updated = updatedLines(text, from: old)
                let fresh = freshLines(text)
                #expect(updated.starts == fresh.starts)
                #expect(updated.ids == fresh.ids)
            }
        }
    }

    @Test("unrelated and empty previous texts still give the fresh lines")
    func unrelatedTexts() {
        let texts = ["", "\n", "\n\n", "abc", "abc\n", "a\nb\nc", "x\ny\nz\n", "a\r\nb", "line one\nline two\n"]
        for text in texts {
            for previous in texts {
                let updated = updatedLines(text, from: previous)
                let fresh = freshLines(text)
                #expect(updated.starts == fresh.starts, "\(text.debugDescription) from \(previous.debugDescription)")
                #expect(updated.ids == fresh.ids, "\(text.debugDescription) from \(previous.debugDescription)")
            }
        }
    }
}
