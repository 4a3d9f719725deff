import ForkedMerge
import Testing

@Suite("TextMerger corpus")
struct TextMergerCorpusTests {
    @Test("the corpus is bundled and complete")
    func corpusLoads() throws {
        let cases = try MergeCorpus.loaded.get()
        #expect(cases.count == MergeCorpus.names.count)
        #expect(cases.count >= 45)
    }

    @Test("each corpus case merges to an accepted result", arguments: MergeCorpus.names)
    func corpusCase(name: String) throws {
        let mergeCase = try #require(try MergeCorpus.loaded.get()[name])
        let merged = try TextMerger().merge(mergeCase.dominant, withSubordinate: mergeCase.subordinate, commonAncestor: mergeCase.ancestor)
        let report = TextMerger().mergeReportingConflicts(mergeCase.dominant, withSubordinate: mergeCase.subordinate, commonAncestor: mergeCase.ancestor)
        #expect(Array(report.text.unicodeScalars) == Array(merged.unicodeScalars))
        #expect(mergeCase.accepts(report), "\(name): got \(merged.debugDescription), expected one of \(mergeCase.expectedAnyOf.map(\.debugDescription))")
        let detailed = TextMerger().mergeWithOrigins(mergeCase.dominant, withSubordinate: mergeCase.subordinate, commonAncestor: mergeCase.ancestor)
        #expect(Array(detailed.text.unicodeScalars) == Array(merged.unicodeScalars))
    }
}
