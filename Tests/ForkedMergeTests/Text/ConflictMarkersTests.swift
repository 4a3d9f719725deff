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
