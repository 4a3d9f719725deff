import Forked
import ForkedMerge
import Testing

private let left = Fork(name: "left")
private let right = Fork(name: "right")

/// Not `Codable`: the replicated containers hold such elements too, as in the original Forked.
private struct Tag: Identifiable, Hashable, Sendable {
    var id: String
    var weight: Int
}

@Suite("MergeableDictionary merges Mergeable values against their common ancestor")
struct MergeableDictionaryAncestorTests {
    @Test("counters both sides changed add up, per key; keys one side changed take that change")
    func countersAccumulate() throws {
        var mine: MergeableDictionary<String, Counter> = ["a": Counter(1), "b": Counter(2), "c": Counter(3), "d": Counter(0)]
        let ancestor = mine
        var theirs = mine
        theirs["a"] = Counter(2)
        mine["a"] = Counter(3)
        theirs["b"] = Counter(3)
        mine["c"] = Counter(4)
        mine["d"] = Counter(10)
        theirs["d"] = Counter(20)

        let merged = try mine.merged(withSubordinate: theirs, commonAncestor: ancestor)
        #expect(merged.dictionary == ["a": Counter(4), "b": Counter(3), "c": Counter(4), "d": Counter(30)])
        let other = try theirs.merged(withSubordinate: mine, commonAncestor: ancestor)
        #expect(other.dictionary == merged.dictionary)
        #expect(try merged.merged(withSubordinate: mine, commonAncestor: mine).dictionary == merged.dictionary,
                "the merged value supersedes both writes")
        #expect(mine.joined(with: theirs)["d"].map { [10, 20].contains($0.count) } == true,
                "a join has no ancestor: the latest write wins")
    }

    @Test("through a ForkedResource, increments made in two forks both count")
    func throughForks() throws {
        let resource = QuickFork(initialValue: MergeableDictionary(["visits": Counter(1)]), forks: [left, right])
        for fork in [left, right] {
            var value = try #require(try resource.value(in: fork))
            value["visits"]?.count += 1
            try resource.update(fork, with: value)
        }
        try resource.syncAllForks()
        #expect(try resource.value(in: .main)?["visits"] == Counter(3))
    }

    @Test("a key both sides added, with no ancestor value, is salvaged by the value type")
    func addedOnBothSides() throws {
        let ancestor = MergeableDictionary<String, Counter>()
        var mine = ancestor
        var theirs = ancestor
        mine["new"] = Counter(4)
        theirs["new"] = Counter(6)
        // Counter salvages by keeping both counts whole.
        #expect(try mine.merged(withSubordinate: theirs, commonAncestor: ancestor)["new"] == Counter(10))
    }
}

@Suite("The original Forked's CRDT API")
struct OriginalForkedCRDTAPITests {
    @Test("MergeableValue.value is settable, and a set is a write")
    func settableValue() throws {
        var register = MergeableValue(1, replica: ReplicaID("a"))
        let before = register.timestamp
        register.value = 2
        #expect(register.value == 2)
        #expect(register.timestamp > before)
    }

    @Test("MergeableArray: literal, subscript, non-throwing insert and remove, merged(with:)")
    func arrayAPI() throws {
        var array: MergeableArray<Int> = [1, 2, 3]
        array[1] = 20
        #expect(array[1] == 20)
        array.insert(0, at: 0)
        #expect(array.remove(at: 3) == 3)
        #expect(array.values == [0, 1, 20])
        var other = array
        other.append(4)
        #expect(try array.merged(with: other).values == [0, 1, 20, 4])
        #expect(throws: MergeableArrayError.indexOutOfRange(index: 5, count: 3)) { try array.insert(9, checkedAt: 5) }
    }

    @Test("MergeableArray holds non-Codable elements and keeps the newest entry per identifier")
    func entriesUniquelyIdentified() throws {
        var tags = MergeableArray<Tag>()
        for (id, weight) in [("a", 1), ("b", 1), ("a", 2), ("c", 1), ("b", 2)] {
            tags.append(Tag(id: id, weight: weight))
        }
        #expect(tags.entriesUniquelyIdentified().values == [Tag(id: "a", weight: 2), Tag(id: "c", weight: 1), Tag(id: "b", weight: 2)])
        #expect(tags.count == 5)
    }

    @Test("MergeableSet: literal, init(array:), settable values, non-Codable elements")
    func setAPI() throws {
        var set: MergeableSet<Int> = [1, 2]
        set.values = [2, 3]
        #expect(set.values == [2, 3])
        let copy = MergeableSet(array: [5, 5, 6])
        #expect(copy.values == [5, 6])
        var tags = MergeableSet<Tag>()
        tags.insert(Tag(id: "x", weight: 1))
        #expect(try tags.merged(with: MergeableSet(array: [Tag(id: "y", weight: 1)])).count == 2)
    }

    @Test("MergeableDictionary: literal, values as an array in write order, dictionary, non-Codable values")
    func dictionaryAPI() throws {
        var dictionary: MergeableDictionary<String, Int> = [:]
        dictionary["b"] = 2
        dictionary["a"] = 1
        dictionary["c"] = 3
        dictionary["b"] = 4
        #expect(dictionary.values == [1, 3, 4])
        #expect(dictionary.dictionary == ["a": 1, "b": 4, "c": 3])
        var tags: MergeableDictionary<String, Tag> = ["t": Tag(id: "t", weight: 1)]
        tags["u"] = Tag(id: "u", weight: 2)
        #expect(tags.count == 2)
    }

    @Test("Merger's older spelling merges with an ancestor and keeps the dominant side without one")
    func mergerOlderSpelling() throws {
        let merger = DictionaryMerger<String, Int>()
        #expect(try merger.merge(["a": 1], withOlderConflicting: ["b": 2], commonAncestor: nil) == ["a": 1])
        #expect(try merger.merge(["a": 1], withOlderConflicting: ["b": 2], commonAncestor: [:]) == ["a": 1, "b": 2])
    }

    @Test("arrays of optional identifiable elements merge by identity")
    func arraysOfOptionals() throws {
        let merged = try ArrayOfIdentifiableMerger<Item?>().merge(
            [Item(id: 1, value: 1), Item(id: 3, value: 3)],
            withSubordinate: [Item(id: 1, value: 10), Item(id: 2, value: 2)],
            commonAncestor: [Item(id: 1, value: 1)])
        #expect(merged.map { $0?.id } == [1, 3, 2])
        #expect(merged.first??.value == 10)
    }
}
