import ForkedModel

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
