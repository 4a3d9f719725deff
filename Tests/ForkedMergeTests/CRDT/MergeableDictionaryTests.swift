import Foundation
import ForkedMerge
import PropertyBased
import Testing

@Suite("MergeableDictionary")
struct MergeableDictionaryTests {
    let a = ReplicaID("a")
    let b = ReplicaID("b")

    @Test("subscript reads, writes and removes")
    func localEdits() {
        var dictionary = MergeableDictionary<String, Int>(replica: a)
        dictionary["x"] = 1
        dictionary["y"] = 2
        dictionary["x"] = 3
        #expect(dictionary["x"] == 3)
        let removed = dictionary.removeValue(forKey: "y")
        #expect(removed == 2)
        dictionary["z"] = 4
        dictionary["z"] = nil
        #expect(dictionary.dictionary == ["x": 3])
        #expect(dictionary.keys == ["x"])
        #expect(dictionary.count == 1)
    }

    @Test("different keys from both replicas are all kept")
    func differentKeys() {
        let base = MergeableDictionary(["shared": 0], replica: a)
        var mine = base
        mine.replica = a // a copy of its own, edited as a: base stays alive
        mine["mine"] = 1
        var theirs = base
        theirs.replica = b
        theirs["theirs"] = 2
        theirs["shared"] = nil
        #expect(mine.joined(with: theirs).dictionary == ["mine": 1, "theirs": 2])
    }

    @Test("concurrent writes to a key: the latest write wins on both replicas")
    func latestWriteWins() {
        let base = MergeableDictionary(["k": 0], replica: a)
        var mine = base
        mine.replica = a // a copy of its own, edited as a: base stays alive
        mine["k"] = 1
        var theirs = base
        theirs.replica = b
        theirs["k"] = 2
        #expect(mine.joined(with: theirs)["k"] == 2)
        #expect(theirs.joined(with: mine)["k"] == 2)
    }

    @Test("a write concurrent with a remove wins (add wins)")
    func writeBeatsRemove() {
        let base = MergeableDictionary(["k": 0], replica: a)
        var mine = base
        mine.replica = a // a copy of its own, edited as a: base stays alive
        mine["k"] = nil
        var theirs = base
        theirs.replica = b
        theirs["k"] = 5
        #expect(mine.joined(with: theirs).dictionary == ["k": 5])
    }

    @Test("a removed value never comes back, even when an older concurrent write of its key survives")
    func removedValueStaysGone() {
        var early = MergeableDictionary<String, String>(replica: ReplicaID("c"))
        early["k"] = "early"
        var writer = MergeableDictionary<String, String>(replica: a)
        writer["k"] = "later"
        writer["k"] = "latest"
        var remover = writer
        remover.replica = b
        remover["k"] = nil
        // "latest" was removed; "early" was never seen by the remover, so it survives.
        let merged = early.joined(with: remover).joined(with: writer)
        #expect(merged.dictionary == ["k": "early"])
    }

    @Test("replicated values merge their concurrent edits instead of discarding one")
    func nestedReplicatedValues() throws {
        var base = MergeableDictionary<String, MergeableSet<String>>(replica: a)
        base["groceries"] = MergeableSet(["milk"], replica: a)
        var mine = base
        mine.replica = a // a copy of its own, edited as a: base stays alive
        var theirs = base
        theirs.replica = b

        var myList = try #require(mine["groceries"])
        myList.insert("eggs")
        mine["groceries"] = myList
        var theirList = try #require(theirs["groceries"])
        theirList.insert("bread")
        #expect(theirList.replica != myList.replica, "each nested copy is edited under its own identity")
        theirList.remove("milk")
        theirs["groceries"] = theirList

        let merged = try mine.merged(withSubordinate: theirs, commonAncestor: base)
        #expect(merged["groceries"]?.values == ["eggs", "bread"])
        #expect(try theirs.merged(withSubordinate: mine, commonAncestor: base)["groceries"]?.values == ["eggs", "bread"])
    }

    @Test("encoding round-trips the state")
    func codable() throws {
        var dictionary = MergeableDictionary(["a": "x", "b": "y"], replica: a)
        dictionary["a"] = nil
        dictionary["c"] = "z"
        let decoded = try JSONDecoder().decode(
            MergeableDictionary<String, String>.self, from: JSONEncoder().encode(dictionary))
        #expect(decoded == dictionary)
        #expect(decoded.dictionary == ["b": "y", "c": "z"])
    }

    @Test("decoding two writes with the same tag is a clear error")
    func duplicateTagRejected() {
        let tag = #"{"counter":1,"replica":"a"}"#
        let json = #"{"clock":1,"tombstones":[],"entries":[{"key":"x","tag":\#(tag),"value":1},{"key":"y","tag":\#(tag),"value":2}]}"#
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(MergeableDictionary<String, Int>.self, from: Data(json.utf8))
        }
    }

    @Test("join laws hold on random sessions of three replicas")
    func joinLaws() async {
        await propertyCheck(input: ReplicaStep.sessions) { steps throws in
            let replicas = playSession(steps, make: { MergeableDictionary<Int, Int>(replica: $0) }) { dictionary, step, index in
                if step.action < 5 { dictionary[step.payload] = index } else { dictionary[step.payload] = nil }
            }
            try expectJoinLaws(replicas[0], replicas[1], replicas[2])
            try expectJoinLaws(replicas[2], replicas[1], replicas[0])
        }
    }
}
