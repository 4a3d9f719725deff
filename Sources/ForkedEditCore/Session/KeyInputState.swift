/// Where the keys go between one key and the next: a question on the status line, keys waiting
/// for a terminal large enough, a key to type as it is, whether quitting continues after a
/// save, and whether the user has quit.
struct KeyInputState {
    /// The question on the status line, if any.
    var prompt: StatusPrompt?
    /// Keys typed while the terminal was too small to show the editor, applied in order once it
    /// is large enough (the small screen says they wait).
    var waitingKeys: [Key] = []
    /// Whether Ctrl-V was pressed, so the next key types its character (a tab) instead of acting.
    var insertsNextKeyVerbatim = false
    /// Whether quitting continues once the file-name prompt has saved.
    var quitsAfterSaving = false
    /// Whether the user has quit.
    var isFinished = false
}
