import ForkedMerge
import Testing

/// Two texts with no common ancestor merge without losing either: shared lines once, each
/// text's own lines where they are.
@Suite("Two-way text merges (salvaging)")
struct TextMergerSalvageTests {
    private let merger = TextMerger()

    @Test("lines both hold are kept once; each side's own lines are kept where they are, dominant first")
    func sharedAndOwnLines() {
        #expect(merger.salvaging("shared\nmine\n", from: "shared\ntheirs\n") == "shared\nmine\ntheirs\n")
        #expect(merger.salvaging("title\nmine\nend\n", from: "title\nend\ntheirs\n") == "title\nmine\nend\ntheirs\n")
    }

    @Test("a last line without a line break is never glued to the other text's")
    func unterminatedLastLines() {
        #expect(merger.salvaging("shared line\nq1 only line", from: "shared line\nq2 only line") == "shared line\nq1 only line\nq2 only line")
        #expect(merger.salvaging("a\nb", from: "a\nc\n") == "a\nb\nc\n")
    }

    @Test("texts that share nothing are both kept whole; equal, empty or extended texts give the fuller one")
    func wholeTexts() {
        #expect(merger.salvaging("alpha\n", from: "beta\n") == "alpha\nbeta\n")
        #expect(merger.salvaging("same\n", from: "same\n") == "same\n")
        #expect(merger.salvaging("", from: "theirs\n") == "theirs\n")
        #expect(merger.salvaging("mine\n", from: "") == "mine\n")
        #expect(merger.salvaging("one\ntwo\n", from: "one\n") == "one\ntwo\n")
        #expect(merger.salvaging("one\n", from: "one\ntwo\n") == "one\ntwo\n")
    }

    @Test("a text descends from an earlier one when it still holds at least half of its bytes in whole lines, in order")
    func descendingFromAnEarlierText() {
        let earlier = "title\none\ntwo\nthree\n"
        #expect(merger.descends(earlier, from: earlier))
        #expect(merger.descends("title\none\nmine\ntwo\nthree\nfour\n", from: earlier), "lines added")
        #expect(merger.descends("title\nONE\ntwo\nthree\n", from: earlier), "a line edited")
        #expect(!merger.descends("title\nONE\nTWO\nTHREE\n", from: earlier), "more than half of it changed")
        #expect(!merger.descends("other\n", from: earlier))
        #expect(!merger.descends("", from: earlier))
        #expect(!merger.descends("anything\n", from: ""), "nothing to be a copy of")
        #expect(!merger.descends("three\ntwo\none\ntitle\n", from: earlier), "the lines in another order")
    }
}
