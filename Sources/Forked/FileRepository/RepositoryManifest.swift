/// The index of a ``FileRepository``: which commit each fork refers to, and a checksum for
/// every commit file. It is the only file ever replaced in place, so replacing it is the
/// single atomic step of every write.
struct RepositoryManifest: Codable, Equatable {
    struct ForkEntry: Codable, Equatable {
        var ancestor: UInt64?
        var head: UInt64?
        var edits: Int
    }

    struct CommitEntry: Codable, Equatable {
        var checksum: String
    }

    static let currentFormat = 1

    var format: Int
    var generation: UInt64
    var clock: UInt64
    var main: UInt64
    var forks: [String: ForkEntry]
    var commits: [String: CommitEntry]

    /// What makes this manifest impossible to have been written by a ``FileRepository``, if
    /// anything. Checked before use: a clock behind a stored commit would hand out that
    /// commit's version again and overwrite its file.
    var inconsistency: String? {
        for (name, entry) in forks {
            if name.isEmpty || name == Fork.main.name { return "a fork other than main is named '\(name)'" }
            if entry.edits < 0 { return "fork '\(name)' has \(entry.edits) edits" }
        }
        let referenced = [main] + forks.values.flatMap { [$0.ancestor, $0.head].compactMap(\.self) }
        if let newest = referenced.max(), newest > clock {
            return "the clock (\(clock)) is behind commit \(newest)"
        }
        return nil
    }
}
