import Foundation
import Forked
import Testing

/// Tokens that merge by union, so any lost update shows as a missing token.
private struct TokenSet: Mergeable, Equatable, Codable {
    var tokens: Set<Int> = []
    func merged(withSubordinate other: TokenSet, commonAncestor: TokenSet) throws -> TokenSet {
        TokenSet(tokens: tokens.union(other.tokens))
    }
}

private let directoryVariable = "FORKED_STRESS_DIRECTORY"
private let forkVariable = "FORKED_STRESS_FORK"
private let stepsPerProcess = 1_000

@Suite("Several processes sharing one file repository")
struct MultiProcessTests {
    /// The body of each child process: only enabled when a parent test starts this bundle for it.
    @Test(.enabled(if: ProcessInfo.processInfo.environment[directoryVariable] != nil))
    func stressWorker() throws {
        let environment = ProcessInfo.processInfo.environment
        let directory = URL(fileURLWithPath: try #require(environment[directoryVariable]))
        let fork = Fork(name: try #require(environment[forkVariable]))
        let offset = fork.name == "alice" ? 0 : 100_000
        let resource = try ForkedResource(repository: try FileRepository<TokenSet>(directory: directory))
        for step in 0..<stepsPerProcess {
            var value = try resource.value(in: fork) ?? TokenSet()
            value.tokens.insert(offset + step)
            try resource.update(fork, with: value)
            if step % 10 == 9 { try resource.mergeIntoMain(from: fork) }
            if step % 50 == 49 { try resource.mergeFromMain(into: fork) }
        }
    }

    @Test("two processes doing 1,000 updates and merges each lose nothing")
    func twoProcessesLoseNothing() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("forked-mp-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let forks = [Fork(name: "alice"), Fork(name: "bob")]
        do {
            let setup = try ForkedResource(repository: try FileRepository<TokenSet>(directory: directory))
            try setup.update(.main, with: TokenSet())
            for fork in forks { try setup.create(fork) }
        }
        let workers = try forks.map { fork in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
            process.arguments = ["--testing-library", "swift-testing", "--filter", "stressWorker"]
            var environment = ProcessInfo.processInfo.environment
            environment[directoryVariable] = directory.path
            environment[forkVariable] = fork.name
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            return process
        }
        for worker in workers {
            worker.waitUntilExit()
            #expect(worker.terminationStatus == 0)
        }

        let resource = try ForkedResource(repository: try FileRepository<TokenSet>(directory: directory))
        try resource.syncAllForks()
        let expected = Set((0..<stepsPerProcess).flatMap { [$0, 100_000 + $0] })
        for fork in [Fork.main] + forks {
            #expect(try resource.value(in: fork)?.tokens == expected)
        }
        #expect(try resource.storedCopyCount == 1)
        let log = try AppendOnlyJournal.read(directory.appendingPathComponent("log"))
        let snapshot = try #require(log.records.first).count
        let length = log.records.reduce(0) { $0 + 12 + $1.count }
        #expect(length <= 4 * snapshot + (1 << 20) + 12 + (log.records.last?.count ?? 0), "the log was compacted as it grew")
        #expect(log.droppedBytes == 0)
    }
}
