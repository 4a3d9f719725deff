import Foundation
import ForkedHistory

/// The payload of a `NOTIFY` on ``ServerSchema/channel``: which document reached which
/// generation, from which device, and, when it is small, the commit itself.
///
/// Carrying the commit spares every listening device a query per commit: with fifty devices on
/// one document, the fetches that announcements caused took most of the server's and the
/// devices' time. A payload must stay under 8000 bytes, so a commit whose encoding is larger
/// is left out and listeners fetch it.
struct Announcement: Sendable, Equatable {
    let document: String
    let generation: Int64
    let device: String
    /// The commit that made ``generation`` current, when it was small enough to announce.
    let commit: ServerCommit?

    /// The most a commit's field may take, leaving room for a 1,000-byte document name and the
    /// other fields under PostgreSQL's 8000-byte limit.
    static let commitFieldLimit = 6_000

    /// `generation device commit document`: the document's name last, so that it may contain
    /// spaces; `commit` is `-` or `modelVersion.base64(encoded commit)`.
    var payload: String { "\(generation) \(device) \(commitField) \(document)" }

    /// The payload's `commit` field, made once: the commit's encoding is also what decides
    /// whether it fits.
    private let commitField: String

    /// Reads a payload; `nil` for one this build does not understand, or whose commit does not
    /// match its id.
    init?(payload: String) {
        let parts = payload.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, let generation = Int64(parts[0]) else { return nil }
        var commit: ServerCommit?
        if parts[2] != "-" {
            let field = parts[2].split(separator: ".", maxSplits: 1)
            guard field.count == 2, let modelVersion = Int(field[0]), let encoded = Data(base64Encoded: String(field[1])),
                  let decoded = try? HistoryCommit(encoded: encoded)
            else { return nil }
            commit = ServerCommit(decoded, generation: generation, modelVersion: modelVersion)
        }
        self.init(document: String(parts[3]), generation: generation, device: String(parts[1]), commit: commit, commitField: String(parts[2]))
    }

    /// An announcement of `commit`, which carries it when its field fits ``commitFieldLimit``.
    init(document: String, device: String, announcing commit: ServerCommit) {
        let field = Self.field(of: commit)
        let fits = field.utf8.count <= Self.commitFieldLimit
        self.init(
            document: document, generation: commit.generation, device: device, commit: fits ? commit : nil,
            commitField: fits ? field : "-"
        )
    }

    init(document: String, generation: Int64, device: String, commit: ServerCommit? = nil) {
        self.init(document: document, generation: generation, device: device, commit: commit, commitField: commit.map(Self.field) ?? "-")
    }

    private init(document: String, generation: Int64, device: String, commit: ServerCommit?, commitField: String) {
        self.document = document
        self.generation = generation
        self.device = device
        self.commit = commit
        self.commitField = commitField
    }

    private static func field(of commit: ServerCommit) -> String {
        "\(commit.modelVersion)." + commit.commit.encoded.base64EncodedString()
    }
}
