import ForkedTestSupport
import Testing
@testable import ForkedEditCore

@Suite("Line wrap")
struct LineWrapTests {
    @Test("rows start after spaces; a word longer than the row is cut at the width")
    func examples() {
        #expect(LineWrap("the quick brown fox jumps", width: 10).rowStarts == [0, 10, 20])
        #expect(LineWrap("a little longer text", width: 20).rowStarts == [0, 20], "a full row adds a row for the cursor")
        #expect(LineWrap("a little longer text that", width: 20).rowStarts == [0, 16], "the space after a full row goes with it")
        #expect(LineWrap("abcdefghij klm", width: 10).rowStarts == [0, 10], "no space on the row: the next starts with it")
        #expect(LineWrap("abcdefghijklmnopqrstuvwxyz", width: 10).rowStarts == [0, 10, 20])
        #expect(LineWrap("", width: 10).rowStarts == [0])
        #expect(LineWrap("猫猫猫", width: 5).rowStarts == [0, 4], "a wide character never straddles a row's end")
    }

    /// Every row fits the width; rows cover the line in order; a row breaks inside a word only
    /// when that word (with what precedes it on the row) has no space to break at.
    @Test("over random lines: rows fit, cover the line, and split a word only when it cannot move whole", arguments: 0..<4)
    func randomLines(batch: UInt64) {
        var random = SeededGenerator(state: 0x57A9 + batch)
        let pieces = ["a", "word", "longerword", " ", " ", "  ", "猫", "é", "\t", "x.y", "antidisestablishmentarianism"]
        for _ in 0..<500 {
            let line = (0..<Int.random(in: 0...20, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
            let width = Int.random(in: 2...30, using: &random)
            let wrap = LineWrap(line, width: width)
            let columns = Array(line).reduce(into: [0]) { $0.append(TextColumns.advance($0[$0.count - 1], over: $1)) }
            #expect(wrap.rowStarts.first == 0)
            #expect(zip(wrap.rowStarts, wrap.rowStarts.dropFirst()).allSatisfy { $0 < $1 }, "\(line.debugDescription) \(width)")
            #expect(wrap.displayWidth == columns.last)
            for row in 0..<wrap.rowCount {
                let range = wrap.columns(ofRow: row)
                let oneCharacter = columns.firstIndex(of: range.lowerBound).map { columns.indices.contains($0 + 1) && columns[$0 + 1] == range.upperBound } ?? false
                #expect(range.count <= width || oneCharacter, "\(line.debugDescription) at \(width): row \(row) is \(range) of \(wrap.rowStarts)")
                #expect(columns.contains(range.lowerBound), "rows start at a character: \(line.debugDescription) \(width)")
                // A break inside a word: then the row holds no space to break after.
                guard row > 0 else { continue }
                let characters = Array(line)
                guard let index = columns.firstIndex(of: range.lowerBound), index > 0, index < characters.count else { continue }
                let before = characters[index - 1]
                let splitsWord = before != " " && before != "\t" && characters[index] != " " && characters[index] != "\t"
                if splitsWord, let startIndex = columns.firstIndex(of: wrap.rowStarts[row - 1]) {
                    let previousRow = characters[startIndex..<index]
                    #expect(!previousRow.dropFirst().contains(" ") && !previousRow.dropFirst().contains("\t"),
                            "\(line.debugDescription) at \(width): row \(row - 1) could have broken at a space")
                }
            }
        }
    }
}
