import ForkedMerge
import Testing

@Suite("TextMerger origins and statistics")
struct TextMergeOriginTests {
    @Test("segments attribute each run to its origin and are coalesced")
    func segments() {
        let result = TextMerger().mergeWithOrigins("The black cat", withSubordinate: "The cat sat", commonAncestor: "The cat")
        #expect(result.segments == [
            TextMergeSegment(text: "The ", origin: .ancestor),
            TextMergeSegment(text: "black ", origin: .dominant),
            TextMergeSegment(text: "cat", origin: .ancestor),
            TextMergeSegment(text: " sat", origin: .subordinate),
        ])
        #expect(result.text == "The black cat sat")
        for (first, second) in zip(result.segments, result.segments.dropFirst()) {
            #expect(first.origin != second.origin)
        }
    }

    @Test("an identical change on both sides is attributed to both")
    func bothOrigin() {
        let result = TextMerger().mergeWithOrigins("teh cat!", withSubordinate: "teh cat!", commonAncestor: "teh cat")
        #expect(result.segments == [TextMergeSegment(text: "teh cat", origin: .ancestor), TextMergeSegment(text: "!", origin: .both)])
    }

    @Test("statistics count inserted and deleted Characters per side")
    func statistics() {
        let result = TextMerger().mergeWithOrigins("a👩‍💻c", withSubordinate: "abcdé", commonAncestor: "abc")
        #expect(result.statistics == TextMergeStatistics(
            dominantInserted: 1, dominantDeleted: 1, subordinateInserted: 2, subordinateDeleted: 0
        ))
        // Both sides changed the word "abc" (one split it, one extended it): a conflict.
        #expect(result.text == "a👩‍💻c abcdé")
        #expect(result.conflicts.count == 1)
    }

    @Test("an unchanged merge is one ancestor segment with zero statistics")
    func unchanged() {
        let result = TextMerger().mergeWithOrigins("same", withSubordinate: "same", commonAncestor: "same")
        #expect(result.segments == [TextMergeSegment(text: "same", origin: .ancestor)])
        #expect(result.statistics == TextMergeStatistics())
        #expect(TextMerger().mergeWithOrigins("", withSubordinate: "", commonAncestor: "").segments.isEmpty)
    }
}
