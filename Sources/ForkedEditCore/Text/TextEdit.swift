/// One change of a text: the UTF-8 bytes ``utf8Range`` of the text before it became
/// ``inserted``.
///
/// The one value every layer uses for an edit, as helix's `Transaction` serves editing, undo
/// and history: a pane applies it to its buffer, the session applies it to the fork's
/// document, the undo history keeps it with its ``inverse(restoring:)``, observers receive it
/// and the journal writes it as it is. It is applied by range, never found again by
/// comparing text.
public struct TextEdit: Sendable, Equatable {
    /// Where the replaced text started, in UTF-8 bytes of the text before the edit.
    public var utf8Offset: Int
    /// How many UTF-8 bytes were replaced.
    public var removedUTF8Count: Int
    /// The text put in their place.
    public var inserted: String

    /// Creates an edit replacing `removedUTF8Count` bytes at `utf8Offset` with `inserted`.
    public init(utf8Offset: Int, removedUTF8Count: Int, inserted: String) {
        self.utf8Offset = utf8Offset
        self.removedUTF8Count = removedUTF8Count
        self.inserted = inserted
    }

    /// The replaced bytes of the text before the edit.
    public var utf8Range: Range<Int> { utf8Offset..<(utf8Offset + removedUTF8Count) }

    /// The bytes ``inserted`` occupies in the text after the edit.
    public var insertedUTF8Range: Range<Int> { utf8Offset..<(utf8Offset + inserted.utf8.count) }

    /// How much the edit moves the text after it, in bytes.
    public var utf8Delta: Int { inserted.utf8.count - removedUTF8Count }

    /// The edit that takes the text after this one back to the text before it, given the
    /// text this one replaced (an edit does not carry what it removed: observers and the
    /// journal need only what to apply).
    public func inverse(restoring removed: String) -> TextEdit {
        TextEdit(utf8Offset: utf8Offset, removedUTF8Count: inserted.utf8.count, inserted: removed)
    }

    /// `text` with this edit applied, or `nil` when the replaced range is not whole
    /// characters' bytes of `text` (the edit was made to another text).
    public func applied(to text: String) -> String? {
        let utf8 = text.utf8
        guard utf8Offset >= 0, removedUTF8Count >= 0,
              let lower = utf8.index(utf8.startIndex, offsetBy: utf8Offset, limitedBy: utf8.endIndex),
              let upper = utf8.index(lower, offsetBy: removedUTF8Count, limitedBy: utf8.endIndex),
              lower.samePosition(in: text.unicodeScalars) != nil, upper.samePosition(in: text.unicodeScalars) != nil
        else { return nil }
        var result = String()
        result.reserveCapacity(utf8.count + utf8Delta)
        result += text[..<lower]
        result += inserted
        result += text[upper...]
        return result
    }
}
