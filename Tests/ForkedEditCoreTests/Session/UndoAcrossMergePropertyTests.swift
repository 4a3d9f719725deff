import ForkedTestSupport
import Testing
@testable import ForkedEditCore

/// Undo after a merge, over random edits: whatever the other fork typed, on this fork's lines or
/// others, every edit of this fork the merge did not touch is still undoable and undoing them
/// all leaves exactly the other fork's text.
@Suite("Undo across random merges")
struct UndoAcrossMergePropertyTests {
    static let words = ["plum", "cake", "tea", "and", "x", "12", "a.b", "über", "猫"]

    /// Keys that put the cursor at the end (or start) of a random line and type a few words.
    static func typing(lines: Int, using random: inout SeededGenerator) -> String {
        var keys = "<C-Home>" + String(repeating: "<Down>", count: Int.random(in: 0..<lines, using: &random))
        // Words typed apart from the line's own (a space between), so they never join one of its
        // words: joining would change that word on both sides, a conflict.
        let atEnd = Bool.random(using: &random)
        keys += atEnd ? "<End>" : "<Home>"
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let word = words.randomElement(using: &random) ?? "x"
            keys += atEnd ? " " + word : word + " "
        }
        return keys
    }

    @Test("undoing every kept edit of a fork after F5 leaves the other fork's text", arguments: 0..<4)
    func undoAllLeavesTheOtherFork(batch: UInt64) throws {
        var random = SeededGenerator(state: 0xC0FFEE + batch)
        var allKept = 0
        var cleanMerges = 0
        for _ in 0..<100 {
            let lineCount = Int.random(in: 1...4, using: &random)
            let text = (0..<lineCount).map { _ in Self.words.shuffled(using: &random).prefix(3).joined(separator: " ") }
                .joined(separator: "\n") + "\n"
            let session = try EditorSession(text: text, fileName: "notes.txt", columns: 80, rows: 24, writer: InMemoryDocumentWriter())
            let leftKeys = Self.typing(lines: lineCount, using: &random)
            let rightKeys = Self.typing(lines: lineCount, using: &random)
            try session.type(leftKeys + "<Tab>" + rightKeys + "<Tab>", slowly: true)
            let stepsBefore = session.panes[0].state.history.count
            let left = try session.documents()["left"] ?? ""
            let right = try session.documents()["right"] ?? ""
            try session.type("<F5>", slowly: true)
            let merged = try session.documents()["left"] ?? ""
            let stepsKept = session.panes[0].state.history.count
            #expect(stepsKept <= stepsBefore)
            for _ in 0..<stepsKept { try session.type("<C-z>", slowly: true) }
            let undone = try session.documents()["left"] ?? ""
            // A clean merge of two insertions holds both; undoing all of left's leaves right's.
            let context = "text \(text.debugDescription) left \(leftKeys) right \(rightKeys) merged \(merged.debugDescription)"
            // Only where the merge kept both insertions whole (it reports two at one place as a
            // conflict, and takes an insertion the other contains once).
            let keptBoth = merged.utf8.count == left.utf8.count + right.utf8.count - text.utf8.count
            guard keptBoth, session.message?.contains("conflict") != true else { continue }
            cleanMerges += 1
            if stepsKept == stepsBefore {
                allKept += 1
                #expect(undone == right, "\(context) undone \(undone.debugDescription)")
            }
        }
        // Insertions at line ends or starts never split each other: nearly every case keeps all.
        #expect(cleanMerges >= 50, "only \(cleanMerges) of 100 merges were clean")
        #expect(allKept * 10 >= cleanMerges * 9, "only \(allKept) of \(cleanMerges) kept every step")
    }

}
