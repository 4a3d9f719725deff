import ForkedEditCore
import Foundation

/// Save As wrote the document to another file, but its editing state stays beside the file it
/// was opened from (see ``PersistentDocument/move(to:savedText:)``): edits go on being
/// journaled there, and reopening that file recovers them.
public struct StateNotMoved: SessionNotice, Equatable {
    /// The file the state stays beside.
    public var from: String
    /// The file Save As wrote.
    public var to: String
    /// Why the state did not move.
    public var reason: String

    /// Creates the notice.
    public init(from: String, to: String, reason: String) {
        self.from = from
        self.to = to
        self.reason = reason
    }

    /// A clause for the status line, after what the save did.
    public var description: String {
        "edits are still kept beside \(Self.name(from)), not \(Self.name(to)): \(reason)"
    }

    private static func name(_ path: String) -> String { URL(fileURLWithPath: path).lastPathComponent }
}
