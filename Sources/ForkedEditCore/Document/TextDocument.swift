import Forked
import ForkedMerge

/// The value the editor keeps in its ``ForkedResource``: the document's text plus where each
/// fork's cursor was when that fork last edited.
///
/// Text merges three-way with ``TextMerger``; each fork's cursor entry merges on its own,
/// the most recent change winning, because a cursor has no meaningful "merge".
public struct TextDocument: Mergeable, Codable, Sendable, Equatable {
    /// The document's text, with `"\n"` line breaks.
    public var text: String
    /// For each fork name, the UTF-8 offset of that fork's cursor after its last edit.
    public var cursors: [String: Int]

    /// Creates a document.
    public init(text: String, cursors: [String: Int] = [:]) {
        self.text = text
        self.cursors = cursors
    }

    /// Merges text with ``TextMerger`` and cursor entries most-recent-wins.
    public func merged(withSubordinate other: TextDocument, commonAncestor: TextDocument) throws -> TextDocument {
        // A side that left the text alone yields without running the text merge.
        let text: String
        if other.text == commonAncestor.text {
            text = self.text
        } else if self.text == commonAncestor.text {
            text = other.text
        } else {
            text = try TextMerger().merge(self.text, withSubordinate: other.text, commonAncestor: commonAncestor.text)
        }
        var cursors: [String: Int] = [:]
        for name in Set(self.cursors.keys).union(other.cursors.keys) {
            cursors[name] = try ValueMerging.merge(
                self.cursors[name], withSubordinate: other.cursors[name], commonAncestor: commonAncestor.cursors[name]
            )
        }
        return TextDocument(text: text, cursors: cursors)
    }
}
