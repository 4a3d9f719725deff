import ForkedMerge
import PropertyBased
import Testing

@Suite("MostRecentWinsMerger")
struct MostRecentWinsMergerTests {
    @Test("the side that changed wins")
    func changedSideWins() throws {
        let merger = MostRecentWinsMerger<String>()
        #expect(try merger.merge("old", withSubordinate: "new", commonAncestor: "old") == "new")
        #expect(try merger.merge("new", withSubordinate: "old", commonAncestor: "old") == "new")
    }

    @Test("both changed: the dominant side wins, even for Mergeable values")
    func dominantWinsConflicts() throws {
        #expect(try MostRecentWinsMerger<String>().merge("red", withSubordinate: "blue", commonAncestor: "green") == "red")
        let counters = MostRecentWinsMerger<Counter>()
        #expect(try counters.merge(Counter(3), withSubordinate: Counter(5), commonAncestor: Counter(1)) == Counter(3))
    }

    @Test("merge laws hold for any values")
    func mergeLaws() async {
        let values = Gen.int(in: 0...4)
        await propertyCheck(input: values, values) { a, o throws in
            let merger = MostRecentWinsMerger<Int>()
            #expect(try merger.merge(a, withSubordinate: o, commonAncestor: o) == a)
            #expect(try merger.merge(o, withSubordinate: a, commonAncestor: o) == a)
            #expect(try merger.merge(a, withSubordinate: a, commonAncestor: o) == a)
        }
    }
}
