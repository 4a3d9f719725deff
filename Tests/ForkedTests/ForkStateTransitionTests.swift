import Forked
import Testing

@Suite("Fork states and stored copies")
struct ForkStateTransitionTests {
    @Test("a fork in sync stores nothing; behind stores the ancestor; ahead its value; diverged both")
    func storedCopiesFollowEveryTransition() throws {
        let resource = QuickFork(initialValue: 0, forks: [left, right])
        #expect(try resource.status(of: left) == .inSync)
        #expect(try resource.storedCopyCount(in: left) == 0)
        #expect(try resource.storedCopyCount == 1)

        try resource.update(left, with: 1)
        #expect(try resource.status(of: left) == .ahead(edits: 1))
        #expect(try resource.storedCopyCount(in: left) == 1)

        try resource.update(left, with: 2)
        #expect(try resource.status(of: left) == .ahead(edits: 2))
        #expect(try resource.storedCopyCount(in: left) == 1, "intermediate versions are dropped")

        try resource.update(.main, with: 10)
        #expect(try resource.status(of: left) == .diverged(edits: 2))
        #expect(try resource.storedCopyCount(in: left) == 2)
        #expect(try resource.status(of: right) == .behind)
        #expect(try resource.storedCopyCount(in: right) == 1)
        #expect(try resource.value(in: right) == 0)
        #expect(try resource.commonAncestor(of: left) == 0)

        #expect(try resource.mergeFromMain(into: right) == .fastForward)
        #expect(try resource.status(of: right) == .inSync)
        #expect(try resource.storedCopyCount(in: right) == 0)
        #expect(try resource.value(in: right) == 10)

        // Ints are not Mergeable: main's change is the more recent, so it wins.
        #expect(try resource.mergeIntoMain(from: left) == .resolveConflict)
        #expect(try resource.value(in: .main) == 10)
        #expect(try resource.status(of: left) == .behind, "left's value is now the ancestor it shares with main")
        #expect(try resource.storedCopyCount(in: left) == 1)
        #expect(try resource.status(of: right) == .inSync)
        #expect(try resource.storedCopyCount == 2)

        try resource.update(right, with: 11)
        try resource.syncAllForks()
        #expect(try resource.storedCopyCount == 1)
        #expect(try resource.currentForks().allSatisfy { try resource.value(in: $0) == 11 })
    }

    @Test("memory scales with diverged forks, not with the number of forks")
    func manyForksInSyncCostNothing() throws {
        let forks = (0..<50).map { Fork(name: "f\($0)") }
        let resource = QuickFork(initialValue: "x", forks: forks)
        #expect(try resource.storedCopyCount == 1)
        try resource.update(forks[3], with: "y")
        #expect(try resource.storedCopyCount == 2)
        try resource.syncAllForks()
        #expect(try resource.storedCopyCount == 1)
        #expect(try resource.value(in: forks[49]) == "y")
    }

    @Test("merging into main from a fork that only main moved past does nothing")
    func behindForkHasNothingToGive() throws {
        let resource = QuickFork(initialValue: 1, forks: [left])
        try resource.update(.main, with: 2)
        #expect(try resource.mergeIntoMain(from: left) == .none)
        #expect(try resource.mergeFromMain(into: left) == .fastForward)
        #expect(try resource.mergeFromMain(into: left) == .none)
    }

    @Test("fast-forward into main keeps other forks' ancestors")
    func fastForwardIntoMain() throws {
        let resource = QuickFork(initialValue: Lines("a"), forks: [left, right])
        try resource.update(left, with: Lines("a", "b"))
        #expect(try resource.mergeIntoMain(from: left) == .fastForward)
        #expect(try resource.value(in: .main) == Lines("a", "b"))
        #expect(try resource.status(of: left) == .inSync)
        #expect(try resource.status(of: right) == .behind)
        #expect(try resource.commonAncestor(of: right) == Lines("a"))
    }

    @Test("a three-way merge uses the fork's ancestor and keeps both sides' changes")
    func threeWayMergeOfMergeableValues() throws {
        let resource = QuickFork(initialValue: Lines("a", "b"), forks: [left, right])
        try resource.update(left, with: Lines("a", "b", "from left"))
        try resource.update(right, with: Lines("b", "from right"))
        try resource.syncAllForks()
        let merged = try #require(try resource.value(in: .main))
        #expect(Set(merged.lines) == ["b", "from left", "from right"])
        #expect(try resource.value(in: left) == merged)
        #expect(try resource.value(in: right) == merged)
        #expect(try resource.storedCopyCount == 1)
    }

    @Test("merging main into a diverged fork keeps its own edits pending for main")
    func mergeFromMainIntoDivergedFork() throws {
        let resource = QuickFork(initialValue: Lines("a"), forks: [left])
        try resource.update(left, with: Lines("a", "l"))
        try resource.update(.main, with: Lines("a", "m"))
        #expect(try resource.mergeFromMain(into: left) == .resolveConflict)
        #expect(try resource.status(of: left) == .ahead(edits: 1))
        #expect(try resource.storedCopyCount(in: left) == 1)
        #expect(try resource.mergeIntoMain(from: left) == .fastForward)
        #expect(try resource.value(in: .main).map { Set($0.lines) } == ["a", "l", "m"])
    }
}
