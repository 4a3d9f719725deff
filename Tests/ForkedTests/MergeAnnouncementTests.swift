@testable import Forked
import Testing

/// A resource whose fork `left` and main both changed since they last shared a value
/// (ticks 1 to 3), on a repository that can slip changes in between transactions.
private func divergedLeft() throws -> (InterleavedTransactionRepository<Lines>, ForkedResource<InterleavedTransactionRepository<Lines>>) {
    let repository = InterleavedTransactionRepository<Lines>()
    let resource = try ForkedResource(repository: repository)
    try resource.update(.main, with: Lines("a"))
    try resource.create(left)
    try resource.update(left, with: Lines("a", "l"))
    try resource.update(.main, with: Lines("a", "m"))
    return (repository, resource)
}

@Suite("Merge announcements")
struct MergeAnnouncementTests {
    @Test("a merge that committed returns its action even if its fork is deleted right after")
    func deletionAfterCommitDoesNotFailTheMerge() throws {
        let (repository, resource) = try divergedLeft()
        // Transaction 1 reads the merge's inputs, transaction 2 commits it.
        repository.interleave(after: 2) { state in state.forks[left] = nil }
        #expect(try resource.mergeFromMain(into: left) == .resolveConflict)
    }

    @Test("a merge event carries the version the merge made, not that of a later change")
    func eventVersionIsTheMergesOwn() async throws {
        let (repository, resource) = try divergedLeft()
        let stream = resource.changeStream
        repository.interleave(after: 2) { state in try? state.commit(Lines("later"), to: left) }
        try resource.mergeFromMain(into: left)
        let mergeVersion = Version(count: 4) // ticks 1 to 3 are the three updates above
        var iterator = stream.makeAsyncIterator()
        let change = await iterator.next()
        #expect(change == ForkChange(fork: left, kind: .merged(.resolveConflict), mergingFork: .main, version: mergeVersion))
    }

    @Test("merges from main into a fork are announced on the fork, naming main")
    func mergesFromMainAreAnnounced() async throws {
        let resource = QuickFork(initialValue: Lines("a"), forks: [left, right])
        try resource.update(.main, with: Lines("a", "m"))
        try resource.update(right, with: Lines("a", "r"))
        let stream = resource.changeStream
        #expect(try resource.mergeFromMain(into: left) == .fastForward)
        #expect(try resource.mergeFromMain(into: left) == .none)
        #expect(try resource.mergeFromMain(into: right) == .resolveConflict)
        let expected = [
            ForkChange(fork: left, kind: .merged(.fastForward), mergingFork: .main, version: Version(count: 2)),
            ForkChange(fork: right, kind: .merged(.resolveConflict), mergingFork: .main, version: Version(count: 4)),
        ]
        var received: [ForkChange] = []
        for await change in stream {
            received.append(change)
            if received.count == expected.count { break }
        }
        #expect(received == expected)
    }

    @Test("changes made from many threads at once arrive in the order of their versions")
    func concurrentChangesArriveInVersionOrder() async throws {
        let forks = (0..<6).map { Fork(name: "writer\($0)") }
        let resource = QuickFork(initialValue: 0, forks: forks)
        let stream = resource.changeStream
        let updatesPerFork = 300
        try await withThrowingTaskGroup(of: Void.self) { group in
            for fork in forks {
                group.addTask { for step in 0..<updatesPerFork { try resource.update(fork, with: step) } }
            }
            try await group.waitForAll()
        }
        var versions: [Version] = []
        for await change in stream {
            versions.append(change.version)
            if versions.count == forks.count * updatesPerFork { break }
        }
        let overtaken = zip(versions, versions.dropFirst()).first { $0 > $1 }
        #expect(overtaken == nil, "a change arrived before an earlier one")
    }
}
