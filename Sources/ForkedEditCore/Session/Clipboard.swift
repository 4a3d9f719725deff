/// The editor's clipboard, shared by both panes: what Ctrl-K cut or Ctrl-C copied last, for
/// Ctrl-U, and whether the terminal's system clipboard has been given it yet.
struct Clipboard {
    /// The text Ctrl-U pastes.
    private(set) var text = ""
    /// Text cut or copied since the app last asked, for the system clipboard too.
    private var unsentToSystem: String?

    /// Keeps `text` for pasting, and for the system clipboard.
    mutating func put(_ text: String) {
        self.text = text
        unsentToSystem = text
    }

    /// The text cut or copied since the last call, once.
    mutating func takeForSystem() -> String? {
        defer { unsentToSystem = nil }
        return unsentToSystem
    }
}
