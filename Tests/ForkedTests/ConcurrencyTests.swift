import Forked
import Testing

/// A grow-only set of tokens: merging is a union, so no update may ever be lost.
private struct Tokens: Mergeable, Equatable {
    var values: Set<Int> = []
    func merged(withSubordinate other: Tokens, commonAncestor: Tokens) throws -> Tokens {
        Tokens(values: values.union(other.values))
    }
}

@Suite("Concurrent use")
struct ConcurrencyTests {
    @Test("many tasks updating and merging different forks at once lose no update")
    func noLostUpdates() async throws {
        let forks = (0..<8).map { Fork(name: "worker\($0)") }
        let resource = QuickFork(initialValue: Tokens(), forks: forks)
        let perWorker = 200
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, fork) in forks.enumerated() {
                group.addTask {
                    for step in 0..<perWorker {
                        var value = try resource.value(in: fork) ?? Tokens()
                        value.values.insert(index * 10_000 + step)
                        try resource.update(fork, with: value)
                        if step % 10 == 0 { try resource.mergeIntoMain(from: fork) }
                        if step % 25 == 0 { try resource.mergeFromMain(into: fork) }
                    }
                }
            }
            group.addTask {
                // Each worker owns its fork; a merger task only folds forks into main meanwhile.
                for _ in 0..<50 { try resource.mergeAllForks() }
            }
            try await group.waitForAll()
        }
        try resource.syncAllForks()
        let expected = Set(forks.indices.flatMap { index in (0..<perWorker).map { index * 10_000 + $0 } })
        for fork in try resource.currentForks() {
            #expect(try resource.value(in: fork)?.values == expected)
        }
        #expect(try resource.storedCopyCount == 1)
    }
}
