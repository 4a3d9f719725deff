import Foundation

/// What a commit stores of its value: the whole value, or a delta against its first parent.
public enum CommitBody: Hashable, Sendable {
    /// The value's full encoding (``HistoryValue/snapshot()``).
    case snapshot(Data)
    /// A ``HistoryValue/delta(from:)`` that turns the first parent's value into this commit's.
    case delta(Data)

    /// The stored bytes.
    public var payload: Data {
        switch self {
        case .snapshot(let data), .delta(let data): data
        }
    }

    /// Whether the body holds the whole value.
    public var isSnapshot: Bool {
        if case .snapshot = self { return true }
        return false
    }

    /// The one-byte kind written in a commit's encoding.
    var kindByte: UInt8 { isSnapshot ? 0 : 1 }

    init?(kindByte: UInt8, payload: Data) {
        switch kindByte {
        case 0: self = .snapshot(payload)
        case 1: self = .delta(payload)
        default: return nil
        }
    }
}
