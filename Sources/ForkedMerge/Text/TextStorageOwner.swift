/// Keeps alive the storage of texts a merge reads through unsafe buffers, for a helper thread
/// that may still be reading them after the merge has returned (see ``SharedRefinement``).
final class TextStorageOwner: Sendable {
    private let texts: [String]

    /// Owns the storage of `texts`, or returns nil when one of them could be a small string:
    /// `withUTF8` hands out a copy of a small string's bytes that lives only during the call,
    /// which no owner can keep. A string of more than fifteen bytes is stored on the heap
    /// (or in the binary), and its buffer is valid while any copy of it is.
    init?(keeping texts: [String]) {
        guard texts.allSatisfy({ $0.utf8.count > 15 }) else { return nil }
        self.texts = texts
    }
}
