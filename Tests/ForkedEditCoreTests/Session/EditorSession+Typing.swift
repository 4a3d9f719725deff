@testable import ForkedEditCore

extension EditorSession {
    /// Handles the keys `notation` names (``KeyNotation``): text as one key each run, as a
    /// paste-fast terminal delivers it, or one character at a time when `slowly`, as a person
    /// types (which is what groups undo by word).
    func type(_ notation: String, slowly: Bool = false) throws {
        for key in try KeyNotation.parse(notation) {
            if slowly, case .text(let text) = key {
                for character in text { handle(.key(.text(String(character)))) }
            } else {
                handle(.key(key))
            }
        }
    }
}
