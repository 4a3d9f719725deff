import ForkedModel
import ForkedMerge

/// The value the editor keeps in its ``ForkedResource``: the document's text plus where each
/// fork's cursor was when that fork last edited.
///
/// `@ForkedModel` generates the merge property by property: the text merges three-way with
/// ``TextMerger``; the cursor table merges key by key, each fork's entry taking the most recent
/// change, because a cursor position has no meaningful merge of its own.
@ForkedModel
public struct TextDocument: Codable, Sendable, Equatable {
    /// The document's text, with `"\n"` line breaks.
    @Merged(using: .textMerge) public var text: String = ""
    /// For each fork name, the UTF-8 offset of that fork's cursor after its last edit.
    @Merged(using: .dictionaryMerge) public var cursors: [String: Int] = [:]

    /// Creates a document.
    public init(text: String, cursors: [String: Int] = [:]) {
        self.text = text
        self.cursors = cursors
    }
}

extension TextDocument {
    /// Merges a document that shares no ancestor with this one (a file joining a shared
    /// document it was never part of) without losing either text: the lines both hold are kept
    /// once and each one's other lines where they are (``TextMerger/salvaging(_:from:)``); each
    /// fork's cursor is this document's where both know it.
    public func salvaging(from other: TextDocument) throws -> TextDocument {
        TextDocument(
            text: TextMerger().salvaging(text, from: other.text),
            cursors: cursors.merging(other.cursors) { mine, _ in mine }
        )
    }

    /// Whether this document's text is an edited copy of `earlier`'s
    /// (``TextMerger/descends(_:from:)``): a file joining a shared document that started from
    /// it. Cursors do not count: they say where someone was, not what the text is.
    public func descends(from earlier: TextDocument) -> Bool {
        TextMerger().descends(text, from: earlier.text)
    }
}
