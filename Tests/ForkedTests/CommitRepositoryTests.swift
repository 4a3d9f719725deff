import Forked
import Testing

/// Storage written the way an app using the original Forked writes its own: a dictionary of
/// forks, each a dictionary of commits, with the protocol's errors.
private final class DictionaryStorage: CommitRepository {
    struct Missing: Error {}
    struct Exists: Error {}

    var commits: [Fork: [Version: CommitContent<String>]] = [:]
    var writes = 0

    var forks: [Fork] { Array(commits.keys) }

    func create(_ fork: Fork, withInitialCommit commit: Commit<String>) throws {
        guard commits[fork] == nil else { throw Exists() }
        commits[fork] = [commit.version: commit.content]
        writes += 1
    }

    func delete(_ fork: Fork) throws {
        guard commits.removeValue(forKey: fork) != nil else { throw Missing() }
        writes += 1
    }

    func versions(storedIn fork: Fork) throws -> Set<Version> {
        guard let held = commits[fork] else { throw Missing() }
        return Set(held.keys)
    }

    func content(of fork: Fork, at version: Version) throws -> CommitContent<String> {
        guard let content = commits[fork]?[version] else { throw Missing() }
        return content
    }

    func store(_ commit: Commit<String>, in fork: Fork) throws {
        guard commits[fork] != nil else { throw Missing() }
        guard commits[fork]?[commit.version] == nil else { throw Exists() }
        commits[fork]?[commit.version] = commit.content
        writes += 1
    }

    func removeCommit(at version: Version, from fork: Fork) throws {
        guard commits[fork]?.removeValue(forKey: version) != nil else { throw Missing() }
        writes += 1
    }
}

private let phone = Fork(name: "phone")
private let laptop = Fork(name: "laptop")

@Suite("Storage written against the original Forked's repository protocol")
struct CommitRepositoryTests {
    @Test("a resource runs on it: forks, updates and merges behave as on any repository")
    func resourceRunsOnIt() throws {
        let storage = DictionaryStorage()
        let resource = try ForkedResource(repository: storage)
        try resource.create(phone)
        try resource.create(laptop)
        try resource.update(.main, with: "draft")
        try resource.update(phone, with: "phone edit")
        try resource.update(laptop, with: "laptop edit")
        #expect(try resource.status(of: phone) == .diverged(edits: 1))
        try resource.syncAllForks()
        let merged = try resource.value(in: .main)
        // The storage keeps no change times, so main's merge with phone counts as a change made
        // when it was merged, later than laptop's edit: it wins, as in the original Forked.
        // (On a repository that keeps change times, laptop's later edit would win.)
        #expect(merged == "phone edit")
        #expect(try resource.value(in: phone) == merged)
        #expect(Set(storage.forks) == [.main, phone, laptop])
    }

    @Test("the storage holds what the original Forked counts: 0, 1 or 2 commits per fork, main's one")
    func storedCommits() throws {
        let storage = DictionaryStorage()
        let resource = try ForkedResource(repository: storage)
        try resource.create(phone)
        #expect(try storage.versions(storedIn: .main).count == 1)
        #expect(try storage.versions(storedIn: phone).isEmpty, "in sync: nothing of its own")
        try resource.update(.main, with: "a")
        #expect(try storage.versions(storedIn: phone).count == 1, "behind: the common ancestor")
        try resource.update(phone, with: "b")
        #expect(try storage.versions(storedIn: phone).count == 2, "diverged: ancestor and head")
        try resource.mergeIntoMain(from: phone)
        try resource.mergeFromMain(into: phone)
        #expect(try storage.versions(storedIn: phone).isEmpty)
        #expect(try storage.versions(storedIn: .main).count == 1)
        try resource.delete(phone)
        #expect(storage.forks == [.main])
    }

    @Test("a second resource opened on the same storage reads every fork back")
    func reopens() throws {
        let storage = DictionaryStorage()
        let first = try ForkedResource(repository: storage)
        try first.create(phone)
        try first.update(.main, with: "main")
        try first.update(phone, with: "phone")
        try first.create(laptop)
        try first.update(laptop, with: "laptop")

        let second = try ForkedResource(repository: storage)
        #expect(second.forks == [.main, laptop, phone])
        #expect(try second.value(in: .main) == "main")
        #expect(try second.value(in: phone) == "phone")
        #expect(try second.status(of: phone) == .diverged(edits: 1))
        #expect(try second.status(of: laptop) == .ahead(edits: 1))
        #expect(try second.mostRecentVersion(of: phone) == first.mostRecentVersion(of: phone))
        #expect(try second.update(.main, with: "later") > first.mostRecentVersion(of: laptop),
                "the clock continues after the newest stored version")
    }

    @Test("a transaction that changes nothing writes nothing")
    func readsDoNotWrite() throws {
        let storage = DictionaryStorage()
        let resource = try ForkedResource(repository: storage)
        try resource.create(phone)
        try resource.update(phone, with: "x")
        let writes = storage.writes
        _ = try resource.value(in: phone)
        _ = resource.forks
        _ = try resource.status(of: phone)
        #expect(storage.writes == writes)
    }
}
