/// Why a history operation failed.
public enum HistoryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A stored commit's bytes do not match its id, or cannot be read.
    case corruptCommit(String)
    /// A commit that should be stored (a parent, a named head) is missing.
    case missingCommit(CommitID)
    /// No commit matches a version name.
    case unknownVersion(String)
    /// More than one commit matches a version name; the candidates' short ids.
    case ambiguousVersion(String, candidates: [String])
    /// A delta does not apply to the value it names as its base.
    case corruptDelta(String)
    /// The history has no commit yet.
    case empty

    /// A one-line message for people.
    public var description: String {
        switch self {
        case .corruptCommit(let detail): "corrupt commit in history: \(detail)"
        case .missingCommit(let id): "history is missing commit \(id.short)"
        case .unknownVersion(let name): "unknown version '\(name)'"
        case .ambiguousVersion(let name, let candidates):
            "version '\(name)' is ambiguous: it could be \(candidates.prefix(5).joined(separator: ", "))"
        case .corruptDelta(let detail): "corrupt delta in history: \(detail)"
        case .empty: "no history yet"
        }
    }
}
