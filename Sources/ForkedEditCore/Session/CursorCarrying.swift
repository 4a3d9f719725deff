import ForkedMerge

/// Carries a cursor from a text to a later version of it (such as a fork's text to the
/// merged text), so the cursor stays on the same piece of text.
///
/// The two versions are diffed character by character (``TextPositionMapping``): a cursor
/// inside text the new version deleted lands where that text was, and text the new version
/// inserts exactly at the cursor comes after it, as a collaborative editor keeps a caret in
/// front of what someone else types there.
public enum CursorCarrying {
    /// The UTF-8 offset in `newText` that corresponds to `offset` (a UTF-8 offset at a
    /// character boundary) in `oldText`.
    public static func offset(_ offset: Int, from oldText: String, to newText: String) -> Int {
        guard offset > 0 else { return 0 }
        return TextPositionMapping(from: oldText, to: newText).offset(offset)
    }
}
