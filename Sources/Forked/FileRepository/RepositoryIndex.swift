/// Which commit each fork of a ``FileRepository`` refers to, by version number: the part of a
/// stored state that is not commit content. Both on-disk formats store it (format 1 in its
/// manifest, format 2 in every log record), and both validate it the same way before use.
struct RepositoryIndex: Codable, Equatable {
    /// A fork other than main, by the version numbers of its commits.
    struct ForkEntry: Codable, Equatable {
        var ancestor: UInt64?
        var head: UInt64?
        var edits: Int
    }

    var clock: UInt64
    var main: UInt64
    var forks: [String: ForkEntry]

    init(clock: UInt64, main: UInt64, forks: [String: ForkEntry]) {
        self.clock = clock
        self.main = main
        self.forks = forks
    }

    /// The index of `state`.
    init<Resource>(_ state: ForkedState<Resource>) {
        self.init(
            clock: state.clock.count,
            main: state.main.version.count,
            forks: Dictionary(uniqueKeysWithValues: state.forks.map { fork, record in
                (fork.name, ForkEntry(ancestor: record.ancestor?.version.count, head: record.head?.version.count, edits: record.edits))
            })
        )
    }

    /// Every version some fork refers to.
    var referencedVersions: Set<UInt64> {
        Set([main] + forks.values.flatMap { [$0.ancestor, $0.head].compactMap(\.self) })
    }

    /// The largest clock or edit count an index may hold: beyond anything a repository reaches
    /// (a tick per write), and far enough below the integers' limits that counting on from it
    /// (the next tick, the next edit, a journal's edits folded in) never overflows.
    static let largestCount = 1 << 62

    /// What makes this index impossible to have been written by a ``FileRepository``, if
    /// anything. Checked before use: a clock behind a stored commit would hand out that
    /// commit's version again, and a clock or edit count near its type's limit would trap at
    /// the next write that counts on from it.
    var inconsistency: String? {
        if clock > UInt64(Self.largestCount) { return "the clock (\(clock)) is past any a repository reaches" }
        for (name, entry) in forks {
            if name.isEmpty || name == Fork.main.name { return "a fork other than main is named '\(name)'" }
            if entry.edits < 0 || entry.edits > Self.largestCount { return "fork '\(name)' has \(entry.edits) edits" }
        }
        if let newest = referencedVersions.max(), newest > clock {
            return "the clock (\(clock)) is behind commit \(newest)"
        }
        return nil
    }

    /// The state this index describes, with each version's commit from `commit`.
    func state<Resource>(commit: (UInt64) throws -> Commit<Resource>) throws -> ForkedState<Resource> {
        var records: [Fork: ForkRecord<Resource>] = [:]
        for (name, entry) in forks {
            records[Fork(name: name)] = ForkRecord(
                ancestor: try entry.ancestor.map(commit),
                head: try entry.head.map(commit),
                edits: entry.edits
            )
        }
        return ForkedState(clock: Version(count: clock), main: try commit(main), forks: records)
    }
}

extension ForkedState {
    /// Every commit main and the forks refer to, by version number: what a repository must keep.
    var referencedCommits: [UInt64: Commit<Resource>] {
        var commits = [main.version.count: main]
        for record in forks.values {
            if let ancestor = record.ancestor { commits[ancestor.version.count] = ancestor }
            if let head = record.head { commits[head.version.count] = head }
        }
        return commits
    }
}
