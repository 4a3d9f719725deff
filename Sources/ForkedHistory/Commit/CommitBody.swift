import Foundation

/// What a commit stores of its value: the whole value, or a delta against an earlier version.
public enum CommitBody: Hashable, Sendable {
    /// The value's full encoding (``HistoryValue/snapshot()``).
    case snapshot(Data)
    /// A ``HistoryValue/delta(from:)`` that turns the first parent's value into this commit's.
    case delta(Data)
    /// A ``HistoryValue/delta(from:)`` against `base`, an older commit on the first-parent line
    /// that itself starts a chain of deltas.
    ///
    /// It stands in for a snapshot where a chain of ``delta(_:)``s has grown long: rebuilding
    /// the value applies one more delta instead of reading a whole value, so a long history of a
    /// large text keeps few whole copies of it.
    case anchored(base: CommitID, delta: Data)

    /// The stored bytes: for an anchored delta, the base's id followed by the delta.
    public var payload: Data {
        switch self {
        case .snapshot(let data), .delta(let data): data
        case .anchored(let base, let delta): Data(base.bytes) + delta
        }
    }

    /// Whether the body holds the whole value.
    public var isSnapshot: Bool {
        if case .snapshot = self { return true }
        return false
    }

    /// The commit whose value this body's delta applies to, given the commit's first parent;
    /// `nil` for a snapshot.
    public func deltaBase(firstParent: CommitID?) -> CommitID? {
        switch self {
        case .snapshot: nil
        case .delta: firstParent
        case .anchored(let base, _): base
        }
    }

    /// The delta's bytes, `nil` for a snapshot.
    public var deltaBytes: Data? {
        switch self {
        case .snapshot: nil
        case .delta(let delta), .anchored(_, let delta): delta
        }
    }

    /// The one-byte kind written in a commit's encoding (and the server's `kind` column):
    /// 0 snapshot, 1 delta against the first parent, 2 anchored delta.
    public var kind: UInt8 {
        switch self {
        case .snapshot: 0
        case .delta: 1
        case .anchored: 2
        }
    }

    /// The body of `kind` stored as `payload`, or `nil` when the kind is unknown or the payload
    /// cannot be one of its kind.
    public init?(kind: UInt8, payload: Data) {
        switch kind {
        case 0: self = .snapshot(payload)
        case 1: self = .delta(payload)
        case 2:
            guard let base = CommitID(bytes: payload.prefix(CommitID.byteCount)) else { return nil }
            self = .anchored(base: base, delta: Data(payload.dropFirst(CommitID.byteCount)))
        default: return nil
        }
    }
}
