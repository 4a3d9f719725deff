/// A problem found while reading key notation, with the character position where it starts.
public struct KeyNotationError: Error, Equatable, CustomStringConvertible {
    /// Zero-based character offset of the offending `<` in the notation.
    public let position: Int
    /// What is wrong.
    public let reason: String

    /// Creates an error.
    public init(position: Int, reason: String) {
        self.position = position
        self.reason = reason
    }

    /// A message suitable for a user.
    public var description: String { "bad key notation at character \(position): \(reason)" }
}

/// The Vim-like text notation for key sequences used in recorded sessions and tests.
///
/// Printable text stands for itself (a literal `<` is `<lt>`); other keys are written in
/// angle brackets: `<Tab>`, `<Enter>`, `<BS>`, `<Del>`, `<Esc>`, `<Left>`, `<Right>`, `<Up>`,
/// `<Down>`, `<Home>`, `<End>`, `<PgUp>`, `<PgDn>`, `<S-Left>` (and `Right`, `Up`, `Down`), `<C-Left>`, `<C-Right>`, `<C-Home>`, `<C-End>`,
/// `<F1>`…`<F12>`, `<C-a>`…`<C-z>`, `<A-x>`, mouse `<Click:ROW,COLUMN>` (zero-based cell),
/// `<WheelUp>`, `<WheelDown>`.
/// A bracketed paste is `<Paste>text</Paste>`, its text literal (tabs and line breaks as
/// they are) but for `<`, written `<lt>`.
/// Consecutive characters parse as one ``Key/text(_:)`` key, exactly like a pasted run.
public enum KeyNotation {
    private static let namedKeys: [(name: String, key: Key)] = [
        ("Tab", .tab), ("Enter", .enter), ("BS", .backspace), ("Del", .delete), ("Esc", .escape),
        ("Left", .left), ("Right", .right), ("Up", .up), ("Down", .down), ("Home", .home),
        ("End", .end), ("PgUp", .pageUp), ("PgDn", .pageDown),
        ("S-Left", .shift(.left)), ("S-Right", .shift(.right)), ("S-Up", .shift(.up)), ("S-Down", .shift(.down)),
        ("WheelUp", .wheelUp), ("WheelDown", .wheelDown),
        ("C-Left", .controlLeft), ("C-Right", .controlRight), ("C-Home", .controlHome), ("C-End", .controlEnd),
    ]

    /// Writes keys in notation.
    public static func format(_ keys: [Key]) -> String {
        keys.map(format).joined()
    }

    /// Writes one key in notation.
    public static func format(_ key: Key) -> String {
        switch key {
        case .text(let text):
            return text.replacing("<", with: "<lt>")
        case .click(let row, let column):
            return "<Click:\(row),\(column)>"
        case .paste(let text):
            return "<Paste>" + text.replacing("<", with: "<lt>") + pasteEnd
        case .function(let number):
            return "<F\(number)>"
        case .control(let letter):
            return "<C-\(letter)>"
        case .alt(let character):
            return "<A-\(character == "<" ? "lt" : String(character))>"
        default:
            return namedKeys.first { $0.key == key }.map { "<\($0.name)>" } ?? ""
        }
    }

    /// Reads notation into keys, merging runs of plain characters into single text keys.
    ///
    /// - Throws: ``KeyNotationError`` naming the position of an unknown or unterminated `<…>`.
    public static func parse(_ notation: String) throws -> [Key] {
        var keys: [Key] = []
        var pendingText = ""
        let characters = Array(notation)
        var index = 0
        func flushText() {
            if !pendingText.isEmpty {
                keys.append(.text(pendingText))
                pendingText = ""
            }
        }
        while index < characters.count {
            let character = characters[index]
            guard character == "<" else {
                pendingText.append(character)
                index += 1
                continue
            }
            guard let close = closingBracket(in: characters, after: index) else {
                throw KeyNotationError(position: index, reason: "'<' without a closing '>' (write a literal '<' as <lt>)")
            }
            let name = String(characters[(index + 1)..<close])
            if name == "Paste" {
                flushText()
                let (pasted, end) = try pastedText(in: characters, from: close + 1, openedAt: index)
                keys.append(.paste(pasted))
                index = end
                continue
            }
            if name == "lt" {
                pendingText.append("<")
            } else {
                flushText()
                keys.append(try key(named: name, at: index))
            }
            index = close + 1
        }
        flushText()
        return keys
    }

    private static let pasteEnd = "</Paste>"

    /// The text of a paste starting at `start`, up to `</Paste>`, and the index after that.
    private static func pastedText(
        in characters: [Character], from start: Int, openedAt opening: Int
    ) throws -> (String, Int) {
        let end = Array(pasteEnd)
        var text = ""
        var index = start
        while index < characters.count {
            if characters[index] == "<", characters.count - index >= end.count,
               Array(characters[index..<(index + end.count)]) == end {
                return (text, index + end.count)
            }
            if characters[index] == "<", characters.count - index >= 4, String(characters[index..<(index + 4)]) == "<lt>" {
                text.append("<")
                index += 4
                continue
            }
            text.append(characters[index])
            index += 1
        }
        throw KeyNotationError(position: opening, reason: "<Paste> without </Paste>")
    }

    /// The `>` ending a bracketed key; `<A->>` names Alt with `>`, so the character right
    /// after `A-` is never taken as the terminator.
    private static func closingBracket(in characters: [Character], after start: Int) -> Int? {
        var search = start + 1
        if characters.count > start + 3, characters[start + 1] == "A", characters[start + 2] == "-" {
            search = start + 4
        }
        guard search < characters.count else { return nil }
        return characters[search...].firstIndex(of: ">")
    }

    private static func key(named name: String, at position: Int) throws -> Key {
        if let named = namedKeys.first(where: { $0.name == name }) { return named.key }
        if name.hasPrefix("Click:") {
            let parts = name.dropFirst("Click:".count).split(separator: ",")
            if parts.count == 2, let row = Int(parts[0]), let column = Int(parts[1]), row >= 0, column >= 0 {
                return .click(row: row, column: column)
            }
        }
        if name.hasPrefix("F"), let number = Int(name.dropFirst()), (1...63).contains(number) {
            return .function(number)
        }
        if name.hasPrefix("C-"), name.count == 3, let letter = name.last?.lowercased().first,
           ("a"..."z").contains(letter) {
            return .control(letter)
        }
        if name.hasPrefix("A-") {
            let rest = name.dropFirst(2)
            if rest == "lt" { return .alt("<") }
            if rest.count == 1, let character = rest.first { return .alt(character) }
        }
        throw KeyNotationError(position: position, reason: "unknown key <\(name)>")
    }
}
