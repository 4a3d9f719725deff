import ForkedMerge

/// Carries a cursor from a text to a later version of it (such as a fork's text to the
/// merged text), so the cursor stays on the same piece of text.
///
/// The old text with a marker character at the cursor is merged, as the subordinate side,
/// with the new text, against the old text as ancestor. The merge keeps the marker's
/// insertion wherever it belongs in the new text (even inside text the new version
/// deleted), and the cursor's new place is the amount of new text before it.
public enum CursorCarrying {
    /// Private-use code points, one of which will be absent from any real text.
    private static let markerCandidates: [Unicode.Scalar] = ["\u{E000}", "\u{F8FF}", "\u{F0000}", "\u{100000}", "\u{10FFFD}"]

    /// The UTF-8 offset in `newText` that corresponds to `offset` (a UTF-8 offset at a
    /// character boundary) in `oldText`.
    public static func offset(_ offset: Int, from oldText: String, to newText: String) -> Int {
        let newLength = newText.utf8.count
        guard oldText != newText else { return min(offset, newLength) }
        guard offset > 0 else { return 0 }
        guard let marker = markerCandidates.first(where: { candidate in
            !oldText.unicodeScalars.contains(candidate) && !newText.unicodeScalars.contains(candidate)
        }), let index = oldText.utf8.index(oldText.startIndex, offsetBy: offset, limitedBy: oldText.endIndex)
        else { return min(offset, newLength) }
        var marked = String(oldText[..<index])
        marked.unicodeScalars.append(marker)
        marked += oldText[index...]
        let result = TextMerger().mergeWithOrigins(newText, withSubordinate: marked, commonAncestor: oldText)
        var position = 0
        for segment in result.segments {
            switch segment.origin {
            case .ancestor, .dominant, .both:
                position += segment.text.utf8.count
            case .subordinate:
                // Only the marker is the subordinate's own; anything else here is a copy of
                // old text kept beside a rewrite, which is not part of the new text.
                if segment.text.unicodeScalars.contains(marker) { return min(position, newLength) }
            }
        }
        return min(offset, newLength)
    }
}
