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
}
