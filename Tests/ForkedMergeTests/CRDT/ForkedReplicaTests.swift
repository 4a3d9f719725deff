import Forked
import ForkedMerge
import Testing

/// Replicated values held in a `ForkedResource`: every fork reads a copy of the same value,
/// replica identity included, so these check that copies edited in two forks never collide.
@Suite("Replicated values edited in several forks")
struct ForkedReplicaTests {
    let left = Fork(name: "left")
    let right = Fork(name: "right")

    @Test("two forks appending to one MergeableArray keep both elements")
    func arrayAppendsInTwoForks() throws {
        let resource = QuickFork(initialValue: MergeableArray(["start"], replica: ReplicaID("origin")), forks: [left, right])
        var inLeft = try #require(try resource.value(in: left))
        inLeft.append("from left")
        try resource.update(left, with: inLeft)
        var inRight = try #require(try resource.value(in: right))
        inRight.append("from right")
        try resource.update(right, with: inRight)
        try resource.syncAllForks()
        let merged = try #require(try resource.value(in: .main)).values
        #expect(merged.count == 3)
        #expect(Set(merged) == ["start", "from left", "from right"])
    }

    @Test("a MergeableSet insert in one fork survives the other fork removing something else")
    func setInsertAndRemoveInTwoForks() throws {
        let resource = QuickFork(initialValue: MergeableSet<String>(replica: ReplicaID("origin")), forks: [left, right])
        var inLeft = try #require(try resource.value(in: left))
        inLeft.insert("x")
        inLeft.remove("x")
        try resource.update(left, with: inLeft)
        var inRight = try #require(try resource.value(in: right))
        inRight.insert("y")
        try resource.update(right, with: inRight)
        try resource.syncAllForks()
        #expect(try resource.value(in: .main)?.values == ["y"])
    }

    @Test("a MergeableDictionary write in one fork survives the other fork removing another key")
    func dictionaryWritesInTwoForks() throws {
        let resource = QuickFork(
            initialValue: MergeableDictionary<String, Int>(replica: ReplicaID("origin")), forks: [left, right])
        var inLeft = try #require(try resource.value(in: left))
        inLeft["a"] = 1
        inLeft["a"] = nil
        try resource.update(left, with: inLeft)
        var inRight = try #require(try resource.value(in: right))
        inRight["b"] = 2
        try resource.update(right, with: inRight)
        try resource.syncAllForks()
        #expect(try resource.value(in: .main)?.dictionary == ["b": 2])
    }

    @Test("replicated values nested in a MergeableDictionary and edited in two forks keep both edits")
    func nestedValuesInTwoForks() throws {
        let lists = MergeableDictionary(["list": MergeableSet<String>(replica: ReplicaID("origin"))], replica: ReplicaID("origin"))
        let resource = QuickFork(initialValue: lists, forks: [left, right])
        var inLeft = try #require(try resource.value(in: left))
        var leftList = try #require(inLeft["list"])
        leftList.insert("x")
        leftList.remove("x")
        inLeft["list"] = leftList
        try resource.update(left, with: inLeft)
        var inRight = try #require(try resource.value(in: right))
        var rightList = try #require(inRight["list"])
        rightList.insert("y")
        inRight["list"] = rightList
        try resource.update(right, with: inRight)
        try resource.syncAllForks()
        #expect(try resource.value(in: .main)?["list"]?.values == ["y"])
    }

    @Test("two forks setting one MergeableValue converge however the copies are joined")
    func valueWritesInTwoForks() throws {
        let resource = QuickFork(initialValue: MergeableValue("draft", replica: ReplicaID("origin")), forks: [left, right])
        var inLeft = try #require(try resource.value(in: left))
        inLeft.set("left")
        var inRight = try #require(try resource.value(in: right))
        inRight.set("right")
        #expect(inLeft.joined(with: inRight).value == inRight.joined(with: inLeft).value)
    }

    @Test("a copy edited while no other copy exists keeps its replica; an explicitly set one is kept too")
    func unsharedCopiesKeepTheirReplica() throws {
        var list = MergeableArray<Int>(replica: ReplicaID("mine"))
        list.append(1)
        #expect(list.replica == ReplicaID("mine"))
        var copy = list
        copy.replica = ReplicaID("theirs")
        copy.append(2)
        list.append(3)
        #expect(copy.replica == ReplicaID("theirs"))
        #expect(list.replica == ReplicaID("mine"))
    }

    @Test("editing a copy while another copy is alive gives the edited copy a replica of its own")
    func sharedCopyTakesNewReplica() throws {
        var list = MergeableArray<Int>(replica: ReplicaID("mine"))
        let snapshot = list
        list.append(1)
        #expect(list.replica != ReplicaID("mine"))
        #expect(snapshot.replica == ReplicaID("mine"))
    }
}
