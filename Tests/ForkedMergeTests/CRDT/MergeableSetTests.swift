import Foundation
import ForkedMerge
import PropertyBased
import Testing

@Suite("MergeableSet")
struct MergeableSetTests {
    let a = ReplicaID("a")
    let b = ReplicaID("b")

    @Test("insert, remove and contains behave like a set locally")
    func localEdits() {
        var set = MergeableSet<String>(replica: a)
        let insertedFirst = set.insert("x")
        let insertedAgain = set.insert("x")
        set.insert("y")
        #expect(insertedFirst && !insertedAgain)
        #expect(set.contains("x"))
        let removedFirst = set.remove("x")
        let removedAgain = set.remove("x")
        #expect(removedFirst && !removedAgain)
        #expect(set.values == ["y"])
        #expect(set.count == 1)
        #expect(!set.isEmpty)
    }

    @Test("inserts from both replicas are kept, removes of seen elements are applied")
    func concurrentInsertsAndRemoves() {
        let base = MergeableSet(["shared", "old"], replica: a)
        var mine = base
        mine.replica = a // a copy of its own, edited as a: base stays alive
        mine.insert("mine")
        mine.remove("old")
        var theirs = base
        theirs.replica = b
        theirs.insert("theirs")
        #expect(mine.joined(with: theirs).values == ["shared", "mine", "theirs"])
    }

    @Test("a concurrent re-insert wins over a remove (add wins)")
    func addWins() throws {
        let base = MergeableSet(["milk"], replica: a)
        var mine = base
        mine.replica = a // a copy of its own, edited as a: base stays alive
        mine.remove("milk")
        var theirs = base
        theirs.replica = b
        theirs.insert("milk")
        #expect(try mine.merged(withSubordinate: theirs, commonAncestor: base).values == ["milk"])
        #expect(try theirs.merged(withSubordinate: mine, commonAncestor: base).values == ["milk"])
    }

    @Test("a removed element stays removed when an older copy is merged in")
    func removalSticks() {
        let base = MergeableSet(["milk"], replica: a)
        var mine = base
        mine.replica = a // a copy of its own, edited as a: base stays alive
        mine.remove("milk")
        var stale = base
        stale.replica = b
        stale.insert("eggs")
        #expect(mine.joined(with: stale).values == ["eggs"])
        #expect(stale.joined(with: mine).values == ["eggs"])
    }

    @Test("encoding round-trips the state")
    func codable() throws {
        var set = MergeableSet([1, 2, 3], replica: a)
        set.remove(2)
        let decoded = try JSONDecoder().decode(MergeableSet<Int>.self, from: JSONEncoder().encode(set))
        #expect(decoded == set)
        #expect(decoded.values == [1, 3])
    }

    @Test("decoding an element listed twice is a clear error")
    func duplicateElementRejected() {
        let json = #"{"clock":2,"tombstones":[],"entries":[{"element":1,"tags":[{"counter":1,"replica":"a"}]},{"element":1,"tags":[{"counter":2,"replica":"a"}]}]}"#
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(MergeableSet<Int>.self, from: Data(json.utf8))
        }
    }

    @Test("join laws hold on random sessions of three replicas")
    func joinLaws() async {
        await propertyCheck(input: ReplicaStep.sessions) { steps throws in
            let replicas = playSession(steps, make: { MergeableSet<Int>(replica: $0) }) { set, step, _ in
                if step.action.isMultiple(of: 2) { set.insert(step.payload) } else { set.remove(step.payload) }
            }
            try expectJoinLaws(replicas[0], replicas[1], replicas[2])
            try expectJoinLaws(replicas[1], replicas[2], replicas[0])
        }
    }

    @Test("after a full merge, an element is present exactly when some replica's latest word on it is an insert")
    func addWinsOnRandomSessions() async {
        // Without intermediate merges every replica edits blindly, so add-wins means: present if any
        // replica's last operation on the element was an insert.
        let blindSessions = ReplicaStep.sessions.map { steps in steps.filter { !$0.isMerge } }
        await propertyCheck(input: blindSessions) { steps in
            let replicas = playSession(steps, make: { MergeableSet<Int>(replica: $0) }) { set, step, _ in
                if step.action.isMultiple(of: 2) { set.insert(step.payload) } else { set.remove(step.payload) }
            }
            var lastWord: [Int: [Int: Bool]] = [:]
            for step in steps { lastWord[step.replica, default: [:]][step.payload] = step.action.isMultiple(of: 2) }
            let expected = Set(lastWord.values.flatMap { $0.filter(\.value).keys })
            #expect(replicas[0].joined(with: replicas[1]).joined(with: replicas[2]).values == expected)
        }
    }
}
