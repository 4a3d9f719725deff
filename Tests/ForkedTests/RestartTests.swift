import Forked
import Testing

/// `restart(_:with:)` is what a sync exchange does when it learns what the server holds.
struct RestartTests {
    let server = Fork(name: "server")

    @Test func aRestartedForkMergesItsNextValueAgainstTheRestartValue() throws {
        let resource = QuickFork(initialValue: Lines("a"), forks: [server])
        try resource.update(.main, with: Lines("a", "b"))
        // The server accepted "a b"; main went on to add "c".
        try resource.restart(server, with: Lines("a", "b"))
        try resource.update(.main, with: Lines("a", "b", "c"))
        #expect(try resource.value(in: server) == Lines("a", "b"))
        #expect(try resource.commonAncestor(of: server) == Lines("a", "b"))
        #expect(try resource.mergeIntoMain(from: server) == .none)

        // Another device removed "a" on the server: only that change comes in; "b" is not doubled.
        try resource.update(server, with: Lines("b"))
        try resource.mergeIntoMain(from: server)
        #expect(try resource.value(in: .main) == Lines("b", "c"))
    }

    @Test func restartingWithNoContentSalvagesTheFirstValueInsteadOfReplacingMain() throws {
        let tags = QuickFork(initialValue: Tags(["mine"]), forks: [server])
        try tags.restart(server, with: nil)
        #expect(try tags.value(in: server) == nil)
        try tags.update(server, with: Tags(["theirs"]))
        try tags.mergeIntoMain(from: server)
        #expect(try tags.value(in: .main) == Tags(["mine", "theirs"]))
    }

    @Test func mainCannotBeRestartedAndUnknownForksAreReported() throws {
        let resource = QuickFork(initialValue: 1)
        #expect(throws: ForkedError.mainCannotBeCreatedOrDeleted) { try resource.restart(.main, with: 2) }
        #expect(throws: ForkedError.unknownFork(server)) { try resource.restart(server, with: 2) }
    }

    @Test func aRestartIsAnnouncedAsAnUpdate() async throws {
        let resource = QuickFork(initialValue: 1, forks: [server])
        let changes = resource.changeStream
        try resource.restart(server, with: 5)
        var iterator = changes.makeAsyncIterator()
        let change = await iterator.next()
        #expect(change?.fork == server)
        #expect(change?.kind == .updated)
    }
}

/// A set whose two-way merge keeps both sides, to see that a merge ran as a salvage.
private struct Tags: Mergeable, Equatable {
    var values: Set<String>

    init(_ values: Set<String>) { self.values = values }

    func merged(withSubordinate other: Tags, commonAncestor: Tags) throws -> Tags {
        Tags(values.union(other.values).subtracting(commonAncestor.values.subtracting(values.intersection(other.values))))
    }

    func salvaging(from other: Tags) throws -> Tags { Tags(values.union(other.values)) }
}
