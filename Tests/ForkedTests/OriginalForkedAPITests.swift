import Foundation
import Forked
import Testing

/// A counter whose concurrent increments add up, as in the original Forked's documentation.
private struct Tally: Mergeable, Equatable {
    var count = 0
    func merged(withSubordinate other: Tally, commonAncestor: Tally) throws -> Tally {
        Tally(count: count + other.count - commonAncestor.count)
    }
}

@Suite("The original Forked's API")
struct OriginalForkedAPITests {
    @Test("QuickFork initialisers: empty, with fork names, with forks; none throws")
    func quickForkInitialisers() throws {
        let empty = QuickFork<Int>()
        #expect(empty.forks == [.main])
        #expect(try empty.value(in: .main) == nil)

        let named = QuickFork(initialValue: 3, forkNames: ["b", "a", "a"])
        #expect(named.forks == [.main, Fork(name: "a"), Fork(name: "b")])
        #expect(try named.value(in: Fork(name: "a")) == 3)

        let listed = QuickFork<String>(forks: [left, .main])
        #expect(listed.forks == [.main, left])
        #expect(try listed.value(in: left) == nil)
    }

    @Test("AtomicRepository is the in-memory repository, and Forked.Error catches what it throws")
    func atomicRepositoryAndError() throws {
        let resource = try ForkedResource(repository: AtomicRepository<Int>())
        #expect(throws: Forked.Error.self) { try resource.create(.main) }
        do {
            try resource.delete(left)
            Issue.record("deleting a missing fork must throw")
        } catch let error as Forked.Error {
            #expect(error as? ForkedError == .unknownFork(left))
        }
    }

    @Test("forks reads without throwing; currentForks() reports the same list")
    func forksDoesNotThrow() throws {
        let resource = QuickFork(initialValue: 0, forks: [right, left])
        #expect(resource.forks == [.main, left, right])
        #expect(try resource.currentForks() == resource.forks)
    }

    @Test("update returns the new version; versions tick by one and their time stamps only grow")
    func updateReturnsVersion() throws {
        let resource = QuickFork<Int>(forks: [left])
        let start = try resource.mostRecentVersion(of: left)
        #expect(start == .initialVersion)
        #expect(start.timestamp == .distantPast)
        let first = try resource.update(left, with: 1)
        let second = try resource.update(left, with: 2)
        #expect(first.count == 1 && second.count == 2)
        #expect(start.timestamp < first.timestamp && first.timestamp < second.timestamp)
        #expect(first.id != second.id)
        #expect(try resource.mostRecentVersion(of: left) == second)
    }

    @Test("update(_:with: .none) removes content; content(of:) and mostRecentCommit(of:) read it")
    func commitContent() throws {
        let resource = QuickFork(initialValue: 5, forks: [left])
        #expect(try resource.content(of: left) == .resource(5))
        #expect(try resource.content(of: left).resource == 5)
        let removal = try resource.update(left, with: .none)
        #expect(try resource.content(of: left) == .none)
        let commit = try resource.mostRecentCommit(of: left)
        #expect(commit.version == removal)
        #expect(commit.content.resource == nil)
        try resource.update(left, with: .resource(6))
        #expect(try resource.value(in: left) == 6)
        #expect(try resource.mostRecentCommit(of: .main) == Commit(content: .resource(5), version: Version(count: 1)))
    }

    @Test("mostRecentVersionOfMain and mainVersion(isSameAsVersionIn:/differsFromVersionIn:)")
    func mainVersionQuestions() throws {
        let resource = QuickFork(initialValue: 0, forks: [left])
        #expect(try resource.mostRecentVersionOfMain() == Version(count: 1))
        #expect(try resource.mainVersion(isSameAsVersionIn: left))
        #expect(try !resource.mainVersion(differsFromVersionIn: left))
        try resource.update(left, with: 1)
        #expect(try resource.mainVersion(differsFromVersionIn: left))
        #expect(try !resource.mainVersion(isSameAsVersionIn: left))
        #expect(throws: ForkedError.unknownFork(right)) { try resource.mainVersion(isSameAsVersionIn: right) }
    }

