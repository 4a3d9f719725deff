import Foundation
import Testing

@testable import Forked

/// Numbers that merge by union, so a lost change shows as a missing number.
private struct Numbers: Mergeable, Equatable, Codable {
    var values: Set<Int> = []
    func merged(withSubordinate other: Numbers, commonAncestor: Numbers) throws -> Numbers {
        Numbers(values: values.union(other.values))
    }
}

private struct Refusal: Error {}

@Suite("Changing a value in place")
struct ModifyTests {
    @Test("a change is stored as one new version, announced, and the body's result returned")
    func storesAndAnnounces() async throws {
        let resource = QuickFork(initialValue: "draft")
        let changes = resource.changeStream
        let count = try resource.modify(.main) { text -> Int in
            text? += ", edited"
            return text?.count ?? 0
        }
        #expect(count == 13)
        #expect(try resource.value(in: .main) == "draft, edited")
        #expect(try resource.mostRecentVersion(of: .main) == Version(count: 2))
        for await change in changes {
            #expect(change == ForkChange(fork: .main, kind: .updated, version: Version(count: 2)))
            break
        }
    }

    @Test("a body that changes nothing stores nothing")
    func unchangedStoresNothing() throws {
        let resource = QuickFork(initialValue: "same")
        let before = try resource.mostRecentVersion(of: .main)
        try resource.modify(.main) { text in text = "same" }
        #expect(try resource.mostRecentVersion(of: .main) == before)
    }

    @Test("setting nil removes the content, and a fork with no content starts from nil")
    func removesAndCreatesContent() async throws {
        let resource = QuickFork<String>(forks: [left])
        let changes = resource.changeStream
        try resource.modify(.main) { text in
            #expect(text == nil)
            text = "first"
        }
        try resource.modify(.main) { text in text = nil }
        #expect(try resource.value(in: .main) == nil)
        var kinds: [ForkChange.Kind] = []
        for await change in changes {
            kinds.append(change.kind)
            if kinds.count == 2 { break }
        }
        #expect(kinds == [.updated, .removedContent])
    }

    @Test("a fork in sync with main starts from main's value and is then ahead of it")
    func forkStartsFromMain() throws {
        let resource = QuickFork(initialValue: "shared", forks: [left])
        try resource.modify(left) { text in text? += " and mine" }
        #expect(try resource.status(of: left) == .ahead(edits: 1))
        #expect(try resource.value(in: .main) == "shared")
        try resource.mergeIntoMain(from: left)
        #expect(try resource.value(in: .main) == "shared and mine")
    }

    @Test("a throwing body stores nothing")
    func throwingBodyStoresNothing() throws {
        let resource = QuickFork(initialValue: 1)
        #expect(throws: Refusal.self) {
            try resource.modify(.main) { value in
                value = 2
                throw Refusal()
            }
        }
        #expect(try resource.value(in: .main) == 1)
    }

    @Test("an unknown fork is reported")
    func unknownFork() {
        let resource = QuickFork(initialValue: 1)
        #expect(throws: ForkedError.unknownFork(right)) {
            try resource.modify(right) { $0 = 2 }
        }
    }

    @Test("a change that lands while the body runs is kept: the body runs again on it")
    func redoneAfterInterveningChange() throws {
        let repository = InterleavedTransactionRepository<Numbers>()
        let resource = try ForkedResource(repository: repository)
        try resource.update(.main, with: Numbers(values: [1]))
        // Between modify's read and its store, another writer adds 2 to main.
        repository.interleave(after: 1) { state in
            try? state.commit(Numbers(values: [1, 2]), to: .main)
        }
        var runs: [Set<Int>] = []
        try resource.modify(.main) { numbers in
            runs.append(numbers?.values ?? [])
            numbers?.values.insert(3)
        }
        #expect(runs == [[1], [1, 2]])
        #expect(try resource.value(in: .main)?.values == [1, 2, 3])
    }

    @Test("threads changing main at once while forks merge into it lose nothing")
    func concurrentChangesLoseNothing() async throws {
        let forks = (0..<2).map { Fork(name: "merger\($0)") }
        let resource = QuickFork(initialValue: Numbers(), forks: forks)
        let writers = 4
        let perWriter = 150
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<writers {
                group.addTask {
                    for step in 0..<perWriter {
                        try resource.modify(.main) { numbers in
                            // A body that takes a moment, so that other changes land while it runs.
                            usleep(50)
                            numbers?.values.insert(writer * 10_000 + step)
                        }
                    }
                }
            }
            for (index, fork) in forks.enumerated() {
                group.addTask {
                    // Merges into main computed while the writers change it, as a sync exchange makes them.
                    for step in 0..<60 {
                        try resource.mergeFromMain(into: fork)
                        try resource.modify(fork) { numbers in numbers?.values.insert(-(index * 10_000 + step) - 1) }
                        try resource.mergeIntoMain(from: fork)
                    }
                }
            }
            try await group.waitForAll()
        }
        let written = (0..<writers).flatMap { writer in (0..<perWriter).map { writer * 10_000 + $0 } }
        let merged = forks.indices.flatMap { index in (0..<60).map { -(index * 10_000 + $0) - 1 } }
        #expect(try resource.value(in: .main)?.values == Set(written + merged))
    }

    @Test("two file repositories on one directory changing main at once lose nothing")
    func sharedFileRepositoryLosesNothing() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try ForkedResource(repository: try FileRepository<Numbers>(directory: directory))
        try first.update(.main, with: Numbers())
        // A second repository object on the same directory stands for another process.
        let second = try ForkedResource(repository: try FileRepository<Numbers>(directory: directory))
        let perWriter = 100
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (offset, resource) in [(0, first), (10_000, second)] {
                group.addTask {
                    for step in 0..<perWriter {
                        try resource.modify(.main) { numbers in numbers?.values.insert(offset + step) }
                    }
                }
            }
            try await group.waitForAll()
        }
        let expected = Set((0..<perWriter).flatMap { [$0, 10_000 + $0] })
        #expect(try first.value(in: .main)?.values == expected)
        #expect(try second.value(in: .main)?.values == expected)
    }
}
