/// The `manifest.json` of a ``FileRepository``.
///
/// In formats 2 and 3 it only names the format: the state is in the log, and the manifest is
/// there so that an older build refuses the directory ("unsupported format 3") instead of
/// misreading it. Format 3 (written by this build) is format 2 whose log records may store a
/// commit as a change to another (``StoredDeltaCommit``); a format 2 log is read as it is and
/// its manifest renamed to format 3 before anything is appended. In format 1 it was the index
/// of the state and a checksum of every commit file (see ``LegacyRepository``).
struct RepositoryManifest: Codable, Equatable {
    /// A commit file's checksum (format 1).
    struct CommitEntry: Codable, Equatable {
        var checksum: String
    }

    /// The format this build writes.
    static let currentFormat = 3
    /// The log format before commits could be stored as changes: read as it is.
    static let wholeCommitFormat = 2
    /// The format of repositories written before the log, which this build migrates on opening.
    static let legacyFormat = 1

    var format: Int
    var generation: UInt64
    var clock: UInt64
    var main: UInt64
    var forks: [String: RepositoryIndex.ForkEntry]
    var commits: [String: CommitEntry]

    /// The index of the state (format 1).
    var index: RepositoryIndex { RepositoryIndex(clock: clock, main: main, forks: forks) }

    /// The manifest of a format 2 repository: the format alone, the other fields empty (yet
    /// present, so that a format 1 reader decodes it and names the format it cannot read).
    static var marker: RepositoryManifest {
        RepositoryManifest(format: currentFormat, generation: 0, clock: 0, main: 0, forks: [:], commits: [:])
    }

    /// Just the format, decoded first so that a manifest of another format is named as such.
    struct FormatOnly: Decodable {
        var format: Int
    }
}
