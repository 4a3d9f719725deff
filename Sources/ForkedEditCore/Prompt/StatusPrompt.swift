/// A question asked on the status line, and how keys answer it.
///
/// The prompt only interprets keys; the session carries out the answer (saving, quitting),
/// so the question's wording and its consequences stay in one place each.
public enum StatusPrompt: Hashable, Sendable {
    /// Asking for a file name to save to.
    case fileName(PromptField)
    /// Asking whether to save before quitting.
    case saveBeforeQuit
    /// Asking for text to find in the focused pane.
    case search(PromptField)
    /// Asking for a line (or `line:column`) to go to.
    case goToLine(PromptField)
    /// Asking for the text to replace.
    case replaceText(PromptField)
    /// Asking what to replace `query` with.
    case replacement(query: String, PromptField)

    /// Asking for a file name, with `typed` already entered and the cursor after it.
    public static func fileName(typed: String) -> StatusPrompt {
        .fileName(PromptField(text: typed))
    }

    /// What a key means to the prompt.
    enum Answer: Equatable {
        /// Still asking, now in this state.
        case asking(StatusPrompt)
        /// The question was withdrawn (Esc).
        case cancelled
        /// A file name was entered (not yet trimmed or checked).
        case fileName(String)
        /// Save, then quit.
        case saveAndQuit
        /// Quit without saving.
        case quitWithoutSaving
        /// Find this text.
        case search(String)
        /// Go to this line (as typed).
        case goToLine(String)
        /// Replace every `query` with `replacement`.
        case replace(query: String, replacement: String)
    }

    /// The typed field of a prompt that has one.
    public var field: PromptField? {
        switch self {
        case .fileName(let field), .search(let field), .goToLine(let field), .replaceText(let field), .replacement(_, let field):
            return field
        case .saveBeforeQuit: return nil
        }
    }

    /// The answer `key` gives.
    func answer(_ key: Key) -> Answer {
        switch self {
        case .fileName(var field):
            switch field.handle(key) {
            case .editing: return .asking(.fileName(field))
            case .submitted: return .fileName(field.text)
            case .cancelled: return .cancelled
            }
        case .search(var field):
            switch field.handle(key) {
            case .editing: return .asking(.search(field))
            case .submitted: return .search(field.text)
            case .cancelled: return .cancelled
            }
        case .goToLine(var field):
            switch field.handle(key) {
            case .editing: return .asking(.goToLine(field))
            case .submitted: return .goToLine(field.text)
            case .cancelled: return .cancelled
            }
        case .replaceText(var field):
            switch field.handle(key) {
            case .editing: return .asking(.replaceText(field))
            case .submitted: return field.text.isEmpty ? .cancelled : .asking(.replacement(query: field.text, PromptField()))
            case .cancelled: return .cancelled
            }
        case .replacement(let query, var field):
            switch field.handle(key) {
            case .editing: return .asking(.replacement(query: query, field))
            case .submitted: return .replace(query: query, replacement: field.text)
            case .cancelled: return .cancelled
            }
        case .saveBeforeQuit:
            switch key {
            case .text("y"), .text("Y"): return .saveAndQuit
            case .text("n"), .text("N"): return .quitWithoutSaving
            case .escape: return .cancelled
            default: return .asking(self)
            }
        }
    }
}
