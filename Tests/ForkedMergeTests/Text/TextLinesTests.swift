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
    @Test("lines split and hashed in pieces on two threads equal one thread's, whatever the piece borders meet")
    func piecesEqualWhole() {
        let piece = TextLines.pieceBytes
        let line = String(repeating: "word ", count: 13) + "\n"
        let texts = [
            "",
            "no line feed at all",
            String(repeating: "x", count: 3 * piece + 5),                       // one line across pieces
            String(repeating: line, count: 3 * piece / line.utf8.count + 7),     // ends with a line feed
            String(repeating: line, count: 2 * piece / line.utf8.count) + "tail", // ends without one
            String(repeating: "\n", count: piece - 1) + "\n" + String(repeating: "é\r\n", count: piece / 2),
            String(repeating: "a", count: piece - 1) + "\n" + String(repeating: "b", count: piece - 1) + "\n",
        ]
        for index in texts.indices {
            // Three texts at once, as a merge splits them.
            var first = texts[index]
            var second = texts[(index + 1) % texts.count]
            var third = texts[(index + 3) % texts.count]
            let owner = TextStorageOwner(keeping: [first, second, third])
            first.withUTF8 { a in
                second.withUTF8 { b in
                    third.withUTF8 { c in
                        for keeper in [owner, nil] {
                            let pieces = TextLines.inPieces(of: [a, b, c], owner: keeper)
                            let whole = [a, b, c].map { TextLines($0) }
                            #expect(pieces.map(\.starts) == whole.map(\.starts))
                            #expect(pieces.map(\.ids) == whole.map(\.ids))
                        }
                    }
                }
            }
        }
    }

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
