import Testing
@testable import ForkedEditCore

@Suite("CursorCarrying")
struct CursorCarryingTests {
    func carried(_ old: String, cursorBefore anchor: String, to new: String) -> Substring {
        let offset = old.utf8.count - (old.range(of: anchor).map { old[$0.lowerBound...].utf8.count } ?? 0)
        let newOffset = CursorCarrying.offset(offset, from: old, to: new)
        return Substring(new.utf8.dropFirst(newOffset))
    }

    @Test("a cursor stays before the same text when text is added before it")
    func insertionBefore() {
        #expect(carried("alpha beta gamma", cursorBefore: "gamma", to: "XX alpha beta gamma").hasPrefix("gamma"))
    }

    @Test("a cursor stays put when text is added after it")
    func insertionAfter() {
        #expect(carried("alpha beta gamma", cursorBefore: "beta", to: "alpha beta gamma delta").hasPrefix("beta"))
    }

    @Test("a cursor inside deleted text lands where the text was")
    func insideDeletion() {
        #expect(carried("alpha beta gamma", cursorBefore: "ta gamma", to: "alpha gamma").hasPrefix("gamma"))
    }

    @Test("a cursor after deleted text stays on its text")
    func afterDeletion() {
        #expect(carried("alpha beta gamma delta", cursorBefore: "delta", to: "alpha gamma delta").hasPrefix("delta"))
    }

    @Test("ends and unchanged texts map to themselves")
    func edges() {
        #expect(CursorCarrying.offset(0, from: "abc", to: "xyzabc") == 0)
        #expect(CursorCarrying.offset(2, from: "abc", to: "abc") == 2)
        #expect(CursorCarrying.offset(5, from: "a\u{E000}c\u{F8FF}d", to: "b") <= 1)
    }

    @Test("multi-byte characters are kept whole")
    func multiByte() {
        #expect(carried("漢字 café 👩‍💻 end", cursorBefore: "👩‍💻", to: "前 漢字 café 👩‍💻 end").hasPrefix("👩‍💻"))
    }
}

@Suite("CursorCarrying: text typed by someone else at the cursor")
struct CursorCarryingOthersTypingTests {
    @Test("a cursor stays in front of words another person typed at its place")
    func othersInsertionAtTheCursor() {
        // ann's cursor is after "abc"; bob typed "xyz" there: ann's next key goes after "abc".
        #expect(CursorCarrying.offset(3, from: "abc", to: "abcxyz") == 3)
        #expect(CursorCarrying.offset(6, from: "alpha beta", to: "alpha XX beta") == 6)
    }

    @Test("a cursor at the end of a line stays on that line when another person adds lines there")
    func othersLinesAtTheCursor() {
        let old = "one\ntwo\nthree\n"
        let cursor = "one\ntwo".utf8.count
        let new = "one\ntwo\nbob's new line\nthree\n"
        #expect(CursorCarrying.offset(cursor, from: old, to: new) == cursor)
    }

    @Test("text inserted before the cursor still moves it along")
    func insertionBeforeStillMoves() {
        #expect(CursorCarrying.offset(5, from: "hello world", to: "oh, hello world") == 9)
    }
}
