@testable import Forked
import Foundation
import Testing

/// `mergeIntoMain(from:receiving:)`: what a sync exchange does with another device's version.
struct ReceivingTests {
    let server = Fork(name: "server")

    /// A resource whose server fork was restarted at "a b" and whose main went on to add "c".
    private func diverged<R: Repository>(_ repository: R) throws -> ForkedResource<R> where R.Resource == Lines {
        let resource = try ForkedResource(repository: repository)
        try resource.update(.main, with: Lines("a", "b"))
        try resource.create(server)
        try resource.restart(server, with: Lines("a", "b"))
        try resource.update(.main, with: Lines("a", "b", "c"))
        return resource
    }

    @Test func aReceivedValueMergesAsAnUpdateFollowedByAMergeWould() throws {
        let fused = try diverged(InMemoryRepository<Lines>())
        let separate = try diverged(InMemoryRepository<Lines>())
        let received = Lines("b", "d")

        #expect(try fused.mergeIntoMain(from: server, receiving: received) == .resolveConflict)
        try separate.update(server, with: received)
        #expect(try separate.mergeIntoMain(from: server) == .resolveConflict)

        for resource in [fused, separate] {
            // The received value is dominant: its lines first, then what only main added.
            #expect(try resource.value(in: .main) == Lines("b", "d", "c"))
            #expect(try resource.value(in: server) == received)
            #expect(try resource.commonAncestor(of: server) == received)
            #expect(try resource.status(of: server) == .behind)
        }
        #expect(try fused.mostRecentVersion(of: .main) == separate.mostRecentVersion(of: .main))
        #expect(try fused.lastChange(in: .main) == separate.lastChange(in: .main))
    }

    @Test func mainThatDidNotMoveTakesTheReceivedValue() throws {
        let resource = QuickFork(initialValue: Lines("a"), forks: [server])
        #expect(try resource.mergeIntoMain(from: server, receiving: Lines("a", "z")) == .fastForward)
        #expect(try resource.value(in: .main) == Lines("a", "z"))
        #expect(try resource.status(of: server) == .inSync)
    }

    @Test func itIsOneWriteOfAFileRepository() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let resource = try diverged(FileRepository<Lines>(directory: directory))
        let before = try logRecords(in: directory)
        try resource.mergeIntoMain(from: server, receiving: Lines("b", "d"))
        #expect(try logRecords(in: directory) == before + 1)

        let reopened = try ForkedResource(repository: FileRepository<Lines>(directory: directory))
        #expect(try reopened.value(in: .main) == Lines("b", "d", "c"))
        #expect(try reopened.value(in: server) == Lines("b", "d"))
    }

    @Test func aChangeToMainWhileMergingIsMergedToo() throws {
        let repository = InterleavedTransactionRepository<Lines>()
        let resource = try diverged(repository)
        // Between reading the merge's inputs and committing it, another thread adds "e" to main.
        repository.interleave(after: 1) { state in
            try? state.commit(Lines("a", "b", "c", "e"), to: .main)
        }
        try resource.mergeIntoMain(from: server, receiving: Lines("b", "d"))
        #expect(try resource.value(in: .main) == Lines("b", "d", "c", "e"))
        #expect(try resource.commonAncestor(of: server) == Lines("b", "d"))
    }

    @Test func observersSeeTheUpdateThenTheMerge() async throws {
        let resource = try diverged(InMemoryRepository<Lines>())
        let changes = resource.changeStream
        try resource.mergeIntoMain(from: server, receiving: Lines("b"))
        var iterator = changes.makeAsyncIterator()
        let update = await iterator.next()
        let merge = await iterator.next()
        #expect(update?.fork == server && update?.kind == .updated)
        #expect(merge?.fork == .main && merge?.kind == .merged(.resolveConflict) && merge?.mergingFork == server)
        #expect(try merge?.version == resource.mostRecentVersion(of: .main))
    }

    @Test func anUnknownForkIsReportedAndMainIsUpdated() throws {
        let resource = QuickFork(initialValue: Lines("a"))
        #expect(throws: ForkedError.unknownFork(server)) { try resource.mergeIntoMain(from: server, receiving: Lines("b")) }
        #expect(try resource.mergeIntoMain(from: .main, receiving: Lines("b")) == .none)
        #expect(try resource.value(in: .main) == Lines("b"))
    }

    @Test func aPreparedMergeWritesNothingUntilItIsWritten() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let resource = try diverged(FileRepository<Lines>(directory: directory))
        let before = try logRecords(in: directory)

        let merge = try resource.preparedMerge(from: server, receiving: Lines("b", "d"))
        #expect(merge.mergedMain == Lines("b", "d", "c"))
        #expect(try logRecords(in: directory) == before)
        #expect(try resource.value(in: .main) == Lines("a", "b", "c"))
        #expect(try resource.value(in: server) == Lines("a", "b"))

        #expect(try resource.mergeIntoMain(merge) == .resolveConflict)
        #expect(try logRecords(in: directory) == before + 1)
        #expect(try resource.value(in: .main) == merge.mergedMain)
        #expect(try resource.commonAncestor(of: server) == Lines("b", "d"))
    }

    @Test func aPreparedMergeIsMadeAgainWhenMainChangedBeforeItWasWritten() throws {
        let resource = try diverged(InMemoryRepository<Lines>())
        let merge = try resource.preparedMerge(from: server, receiving: Lines("b", "d"))
        try resource.update(.main, with: Lines("a", "b", "c", "e"))
        try resource.mergeIntoMain(merge)
        #expect(try resource.value(in: .main) == Lines("b", "d", "c", "e"))
        #expect(try resource.value(in: server) == Lines("b", "d"))
    }

    @Test func aPreparedMergeIntoMainThatDidNotMoveIsAFastForward() throws {
        let resource = QuickFork(initialValue: Lines("a"), forks: [server])
        let merge = try resource.preparedMerge(from: server, receiving: Lines("a", "z"))
        #expect(merge.mergedMain == Lines("a", "z"))
        #expect(try resource.mergeIntoMain(merge) == .fastForward)
        #expect(try resource.value(in: .main) == Lines("a", "z"))
    }

    private func logRecords(in directory: URL) throws -> Int {
        try AppendOnlyJournal.read(directory.appendingPathComponent("log")).records.count
    }
}
