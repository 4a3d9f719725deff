import Foundation
import ForkedMerge
import PropertyBased
import Testing

@Suite("MergeableArray")
struct MergeableArrayTests {
    let a = ReplicaID("a")
    let b = ReplicaID("b")

    @Test("append, insert and remove behave like an array locally")
    func localEdits() throws {
        var array = MergeableArray<String>(replica: a)
        array.append("b")
        array.insert("a", at: 0)
        array.append("d")
        array.insert("c", at: 2)
        #expect(array.values == ["a", "b", "c", "d"])
        #expect(array.remove(at: 1) == "b")
        array.insert("x", at: 1)
        #expect(array.values == ["a", "x", "c", "d"])
        #expect(array.count == 4)
        #expect(try array.element(at: 2) == "c")
    }

    @Test("out-of-range indices are refused with an error")
    func outOfRange() {
        var array = MergeableArray([1, 2], replica: a)
        #expect(throws: MergeableArrayError.indexOutOfRange(index: 3, count: 2)) { try array.insert(0, checkedAt: 3) }
        #expect(throws: MergeableArrayError.indexOutOfRange(index: -1, count: 2)) { try array.insert(0, checkedAt: -1) }
        #expect(throws: MergeableArrayError.indexOutOfRange(index: 2, count: 2)) { try array.remove(checkedAt: 2) }
        #expect(throws: MergeableArrayError.indexOutOfRange(index: -1, count: 2)) { try array.element(at: -1) }
        #expect(array.values == [1, 2])
    }

    @Test("elements inserted by both replicas are all kept, in an order both agree on")
    func concurrentInserts() throws {
        let base = MergeableArray(["milk"], replica: a)
        var mine = base
        mine.replica = a // a copy of its own, edited as a: base stays alive
        mine.append("eggs")
        var theirs = base
        theirs.replica = b
        theirs.insert("bread", at: 0)
        let merged = try mine.merged(withSubordinate: theirs, commonAncestor: base)
        #expect(merged.values == ["bread", "milk", "eggs"])
        #expect(try theirs.merged(withSubordinate: mine, commonAncestor: base).values == merged.values)
    }

    @Test("concurrent inserts at the same place never interleave and order the same everywhere")
    func samePlaceInserts() throws {
        let base = MergeableArray(["[", "]"], replica: a)
        var mine = base
        mine.replica = a // a copy of its own, edited as a: base stays alive
        mine.insert("a1", at: 1)
        mine.insert("a2", at: 2)
        var theirs = base
        theirs.replica = b
        theirs.insert("b1", at: 1)
        theirs.insert("b2", at: 2)
        let merged = mine.joined(with: theirs)
        // Same counters, so replica "b" sorts later and its run comes first.
        #expect(merged.values == ["[", "b1", "b2", "a1", "a2", "]"])
        #expect(theirs.joined(with: mine).values == merged.values)
    }

    @Test("a concurrent remove and insert next to it both apply")
    func removeAndInsert() throws {
        let base = MergeableArray(["a", "b", "c"], replica: a)
        var mine = base
        mine.replica = a // a copy of its own, edited as a: base stays alive
        mine.remove(at: 1)
        var theirs = base
        theirs.replica = b
        theirs.insert("b+", at: 2)
        #expect(mine.joined(with: theirs).values == ["a", "b+", "c"])
    }

    @Test("an element removed on one replica stays removed after merging an older copy")
    func removalSticks() throws {
        let base = MergeableArray([1, 2, 3], replica: a)
        var mine = base
        mine.replica = a // a copy of its own, edited as a: base stays alive
        mine.remove(at: 0)
        #expect(mine.joined(with: base).values == [2, 3])
        #expect(base.joined(with: mine).values == [2, 3])
    }

