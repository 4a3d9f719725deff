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
}
