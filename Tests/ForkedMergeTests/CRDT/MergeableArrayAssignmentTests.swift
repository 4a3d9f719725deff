import ForkedMerge
import Testing

@Suite("Assigning MergeableArray.values")
struct MergeableArrayAssignmentTests {
    @Test("after assigning, the array holds exactly the assigned elements", arguments: [
        ([1, 2, 3], [1, 3, 4]), ([], [1, 2]), ([1, 2], []), ([1, 2, 3], [3, 2, 1]),
        ([1, 1, 2, 1], [1, 2, 1, 1]), ([5, 6, 7, 8], [0, 6, 9, 8, 10]),
    ] as [([Int], [Int])])
    func holdsAssigned(old: [Int], new: [Int]) {
        var array = MergeableArray(old)
        array.values = new
        #expect(array.values == new)
        #expect(array.count == new.count)
    }

    @Test("random assignments always hold what was assigned")
    func randomAssignments() {
        var generator = SystemRandomNumberGenerator()
        var array = MergeableArray<Int>()
        for _ in 0..<200 {
            let new = (0..<Int.random(in: 0...12, using: &generator)).map { _ in Int.random(in: 0...5, using: &generator) }
            array.values = new
            #expect(array.values == new)
        }
    }

    @Test("elements kept by an assignment keep their identity: another replica's insertion next to one stays there")
    func keptElementsKeepIdentity() throws {
        let ancestor = MergeableArray(["a", "b", "c"], replica: ReplicaID("one"))
        var mine = ancestor
        mine.replica = ReplicaID("mine")
        var theirs = ancestor
        theirs.replica = ReplicaID("theirs")
        mine.values = ["a", "c", "d"]
        theirs.insert("b2", at: 2)
        let merged = try mine.merged(withSubordinate: theirs, commonAncestor: ancestor)
        #expect(merged.values == ["a", "b2", "c", "d"])
    }

    @Test("a run of assigned elements stays together when another replica inserts at the same place")
    func runsStayTogether() throws {
        let ancestor = MergeableArray(["a", "z"], replica: ReplicaID("one"))
        var mine = ancestor
        mine.replica = ReplicaID("mine")
        var theirs = ancestor
        theirs.replica = ReplicaID("theirs")
        mine.values = ["a", "m1", "m2", "m3", "z"]
        theirs.values = ["a", "t1", "t2", "z"]
        let merged = try mine.merged(withSubordinate: theirs, commonAncestor: ancestor).values
        #expect(merged == ["a", "m1", "m2", "m3", "t1", "t2", "z"] || merged == ["a", "t1", "t2", "m1", "m2", "m3", "z"])
    }

    @Test("assigning a dictionary removes missing keys and writes only changed ones")
    func dictionaryAssignment() throws {
        let ancestor = MergeableDictionary(["keep": 1, "drop": 2, "change": 3], replica: ReplicaID("one"))
        var mine = ancestor
        mine.replica = ReplicaID("mine")
        var theirs = ancestor
        theirs.replica = ReplicaID("theirs")
        mine.dictionary = ["keep": 1, "change": 30, "new": 4]
        theirs["keep"] = 100
        let merged = try mine.merged(withSubordinate: theirs, commonAncestor: ancestor)
        #expect(merged.dictionary == ["keep": 100, "change": 30, "new": 4],
                "an unchanged key is not rewritten, so the other side's edit of it survives")
    }
}
