import ForkedMerge
import ForkedModel
import Testing

/// "Most recent wins" is most recent: two copies of one value, each written once without
/// seeing the other, keep the write made later, on every run (the tie used to go by a random
/// replica identifier, so these failed about half the time).
@Suite("Most recent write wins")
struct MostRecentWriteTests {
    @Test("two copies of one register: the later write wins, then a later write on the other copy", arguments: 0..<20)
    func registerKeepsTheLaterWrite(run: Int) throws {
        var first = MergeableValue(1)
        var second = first
        second.value = 2
        let merged = try second.merged(withSubordinate: first, commonAncestor: first)
        #expect(try first.merged(withSubordinate: second, commonAncestor: first).value == merged.value)
        #expect(merged.value == 2)
        first.value = 3
        #expect(try second.merged(withSubordinate: first, commonAncestor: first).value == 3)
        #expect(try first.merged(withSubordinate: second, commonAncestor: first).value == 3)
    }

    @Test("a backed model property edited in two copies keeps the later edit", arguments: 0..<20)
    func backedPropertyKeepsTheLaterEdit(run: Int) throws {
        var ancestor = Whiteboard()
        ancestor.title = "Title 1"
        var first = ancestor
        var second = ancestor
        second.title = "Title 3"
        first.title = "Title 2"
        #expect(try second.merged(withSubordinate: first, commonAncestor: ancestor).title == "Title 2")
        #expect(try first.merged(withSubordinate: second, commonAncestor: ancestor).title == "Title 2")
    }

    @Test("a write made after merging wins over a write stamped by a clock far ahead")
    func aClockFarAheadDoesNotPin() throws {
        let future = LamportTimestamp(counter: 5, wallTime: .max, replica: ReplicaID("ahead"))
        let next = LamportTimestamp(counter: 6, wallTime: 1, replica: ReplicaID("behind"))
        #expect(future < next)
        var local = MergeableValue("mine", replica: ReplicaID("behind"))
        var remote = local
        remote.replica = ReplicaID("ahead")
        remote.value = "from a clock far ahead"
        local = try local.merged(withSubordinate: remote, commonAncestor: local)
        local.value = "edited after merging"
        #expect(try remote.merged(withSubordinate: local, commonAncestor: remote).value == "edited after merging")
    }
}
