import Forked

/// One of the editor's two panes: the fork it shows, its editing state, and the fork's text.
///
/// The session keeps the fork's text joined beside the line buffer so a keystroke re-joins
/// only the lines it edited, and a change stored in the resource can be compared cheaply.
public struct EditorPane: Sendable, Equatable {
    /// The fork the pane shows.
    public internal(set) var fork: Fork
    /// Cursor, scroll offsets, line buffer and undo history.
    public internal(set) var state: PaneState
    /// The fork's text as the session last stored or read it.
    public internal(set) var text: String
    /// Whether the pane only shows its fork (a fork another process edits).
    public let isReadOnly: Bool

    /// A pane showing `document` of `fork`, with the cursor where that fork last edited.
    init(fork: Fork, document: TextDocument, isReadOnly: Bool) {
        self.fork = fork
        self.isReadOnly = isReadOnly
        text = document.text
        state = PaneState(text: document.text)
        if let offset = document.cursors[fork.name] {
            state.setCursor(state.buffer.position(atUTF8Offset: offset))
        }
    }
}
