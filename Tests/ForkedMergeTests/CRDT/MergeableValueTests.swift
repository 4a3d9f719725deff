import Foundation
import ForkedMerge
import PropertyBased
import Testing

@Suite("MergeableValue")
struct MergeableValueTests {
    let laptop = ReplicaID("laptop")
    let phone = ReplicaID("phone")

    @Test("set replaces the value and advances the time stamp")
    func setAdvances() {
        var value = MergeableValue("a", replica: laptop)
        let before = value.timestamp
        value.set("b")
        #expect(value.value == "b")
        #expect(value.timestamp > before)
        #expect(value.timestamp.replica == laptop)
    }

    @Test("the later write wins, whichever side is dominant")
    func laterWriteWins() throws {
        let base = MergeableValue("draft", replica: laptop)
        var mine = base
        mine.replica = laptop // a copy of its own, edited as laptop: base stays alive
        mine.set("mine")
        var theirs = base
        theirs.replica = phone
        theirs.set("theirs 1")
        theirs.set("theirs 2")
        #expect(try mine.merged(withSubordinate: theirs, commonAncestor: base).value == "theirs 2")
        #expect(try theirs.merged(withSubordinate: mine, commonAncestor: base).value == "theirs 2")
    }

    @Test("concurrent writes at the same counter: the higher replica identifier wins on every replica")
    func tieBreak() {
        let base = MergeableValue(0, replica: laptop)
        var mine = base
        mine.replica = laptop // a copy of its own, edited as laptop: base stays alive
        mine.set(1)
        var theirs = base
        theirs.replica = phone
        theirs.set(2)
        #expect(mine.timestamp.counter == theirs.timestamp.counter)
        #expect(mine.joined(with: theirs).value == 2)
        #expect(theirs.joined(with: mine).value == 2)
    }

    @Test("merging advances the clock, so the next local write beats what was merged in")
    func clockAdvancesOnMerge() {
        var busy = MergeableValue(0, replica: ReplicaID("z"))
        for round in 1...5 { busy.set(round) }
        var quiet = MergeableValue(0, replica: ReplicaID("a"))
        quiet = quiet.joined(with: busy)
        #expect(quiet.replica == ReplicaID("a"))
        quiet.set(99)
        #expect(quiet.joined(with: busy).value == 99)
        #expect(busy.joined(with: quiet).value == 99)
    }

    @Test("encoding round-trips the state but not the replica identity")
    func codable() throws {
        var value = MergeableValue("x", replica: laptop)
        value.set("y")
        let decoded = try JSONDecoder().decode(MergeableValue<String>.self, from: JSONEncoder().encode(value))
        #expect(decoded == value)
        #expect(decoded.replica != laptop)
    }

    @Test("join laws hold on random sessions of three replicas")
    func joinLaws() async {
        await propertyCheck(input: ReplicaStep.sessions) { steps throws in
            let replicas = playSession(steps, make: { MergeableValue(0, replica: $0) }) { value, step, _ in
                value.set(step.payload)
            }
            try expectJoinLaws(replicas[0], replicas[1], replicas[2])
            try expectJoinLaws(replicas[2], replicas[0], replicas[1])
        }
    }
}