    @Test("hasSubscribedChangeStreams follows the streams' lifetime; ChangeStream is their type")
    func changeStreamSubscriptions() async throws {
        let resource = QuickFork(initialValue: 0, forks: [left])
        #expect(!resource.hasSubscribedChangeStreams)
        do {
            let stream: ChangeStream = resource.changeStream
            var iterator = stream.makeAsyncIterator()
            try resource.update(left, with: 1)
            let change = await iterator.next()
            #expect(change?.fork == left)
            #expect(change?.version.count == 2)
            #expect(resource.hasSubscribedChangeStreams)
        }
        #expect(!resource.hasSubscribedChangeStreams)
    }

    @Test("versions(storedIn:) counts commits as the original did; content(of:at:) reads them")
    func storedVersions() throws {
        let resource = QuickFork(initialValue: 0, forks: [left])
        let repository = resource.repository
        #expect(try repository.versions(storedIn: left).isEmpty, "in sync: nothing of its own")
        #expect(try repository.versions(storedIn: .main) == [Version(count: 1)])
        try resource.update(left, with: 1)
        #expect(try repository.versions(storedIn: left) == [Version(count: 1), Version(count: 2)], "ancestor and head")
        #expect(try resource.storedCopyCount(in: left) == 1, "the ancestor is main's own commit")
        #expect(try repository.content(of: left, at: Version(count: 2)) == .resource(1))
        #expect(throws: ForkedError.unknownVersion(Version(count: 9), in: left)) {
            try repository.content(of: left, at: Version(count: 9))
        }
        try resource.mergeIntoMain(from: left)
        try resource.update(.main, with: 5)
        #expect(try repository.versions(storedIn: left) == [Version(count: 2)], "behind: its ancestor")
    }

    @Test("versions stored before time stamps existed still decode, identically every time")
    func legacyVersionDecoding() throws {
        let legacy = Data(#"{"count":7}"#.utf8)
        let first = try JSONDecoder().decode(Version.self, from: legacy)
        let second = try JSONDecoder().decode(Version.self, from: legacy)
        #expect(first.count == 7)
        #expect(first.timestamp == .distantPast)
        #expect(first.id == second.id)
        let roundTripped = try JSONDecoder().decode(Version.self, from: JSONEncoder().encode(Version(count: 8)))
        #expect(roundTripped.count == 8)
    }

    @Test("merged(withOlderConflicting:) merges with an ancestor and salvages without one")
    func olderMergeSpelling() throws {
        let merged = try Tally(count: 3).merged(withOlderConflicting: Tally(count: 2), commonAncestor: Tally(count: 1))
        #expect(merged == Tally(count: 4))
        #expect(try Tally(count: 3).merged(withOlderConflicting: Tally(count: 2), commonAncestor: nil) == Tally(count: 3))
    }
}

@Suite("MergeAction tells what happened to the receiving side")
struct MergeActionTruthTests {
    @Test("after a conflict merge into main the fork keeps its version; the next merge from main fast-forwards it")
    func conflictMergeThenFastForward() throws {
        let resource = QuickFork(initialValue: 0, forks: [left])
        try resource.update(.main, with: 1)
        let own = try resource.update(left, with: 2)
        #expect(try resource.mergeIntoMain(from: left) == .resolveConflict)
        #expect(try resource.value(in: .main) == 2, "the fork's later change won")
        #expect(try resource.mostRecentVersion(of: left) == own, "merging into main did not touch the fork")
        #expect(try resource.mainVersion(differsFromVersionIn: left))
        #expect(try resource.mergeFromMain(into: left) == .fastForward)
        #expect(try resource.mainVersion(isSameAsVersionIn: left))
        #expect(try resource.mergeFromMain(into: left) == .none)
        #expect(try resource.mergeIntoMain(from: left) == .none)
    }

    @Test("a merge whose result equals main leaves main's commit, and the fork then fast-forwards to it")
    func mergeEqualToMain() throws {
        let resource = QuickFork(initialValue: 0, forks: [left])
        try resource.update(left, with: 2)
        let mainVersion = try resource.update(.main, with: 1)
        #expect(try resource.mergeIntoMain(from: left) == .resolveConflict)
        #expect(try resource.mostRecentVersionOfMain() == mainVersion, "main's later change won; no identical commit")
        #expect(try resource.mergeFromMain(into: left) == .fastForward)
        #expect(try resource.value(in: left) == 1)
    }
}
