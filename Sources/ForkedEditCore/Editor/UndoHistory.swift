/// One reversible edit: enough to put the text and the cursor back as they were.
public struct EditRecord: Sendable, Equatable {
    /// Where the edit started.
    public var start: TextPosition
    /// Where the inserted text ended, right after the edit.
    public var insertedEnd: TextPosition
    /// The text the edit removed.
    public var removed: String
    /// The cursor before the edit.
    public var cursorBefore: TextPosition
}

/// A bounded stack of edits for one fork's pane.
///
/// Edits are stored rather than whole texts so a megabyte document does not cost a
/// megabyte per keystroke of history.
public struct UndoHistory: Sendable, Equatable {
    /// How many edits are kept; older ones are forgotten.
    public let limit: Int
    private var records: [EditRecord] = []

    /// Creates an empty history.
    public init(limit: Int = 1000) {
        self.limit = max(1, limit)
    }

    /// Whether there is anything to undo.
    public var isEmpty: Bool { records.isEmpty }

    /// Number of edits that can be undone.
    public var count: Int { records.count }

    /// Remembers an edit, dropping the oldest when full.
    public mutating func push(_ record: EditRecord) {
        if records.count == limit { records.removeFirst() }
        records.append(record)
    }

    /// Takes the most recent edit.
    public mutating func pop() -> EditRecord? {
        records.popLast()
    }

    /// Forgets everything, for when the text was replaced wholesale (by a merge).
    public mutating func removeAll() {
        records.removeAll()
    }
}
