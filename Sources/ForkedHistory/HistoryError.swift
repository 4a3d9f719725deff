/// Why a history operation failed.
public enum HistoryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A stored commit's bytes do not match its id, or cannot be read.
    case corruptCommit(String)
    /// A commit that should be stored (a parent, a named head) is missing.
    case missingCommit(CommitID)
    /// No commit matches a version name.
    case unknownVersion(String)
    /// A version name that cannot name a version: neither four or more hex digits of an id,
    /// nor `@` or `@~N`.
    case malformedVersion(String)
    /// More than one commit matches a version name; the candidates' short ids.
    case ambiguousVersion(String, candidates: [String])
    /// A delta does not apply to the value it names as its base.
    case corruptDelta(String)
    /// The history has no commit yet.
    case empty
    /// Other writers kept moving a head while this one tried to record on it.
    case contended(head: String)

    /// A one-line message for people.
    public var description: String {
        switch self {
        case .corruptCommit(let detail): "corrupt commit in history: \(detail)"
        case .missingCommit(let id): "history is missing commit \(id.short)"
        case .unknownVersion(let name): "unknown version '\(name)'"
        case .malformedVersion(let name):
            "'\(name)' is not a version name: give at least four hex digits of an id (see log), @ for the newest, or @~N for N back"
        case .ambiguousVersion(let name, let candidates):
            "version '\(name)' is ambiguous: it could be \(candidates.prefix(5).joined(separator: ", "))"
        case .corruptDelta(let detail): "corrupt delta in history: \(detail)"
        case .empty: "no history yet"
        case .contended(let head): "could not record a version of \(head): other writers kept moving it"
        }
    }
}
