/// Another person's cursor, shown in the pane of the fork they are known to be in (with
/// `--sync`: the shared document's pane, where the other machine's editor is).
public struct PeerCursor: Hashable, Sendable {
    /// Who it is, as their editor named itself (a user name).
    public var name: String
    /// Where the cursor is.
    public var position: TextPosition

    /// Creates a cursor.
    public init(name: String, position: TextPosition) {
        self.name = name
        self.position = position
    }

    /// How an editor says where its cursor is to the others: `line column name`, numbers
    /// zero-based, so the name may hold spaces.
    public var presence: String { "\(position.line) \(position.column) \(name)" }

    /// Reads ``presence``; `nil` for text that is not one, or whose line or column no text
    /// could have (it comes from another device: a number is shown counted from 1, and
    /// `Int.max` has no successor).
    public init?(presence: String) {
        let parts = presence.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, let line = Int(parts[0]), let column = Int(parts[1]),
              (0..<Int.max).contains(line), (0..<Int.max).contains(column)
        else { return nil }
        self.init(name: String(parts[2]), position: TextPosition(line: line, column: column))
    }
}
