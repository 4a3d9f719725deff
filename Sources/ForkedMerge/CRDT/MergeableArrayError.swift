/// Why a ``MergeableArray`` edit was refused.
public enum MergeableArrayError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The index is outside the array: valid indices are `0..<count` (`0...count` for inserts).
    case indexOutOfRange(index: Int, count: Int)

    /// A sentence describing the problem.
    public var description: String {
        switch self {
        case let .indexOutOfRange(index, count):
            "Index \(index) is out of range for a MergeableArray of \(count) elements."
        }
    }
}