    @Test("merging advances the clock, so later local inserts sort as newest")
    func clockAdvancesOnMerge() throws {
        var busy = MergeableArray<Int>(replica: ReplicaID("z"))
        for value in 1...5 { busy.append(value) }
        var quiet = MergeableArray<Int>(replica: ReplicaID("a"))
        quiet = quiet.joined(with: busy)
        quiet.insert(0, at: 0)
        #expect(quiet.values == [0, 1, 2, 3, 4, 5])
        #expect(quiet.joined(with: busy).values == [0, 1, 2, 3, 4, 5])
        #expect(busy.joined(with: quiet).values == [0, 1, 2, 3, 4, 5])
    }

    @Test("encoding round-trips elements and tombstones")
    func codable() throws {
        var array = MergeableArray(["x", "y", "z"], replica: a)
        array.remove(at: 1)
        let decoded = try JSONDecoder().decode(MergeableArray<String>.self, from: JSONEncoder().encode(array))
        #expect(decoded == array)
        #expect(decoded.values == ["x", "z"])
        var edited = decoded
        edited.append("w")
        #expect(edited.joined(with: array).values == ["x", "z", "w"])
    }

    @Test("decoding rejects duplicate identifiers and missing origins")
    func corruptInputRejected() {
        let first = #"{"id":{"counter":1,"replica":"a"},"value":1,"isRemoved":false}"#
        let duplicate = #"{"clock":1,"nodes":[\#(first),\#(first)]}"#
        let orphan = #"{"clock":2,"nodes":[{"id":{"counter":2,"replica":"a"},"origin":{"counter":1,"replica":"q"},"value":1,"isRemoved":false}]}"#
        let olderThanOrigin = #"{"clock":2,"nodes":[{"id":{"counter":2,"replica":"a"},"value":1,"isRemoved":false},{"id":{"counter":1,"replica":"a"},"origin":{"counter":2,"replica":"a"},"value":2,"isRemoved":false}]}"#
        for json in [duplicate, orphan, olderThanOrigin] {
            #expect(throws: DecodingError.self) {
                try JSONDecoder().decode(MergeableArray<Int>.self, from: Data(json.utf8))
            }
        }
    }

    /// Plays a session where every insert writes a value unique to its step, and returns the
    /// replicas plus the values that were inserted and removed along the way.
    private static func play(_ steps: [ReplicaStep]) -> (replicas: [MergeableArray<Int>], inserted: Set<Int>, removed: Set<Int>) {
        var inserted = Set<Int>()
        var removed = Set<Int>()
        let replicas = playSession(steps, make: { MergeableArray<Int>(replica: $0) }) { array, step, index in
            let count = array.count
            if step.action < 5 || count == 0 {
                if (try? array.insert(index, checkedAt: step.position % (count + 1))) != nil { inserted.insert(index) }
            } else if let value = try? array.remove(checkedAt: step.position % count) {
                removed.insert(value)
            }
        }
        return (replicas, inserted, removed)
    }

    @Test("join laws hold on random sessions of three replicas")
    func joinLaws() async {
        await propertyCheck(input: ReplicaStep.sessions) { steps throws in
            let replicas = Self.play(steps).replicas
            try expectJoinLaws(replicas[0], replicas[1], replicas[2])
            try expectJoinLaws(replicas[1], replicas[0], replicas[2])
        }
    }

    @Test("a full merge keeps every element inserted and not removed, in each replica's own order")
    func fullMergeKeepsEverything() async {
        await propertyCheck(input: ReplicaStep.sessions) { steps in
            let (replicas, inserted, removed) = Self.play(steps)
            let merged = replicas[0].joined(with: replicas[1]).joined(with: replicas[2])
            #expect(merged.values.count == Set(merged.values).count)
            #expect(merged.count == merged.values.count)
            #expect(replicas.allSatisfy { $0.count == $0.values.count })
            #expect(Set(merged.values) == inserted.subtracting(removed))
            let present = Set(merged.values)
            for replica in replicas {
                let seen = Set(replica.values)
                #expect(merged.values.filter(seen.contains) == replica.values.filter(present.contains))
            }
        }
    }
}
