/// Another person's cursor, shown in the pane of the fork they are known to be in (with
/// `--sync`: the shared document's pane, where the other machine's editor is).
public struct PeerCursor: Hashable, Sendable {
    /// Who it is, as their editor named itself (a user name).
    public var name: String
    /// Where the cursor is.
    public var position: TextPosition
    /// The last merge of theirs that kept both versions of something two people changed
    /// differently, so that every editor on the document can point at it, not only the one
    /// whose merge found it.
    public var keptConflicts: KeptConflictNote?

    /// Creates a cursor.
    public init(name: String, position: TextPosition, keptConflicts: KeptConflictNote? = nil) {
        self.name = name
        self.position = position
        self.keptConflicts = keptConflicts
    }

    /// How an editor says where its cursor is to the others: `line column name`, numbers
    /// zero-based, so the name may hold spaces; then, after a tab, the kept conflicts note.
    /// A name's tabs and line breaks travel as spaces.
    public var presence: String {
        let name = String(name.map { $0 == "\t" || $0.isNewline ? " " : $0 })
        return "\(position.line) \(position.column) \(name)" + (keptConflicts.map { "\t" + $0.field } ?? "")
    }

    /// Reads ``presence``; `nil` for text that is not one, or whose line or column no text
    /// could have (it comes from another device: a number is shown counted from 1, and
    /// `Int.max` has no successor). A kept conflicts note that does not read is left out.
    public init?(presence: String) {
        let fields = presence.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
        let parts = fields[0].split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, let line = Int(parts[0]), let column = Int(parts[1]),
              (0..<Int.max).contains(line), (0..<Int.max).contains(column)
        else { return nil }
        self.init(
            name: String(parts[2]), position: TextPosition(line: line, column: column),
            keptConflicts: fields.dropFirst().first.flatMap { KeptConflictNote(field: $0) }
        )
    }
}

/// Where an editor's last merge of another device's version kept both versions (see
/// ``PeerCursor/keptConflicts``).
public struct KeptConflictNote: Hashable, Sendable {
    /// Which of that editor's merges it was: a new number is a new merge.
    public var merge: Int
    /// The lines (from 0) of the merged text that hold both versions, at most ``maximumRanges``.
    public var lines: [Range<Int>]

    /// The most line ranges a note carries: presence stays small, and a message names a few.
    public static let maximumRanges = 16

    /// Creates a note, keeping the first ``maximumRanges`` of `lines`.
    public init(merge: Int, lines: [Range<Int>]) {
        self.merge = merge
        self.lines = Array(lines.prefix(Self.maximumRanges))
    }

    /// `merge first-end,first-end…`.
    var field: String {
        "\(merge) " + lines.map { "\($0.lowerBound)-\($0.upperBound)" }.joined(separator: ",")
    }

    /// Reads ``field``; `nil` unless every number is a line a text could have and every range
    /// holds a line.
    init?(field: Substring) {
        let parts = field.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 2, let merge = Int(parts[0]) else { return nil }
        var lines: [Range<Int>] = []
        for range in parts[1].split(separator: ",").prefix(Self.maximumRanges) {
            let ends = range.split(separator: "-", omittingEmptySubsequences: false)
            guard ends.count == 2, let lower = Int(ends[0]), let upper = Int(ends[1]), lower >= 0, lower < upper else { return nil }
            lines.append(lower..<upper)
        }
        guard !lines.isEmpty else { return nil }
        self.init(merge: merge, lines: lines)
    }
}
