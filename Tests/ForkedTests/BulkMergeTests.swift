import Forked
import Testing

private let third = Fork(name: "third")

@Suite("Merging several forks at once")
struct BulkMergeTests {
    @Test("mergeAllForks(into:) a fork other than main brings every other fork's changes there, and keeps its own out of main")
    func mergeAllForksIntoAFork() throws {
        let resource = QuickFork(initialValue: Lines("a"), forks: [left, right, third])
        try resource.update(left, with: Lines("a", "l"))
        try resource.update(right, with: Lines("a", "r"))
        try resource.mergeAllForks(into: right)

        #expect(try resource.value(in: .main) == Lines("a", "l"), "main receives the other forks' changes, not the target's")
        let target = try #require(try resource.value(in: right))
        #expect(Set(target.lines) == ["a", "l", "r"])
        #expect(try resource.status(of: right) == .ahead(edits: 1), "right's own change reaches main only when right is merged")
        #expect(try resource.status(of: left) == .inSync)
        #expect(try resource.status(of: third) == .behind, "only the target receives main's merged value")
        #expect(try resource.value(in: third) == Lines("a"))

        try resource.mergeIntoMain(from: right)
        #expect(try resource.value(in: .main) == target)
    }

    @Test("mergeAllForks(into:) an unknown fork fails before merging anything")
    func mergeAllForksIntoUnknownFork() throws {
        let resource = QuickFork(initialValue: 1, forks: [left])
        try resource.update(left, with: 2)
        #expect(throws: ForkedError.unknownFork(right)) { try resource.mergeAllForks(into: right) }
        #expect(try resource.value(in: .main) == 1)
        #expect(try resource.status(of: left) == .ahead(edits: 1))
    }

    @Test("syncMain(with:) a subset syncs those forks and leaves the others as they were")
    func syncMainWithSubset() throws {
        let resource = QuickFork(initialValue: Lines("a"), forks: [left, right, third])
        try resource.update(left, with: Lines("a", "l"))
        try resource.update(right, with: Lines("a", "r"))
        try resource.update(third, with: Lines("a", "t"))
        try resource.syncMain(with: [.main, left, third])

        let main = try #require(try resource.value(in: .main))
        #expect(Set(main.lines) == ["a", "l", "t"])
        #expect(try resource.value(in: left) == main)
        #expect(try resource.value(in: third) == main)
        #expect(try resource.status(of: left) == .inSync)
        #expect(try resource.status(of: third) == .inSync)
        #expect(try resource.status(of: right) == .diverged(edits: 1), "right was not listed, so it keeps its edit to itself")
        #expect(try resource.value(in: right) == Lines("a", "r"))
        #expect(try resource.storedCopyCount == 3, "main, plus right's ancestor and head")
    }

    @Test("syncMain(with:) an unknown fork fails before merging anything")
    func syncMainWithUnknownFork() throws {
        let resource = QuickFork(initialValue: 1, forks: [left])
        try resource.update(left, with: 2)
        #expect(throws: ForkedError.unknownFork(right)) { try resource.syncMain(with: [left, right]) }
        #expect(try resource.value(in: .main) == 1)
    }
}
