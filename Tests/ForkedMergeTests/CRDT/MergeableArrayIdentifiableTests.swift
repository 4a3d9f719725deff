import Forked
import ForkedMerge
import ForkedTestSupport
import Testing

/// A record whose count two replicas add to: merged, both additions count.
private struct Tally: Identifiable, Equatable, Sendable, Mergeable {
    let id: String
    var count: Int

    func merged(withSubordinate other: Tally, commonAncestor: Tally) throws -> Tally {
        Tally(id: id, count: commonAncestor.count + (count - commonAncestor.count) + (other.count - commonAncestor.count))
    }
}

/// A record that cannot be merged: one side's change is taken whole.
private struct Label: Identifiable, Equatable, Sendable {
    let id: String
    var text: String
}

@Suite("MergeableArray of identifiable elements: records, one per identifier")
struct MergeableArrayIdentifiableTests {
    @Test("two replicas replacing one mergeable record give one record with both changes")
    func concurrentReplacementsOfOneRecordMerge() throws {
        let ancestor = MergeableArray([Tally(id: "a", count: 1), Tally(id: "b", count: 2), Tally(id: "c", count: 3)])
        var dominant = ancestor
        var subordinate = ancestor
        dominant[0] = Tally(id: "a", count: 2)
        subordinate[0] = Tally(id: "a", count: 4)
        let merged = try dominant.merged(withSubordinate: subordinate, commonAncestor: ancestor)
        #expect(merged.values == [Tally(id: "a", count: 5), Tally(id: "b", count: 2), Tally(id: "c", count: 3)])
        let reversed = try subordinate.merged(withSubordinate: dominant, commonAncestor: ancestor)
        #expect(reversed.values == merged.values)
    }

    @Test("a record changed on one side is taken from it; changed on both, the dominant side's; additions and removals kept")
    func nonMergeableRecordsTakeTheChangedSide() throws {
        let ancestor = MergeableArray([Label(id: "a", text: "one"), Label(id: "b", text: "two"), Label(id: "c", text: "three")])
        var dominant = ancestor
        var subordinate = ancestor
        subordinate[1] = Label(id: "b", text: "TWO")
        dominant[2] = Label(id: "c", text: "mine")
        subordinate[2] = Label(id: "c", text: "theirs")
        dominant.append(Label(id: "d", text: "new"))
        subordinate.remove(at: 0)
        let merged = try dominant.merged(withSubordinate: subordinate, commonAncestor: ancestor)
        #expect(merged.values == [Label(id: "b", text: "TWO"), Label(id: "c", text: "mine"), Label(id: "d", text: "new")])
        #expect(Set(merged.values.map(\.id)).count == merged.count, "one entry per identifier")
    }

    @Test("the newest entry of an identifier is kept at its own place, wherever it was inserted")
    func newestEntryIsKept() {
        var labels = MergeableArray([Label(id: "b", text: "b"), Label(id: "a", text: "old")])
        labels.insert(Label(id: "a", text: "new"), at: 0)
        #expect(labels.entriesUniquelyIdentified().values == [Label(id: "a", text: "new"), Label(id: "b", text: "b")])
        var appended = MergeableArray([Label(id: "a", text: "1"), Label(id: "b", text: "1"), Label(id: "c", text: "1")])
        var other = appended
        other.append(Label(id: "a", text: "2"))
        other.append(Label(id: "d", text: "1"))
        appended = appended.joined(with: other)
        #expect(appended.entriesUniquelyIdentified().values.map(\.text) == ["1", "1", "2", "1"])
        #expect(appended.entriesUniquelyIdentified().values.map(\.id) == ["b", "c", "a", "d"])
    }

    @Test("a replica that appended a new version of a record changed it: the merge takes that version")
    func appendedVersionIsTheReplicasRecord() throws {
        let ancestor = MergeableArray([Label(id: "x", text: "draft"), Label(id: "y", text: "kept")])
        var edited = ancestor
        edited.append(Label(id: "x", text: "final"))
        edited.append(Label(id: "z", text: "added"))
        for merged in [
            try ancestor.merged(withSubordinate: edited, commonAncestor: ancestor),
            try edited.merged(withSubordinate: ancestor, commonAncestor: ancestor),
        ] {
            #expect(merged.values == [Label(id: "y", text: "kept"), Label(id: "x", text: "final"), Label(id: "z", text: "added")])
        }
        // Mergeable records too: the appended version is the replica's, merged with the other's change.
        let tallies = MergeableArray([Tally(id: "t", count: 1)])
        var appended = tallies
        appended.append(Tally(id: "t", count: 3))
        var changed = tallies
        changed[0] = Tally(id: "t", count: 2)
        let merged = try changed.merged(withSubordinate: appended, commonAncestor: tallies)
        #expect(merged.values == [Tally(id: "t", count: 4)])
    }

    @Test("random replacements on two replicas: every identifier once, and merging again changes nothing", arguments: 0..<4)
    func randomReplacementsStayUnique(seed: Int) throws {
        var generator = SeededGenerator(state: 0x1D_0000 + UInt64(seed))
        let ids = (0..<8).map { "r\($0)" }
        let ancestor = MergeableArray(ids.map { Tally(id: $0, count: 10) })
        var sides = [ancestor, ancestor]
        for index in 0..<2 {
            for _ in 0..<Int.random(in: 1...10, using: &generator) {
                let position = Int.random(in: 0..<sides[index].count, using: &generator)
                var record = sides[index][position]
                record.count += Int.random(in: 1...5, using: &generator)
                sides[index][position] = record
            }
        }
        let merged = try sides[0].merged(withSubordinate: sides[1], commonAncestor: ancestor)
        #expect(merged.values.map(\.id).sorted() == ids)
        let added = zip(sides[0].values.sorted { $0.id < $1.id }, sides[1].values.sorted { $0.id < $1.id }).map { $0.count + $1.count - 10 }
        #expect(merged.values.sorted { $0.id < $1.id }.map(\.count) == added)
        #expect(try merged.merged(withSubordinate: merged, commonAncestor: merged).values == merged.values)
    }
}
