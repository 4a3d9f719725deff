import Forked

/// One edit the session applied to a fork's document, as reported to an
/// ``EditorSessionObserver``: enough to apply it again to the fork's previous text.
public struct DocumentEdit: Sendable, Equatable {
    /// The fork that was edited.
    public var fork: Fork
    /// The replaced text, in UTF-8 offsets of the fork's text before the edit.
    public var change: TextEdit
    /// The UTF-8 offset of the fork's cursor after the edit, as stored in ``TextDocument/cursors``.
    public var cursorUTF8Offset: Int
    /// The version the edit gave the fork in the session's resource; edits of several forks
    /// sort by it into the order they were made.
    public var version: Version

    /// Creates an edit.
    public init(fork: Fork, change: TextEdit, cursorUTF8Offset: Int, version: Version) {
        self.fork = fork
        self.change = change
        self.cursorUTF8Offset = cursorUTF8Offset
        self.version = version
    }
}
