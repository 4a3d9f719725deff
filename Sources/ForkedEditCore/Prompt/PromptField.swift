/// A line of text typed on the status line, with its own cursor: the answer to a question.
public struct PromptField: Hashable, Sendable {
    /// What has been typed.
    public private(set) var text: String
    /// The cursor, as a character index into ``text``.
    public private(set) var cursor: Int
    /// Whether the whole text is selected, as a previous answer offered again is: typing
    /// replaces it, Backspace or Delete clears it, a cursor key keeps it for editing, and Enter
    /// takes it as it is (as nano and micro offer the last search).
    public private(set) var isSelected: Bool

    /// A field holding `text` with the cursor at its end; with `selected`, the text is selected
    /// (see ``isSelected``).
    public init(text: String = "", selected: Bool = false) {
        self.text = text
        cursor = text.count
        isSelected = selected && !text.isEmpty
    }

    /// What a key did to the field.
    public enum Outcome: Equatable, Sendable {
        /// The text or the cursor changed, or the key meant nothing here.
        case editing
        /// Enter: the answer is ``text``.
        case submitted
        /// Esc (or Ctrl-Q): the question is withdrawn.
        case cancelled
    }

    /// Applies one key.
    public mutating func handle(_ key: Key) -> Outcome {
        if isSelected {
            isSelected = false
            switch key {
            case .text, .paste, .backspace, .delete:
                text = ""
                cursor = 0
                if case .backspace = key { return .editing }
                if case .delete = key { return .editing }
            default:
                break
            }
        }
        switch key {
        case .text(let typed), .paste(let typed):
            // A line: line breaks in pasted text would end the answer, so they become spaces.
            let line = typed.map { $0.isNewline || $0 == "\t" ? " " : $0 }
            let index = self.index(cursor)
            text.insert(contentsOf: line, at: index)
            cursor += line.count
        case .backspace:
            guard cursor > 0 else { break }
            cursor -= 1
            text.remove(at: index(cursor))
        case .delete:
            guard cursor < text.count else { break }
            text.remove(at: index(cursor))
        case .left:
            cursor = max(0, cursor - 1)
        case .right:
            cursor = min(text.count, cursor + 1)
        case .home, .control("a"):
            cursor = 0
        case .end, .control("e"):
            cursor = text.count
        case .enter:
            return .submitted
        case .escape, .control("q"):
            return .cancelled
        default:
            break
        }
        return .editing
    }

    private func index(_ offset: Int) -> String.Index {
        text.index(text.startIndex, offsetBy: min(max(0, offset), text.count))
    }
}
