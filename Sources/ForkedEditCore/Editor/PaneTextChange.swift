/// The text an edit replaced, in UTF-8 offsets of the text before the edit, so an observer
/// can record the edit without keeping a copy of the document.
public struct PaneTextChange: Sendable, Equatable {
    /// Where the replaced text started.
    public var utf8Offset: Int
    /// How many UTF-8 bytes were replaced.
    public var removedUTF8Count: Int
    /// The text put in their place.
    public var inserted: String

    /// Creates a change.
    public init(utf8Offset: Int, removedUTF8Count: Int, inserted: String) {
        self.utf8Offset = utf8Offset
        self.removedUTF8Count = removedUTF8Count
        self.inserted = inserted
    }

    /// The replaced bytes of the text before the edit.
    public var utf8Range: Range<Int> { utf8Offset..<(utf8Offset + removedUTF8Count) }
}
