import Testing
@testable import ForkedEditCore

@Suite("LiveMerge")
struct LiveMergeTests {
    @Test("origins are reported per fork whichever side dominates")
    func origins() throws {
        let ancestor = "one\ntwo\nthree\n"
        let texts = ["one!\ntwo\nthree\n", "one\ntwo\nthree?\n"]
        for dominant in [0, 1] {
            let merge = LiveMerge(texts: texts, ancestor: ancestor, dominantPane: dominant)
            #expect(merge.text == "one!\ntwo\nthree?\n")
            #expect(merge.dominantPane == dominant)
            #expect(merge.runs.contains(OriginRun(text: "!", origin: .leftFork)))
            #expect(merge.runs.contains(OriginRun(text: "?", origin: .rightFork)))
            #expect(merge.statistics[0].inserted == 1)
            #expect(merge.statistics[1].inserted == 1)
            #expect(merge.statistics[0].deleted == 0)
        }
    }

    @Test("a change inside a word colours the whole word; text next to it keeps its own colour")
    func wholeWords() throws {
        let merge = LiveMerge(texts: ["the cart sat\n", "the cat sat on\n"], ancestor: "the cat sat\n", dominantPane: 0)
        #expect(merge.text == "the cart sat on\n")
        let line = try #require(RunLines.lines(of: merge.runs, from: 0, count: 1).first)
        // Adjacent pieces of one colour read as one.
        var words: [(String, MergeViewOrigin)] = []
        for piece in RunLines.wholeWords(line) {
            if let last = words.last, last.1 == piece.origin {
                words[words.count - 1].0 += piece.text
            } else {
                words.append((String(piece.text), piece.origin))
            }
        }
        #expect(words.contains { $0 == ("cart", .leftFork) }, "\(words)")
        #expect(words.contains { $0 == (" on", .rightFork) }, "\(words)")
        #expect(words.first.map { $0 == ("the ", .unchanged) } == true, "\(words)")
        // Between two changes, one word goes with the first; punctuation never moves.
        let between = RunLines.wholeWords([("ab", .leftFork), ("cd", .unchanged), ("ef", .rightFork), (", x", .unchanged)])
        #expect(between.map { String($0.text) } == ["ab", "cd", "ef", ", x"])
        #expect(between.map(\.origin) == [.leftFork, .leftFork, .rightFork, .unchanged])
    }

    @Test("a true conflict is shown in the conflict colours and counted")
    func conflicts() throws {
        let merge = LiveMerge(texts: ["the dog sat\n", "the cow sat\n"], ancestor: "the cat sat\n", dominantPane: 0)
        #expect(merge.conflictCount == 1)
        #expect(merge.runs.contains { $0.origin == .conflictLeft && $0.text.contains("dog") }, "\(merge.runs)")
        #expect(merge.runs.contains { $0.origin == .conflictRight && $0.text.contains("cow") }, "\(merge.runs)")
        #expect(merge.runs.first == OriginRun(text: "the ", origin: .unchanged))
        #expect(!merge.runs.contains { $0.origin == .leftFork || $0.origin == .rightFork }, "\(merge.runs)")

        let session = try EditorSession(text: "the cat sat\n", fileName: nil, columns: 80, rows: 24, writer: InMemoryDocumentWriter())
        for key in try KeyNotation.parse("<Right><Right><Right><Right><Del><Del><Del>dog<Tab><Right><Right><Right><Right><Del><Del><Del>cow") {
            session.handle(.key(key))
        }
        #expect(session.screenContent().lower.title.hasSuffix(", 1 conflict (both kept, on red)"), "\(session.screenContent().lower.title)")
    }

    @Test("merging (F5) and saving say when the merge kept both versions of a conflict")
    func mergeMessagesCountConflicts() throws {
        let writer = InMemoryDocumentWriter()
        let conflicting = "<Right><Right><Right><Right><Del><Del><Del>dog<Tab><Right><Right><Right><Right><Del><Del><Del>cow"
        for (finish, expected) in [("<F5>", "Merged left and right through main; both versions kept at 1 conflict (line 1)"),
                                   ("<C-s>", "Merged and saved 1 line to cat.txt; both versions kept at 1 conflict (line 1)")] {
            let session = try EditorSession(text: "the cat sat\n", fileName: "cat.txt", columns: 80, rows: 24, writer: writer)
            for key in try KeyNotation.parse(conflicting + finish) { session.handle(.key(key)) }
            #expect(session.message == expected)
        }
        // A merge without a conflict says nothing of them.
        let clean = try EditorSession(text: "the cat sat\n", fileName: nil, columns: 80, rows: 24, writer: writer)
        for key in try KeyNotation.parse("<End> down<Tab>A <F5>") { clean.handle(.key(key)) }
        #expect(clean.message == "Merged left and right through main")
    }
}

