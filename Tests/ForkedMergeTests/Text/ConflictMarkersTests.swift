import ForkedMerge
import Testing

@Suite("Conflict markers")
struct ConflictMarkersTests {
    @Test("a conflict is marked around just its line, with what merged cleanly on that line in both versions")
    func marksLine() {
        let report = TextMerger().mergeReportingConflicts(
            "intro\nthe dog sat down\nend\n", withSubordinate: "Intro\nthe cow sat\nend\n", commonAncestor: "intro\nthe cat sat\nend\n"
        )
        #expect(report.text == "Intro\nthe dog cow sat down\nend\n")
        let marked = report.withConflictMarkers(dominantLabel: "ours", subordinateLabel: "theirs")
        #expect(marked.text == "Intro\n<<<<<<< ours\nthe dog sat down\n=======\nthe cow sat down\n>>>>>>> theirs\nend\n")
        #expect(marked.blockLines == [2])
    }

    @Test("conflicts sharing a line form one block; a clean merge has no markers; a last line without a line break gets one")
    func blocksAndEdges() {
        let clean = TextMerger().mergeReportingConflicts("a b\n", withSubordinate: "a c\n", commonAncestor: "a c\n")
        #expect(clean.withConflictMarkers(dominantLabel: "x", subordinateLabel: "y") == ConflictMarkedText(text: "a b\n", blockLines: []))
        let report = TextMerger().mergeReportingConflicts("top\none", withSubordinate: "top\ntwo", commonAncestor: "top\nzero")
        let marked = report.withConflictMarkers(dominantLabel: "A", subordinateLabel: "B", markerSize: 3)
        #expect(marked.text == "top\n<<< A\none\n===\ntwo\n>>> B\n")
        #expect(marked.blockLines == [2])
    }

    @Test("in a CRLF text the markers end with CRLF too, as git writes them")
    func crlfMarkers() {
        let report = TextMerger().mergeReportingConflicts("a\r\nX\r\nc\r\n", withSubordinate: "a\r\nY\r\nc\r\n", commonAncestor: "a\r\nb\r\nc\r\n")
        #expect(report.withConflictMarkers(dominantLabel: "A", subordinateLabel: "B").text
            == "a\r\n<<<<<<< A\r\nX\r\n=======\r\nY\r\n>>>>>>> B\r\nc\r\n")
        // A last line without a line break gets the text's kind.
        let last = TextMerger().mergeReportingConflicts("top\r\none", withSubordinate: "top\r\ntwo", commonAncestor: "top\r\nzero")
        #expect(last.withConflictMarkers(dominantLabel: "A", subordinateLabel: "B", markerSize: 3).text
            == "top\r\n<<< A\r\none\r\n===\r\ntwo\r\n>>> B\r\n")
    }

    @Test("two sides that each wrote a whole text from nothing (git's add/add) conflict, unless one holds the other")
    func addedOnBothSides() throws {
        let report = TextMerger().mergeReportingConflicts("port = 8080\n", withSubordinate: "port = 9090\n", commonAncestor: "")
        #expect(report.text == "port = 8080\nport = 9090\n")
        #expect(report.conflicts.count == 1)
        #expect(report.withConflictMarkers(dominantLabel: "ours", subordinateLabel: "theirs").text
            == "<<<<<<< ours\nport = 8080\n=======\nport = 9090\n>>>>>>> theirs\n")
        // Without line breaks, two words; never glued together.
        let words = TextMerger().mergeReportingConflicts("Hello", withSubordinate: "Hi", commonAncestor: "")
        #expect(words.text == "Hello Hi")
        #expect(words.conflicts.count == 1)
        // One side's text repeated at the start of the other's is one addition, kept once.
        let grown = TextMerger().mergeReportingConflicts("a\n", withSubordinate: "a\nb\n", commonAncestor: "")
        #expect(grown.text == "a\nb\n")
        #expect(grown.conflicts.isEmpty)
    }

    @Test("mergeReportingConflicts gives merge's text and mergeWithOrigins' conflicts")
    func reportMatchesOtherAPIs() throws {
        let cases = [
            ("the dog sat", "the cow sat", "the cat sat"), ("a\nfoo\nb\n", "a\nbar\nb\n", "a\nzip\nb\n"), ("x", "x", "y"), ("", "z", ""),
        ]
        for (dominant, subordinate, ancestor) in cases {
            let report = TextMerger().mergeReportingConflicts(dominant, withSubordinate: subordinate, commonAncestor: ancestor)
            #expect(report.text == (try TextMerger().merge(dominant, withSubordinate: subordinate, commonAncestor: ancestor)))
            #expect(report.conflicts == TextMerger().mergeWithOrigins(dominant, withSubordinate: subordinate, commonAncestor: ancestor).conflicts)
        }
    }
}
