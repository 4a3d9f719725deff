/// Everything a resource stores: main's commit, the record of every other fork, and the
/// logical clock. Repositories persist this value; ``ForkedResource`` changes it only through
/// the transitions below, which keep the minimum history.
public struct ForkedState<Resource: Sendable>: Sendable {
    /// The last tick of the logical clock that was handed out.
    public internal(set) var clock: Version
    /// Main's current commit.
    public internal(set) var main: Commit<Resource>
    /// Every fork except main.
    public internal(set) var forks: [Fork: ForkRecord<Resource>]

    /// A new state: main with no content, no other forks.
    public init() {
        self.init(
            clock: .initial,
            main: Commit(version: .initial, changeTime: .initial, content: nil),
            forks: [:]
        )
    }

    /// Creates a state from its stored parts.
    public init(clock: Version, main: Commit<Resource>, forks: [Fork: ForkRecord<Resource>]) {
        self.clock = clock
        self.main = main
        self.forks = forks
    }

    /// All forks, main first, then the others by name.
    public var allForks: [Fork] { [.main] + forks.keys.sorted() }

    /// The number of copies of the value stored across all forks.
    public var storedCopyCount: Int { 1 + forks.values.reduce(0) { $0 + $1.storedCopyCount } }

    /// The record of a fork other than main.
    func record(of fork: Fork) throws -> ForkRecord<Resource> {
        guard let record = forks[fork] else { throw ForkedError.unknownFork(fork) }
        return record
    }

    /// The fork's latest commit: the one whose content is the fork's value.
    func latestCommit(of fork: Fork) throws -> Commit<Resource> {
        if fork == .main { return main }
        let record = try record(of: fork)
        return record.head ?? record.ancestor ?? main
    }

    /// The commit the fork shares with main.
    func ancestorCommit(of fork: Fork) throws -> Commit<Resource> {
        if fork == .main { return main }
        return try record(of: fork).ancestor ?? main
    }

    /// Hands out the next tick of the logical clock.
    mutating func tick() -> Version {
        clock = clock.next()
        return clock
    }

    /// Makes `commit` main's value. Forks that were based on main's previous commit keep it
    /// as their ancestor, since it is what they last shared with main.
    mutating func moveMain(to commit: Commit<Resource>) {
        let previous = main
        for (fork, var record) in forks where record.ancestor == nil {
            record.ancestor = previous
            forks[fork] = record
        }
        main = commit
    }

    /// Records a change made in `fork`.
    mutating func commit(_ content: Resource?, to fork: Fork) throws {
        let version = tick()
        let commit = Commit(version: version, changeTime: version, content: content)
        if fork == .main {
            moveMain(to: commit)
            return
        }
        var record = try record(of: fork)
        record.head = commit
        record.edits += 1
        forks[fork] = record
    }
}

extension ForkedState: Equatable where Resource: Equatable {}
extension ForkedState: Codable where Resource: Codable {}