@Suite("Conflicts a merge kept")
struct KeptConflictMarkTests {
    @Test("after F5 the message names the conflicts' lines, both panes mark them red, and an edit of a line unmarks it")
    func marksUntilEdited() throws {
        let text = "intro\nmeet on Tuesday\nmiddle\nport 5432\nend\n"
        let session = try EditorSession(text: text, fileName: nil, columns: 80, rows: 24, writer: InMemoryDocumentWriter())
        let day = String(repeating: "<BS>", count: 7)
        let port = String(repeating: "<BS>", count: 4)
        try session.type("<Down><End>\(day)Thursday<Down><Down><End>\(port)5433"
            + "<Tab><Down><End>\(day)Friday<Down><Down><End>\(port)6432<F5>")
        let message = try #require(session.message)
        #expect(message.hasSuffix("both versions kept at 2 conflicts (lines 2, 4)"), "\(message)")
        let marked = session.panes.map(\.state.conflictLines)
        #expect(marked[0] == marked[1] && !marked[0].isEmpty, "\(marked)")
        let first = try #require(marked[0].first)
        let rows = session.render()
        // The pane's first text row is screen row 1.
        #expect(rows[1 + first.lowerBound, 0].style == ScreenRenderer.keptConflictStyle)
        #expect(rows[1, 0].style == .plain, "an untouched line is not marked")
        // Typing on the first conflict's line unmarks it; the others stay, moved with the text.
        try session.type("<C-Home>" + String(repeating: "<Down>", count: first.lowerBound) + "<End>!")
        let after = session.panes[1].state.conflictLines
        #expect(after.count == marked[1].count - 1, "\(after)")
        #expect(session.panes[0].state.conflictLines == marked[0], "the other pane keeps its marks")
    }

    @Test("conflict ranges map to the lines they cover, a final line break not starting another")
    func conflictLines() {
        let text = "a\nbb\nccc\ndd\n"
        #expect(LiveMerge.lines(of: [2..<5, 9..<12], in: text) == [1..<2, 3..<4])
        #expect(LiveMerge.lines(of: [0..<9], in: text) == [0..<3])
        #expect(LiveMerge.lines(of: [5..<5], in: text) == [2..<3])
    }
}

@Suite("LiveMerge: deleted text")
struct LiveMergeDeletionTests {
    @Test("text a fork deleted is shown where it was, in that fork's deletion colour, and is not merged text")
    func deletedTextShown() throws {
        let merge = LiveMerge(texts: ["one\nthree\n", "one\ntwo\nthree!\n"], ancestor: "one\ntwo\nthree\n", dominantPane: 1)
        #expect(merge.text == "one\nthree!\n")
        #expect(merge.runs == [
            OriginRun(text: "one\n", origin: .unchanged),
            OriginRun(text: "two\n", origin: .deletedByLeft),
            OriginRun(text: "three", origin: .unchanged),
            OriginRun(text: "!", origin: .rightFork),
            OriginRun(text: "\n", origin: .unchanged),
        ])
        let lines = RunLines.lines(of: merge.runs, from: 0, count: 3)
        #expect(lines.count == 3, "the deleted line is a line of the view")
    }

    @Test("a letter deleted inside a word colours the word as that fork's change")
    func deletionInsideAWord() throws {
        let merge = LiveMerge(texts: ["the cat sat\n", "the cart sat\n"], ancestor: "the cart sat\n", dominantPane: 0)
        #expect(merge.text == "the cat sat\n")
        let line = try #require(RunLines.lines(of: merge.runs, from: 0, count: 1).first)
        let pieces = RunLines.wholeWords(line).map { (String($0.text), $0.origin) }
        #expect(pieces.contains { $0 == ("ca", .leftFork) }, "\(pieces)")
        #expect(pieces.contains { $0 == ("r", .deletedByLeft) }, "\(pieces)")
        #expect(pieces.contains { $0 == ("t", .leftFork) }, "\(pieces)")
    }

    @Test("the screen draws deleted text underlined in the fork's colour")
    func drawn() throws {
        let style = ScreenRenderer.style(for: .deletedByRight)
        #expect(style.underline && !style.bold && style.foreground == .magenta)
        #expect(ScreenRenderer.style(for: .rightFork).bold)
    }
}
