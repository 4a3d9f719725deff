/// Display-column arithmetic for one line: tab stops, wide characters and characters a
/// terminal cannot show by themselves.
public enum TextColumns {
    /// Distance between tab stops.
    public static let tabWidth = 8

    /// The display column where the character after `character` starts, when `character`
    /// starts at `column`.
    public static func advance(_ column: Int, over character: Character) -> Int {
        // Printable ASCII is by far the most common case and needs no table lookups.
        if let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F { return column + 1 }
        if character == "\t" { return (column / tabWidth + 1) * tabWidth }
        return column + visibleForm(of: character).width
    }

    /// What to put on screen for a character, and how many columns that takes.
    ///
    /// Control characters become `?` and a combining mark with no base is shown on a dotted
    /// circle, so every cell the editor writes has a predictable width on any terminal.
    public static func visibleForm(of character: Character) -> (character: Character, width: Int) {
        if let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F { return (character, 1) }
        if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
           scalar.properties.generalCategory == .control {
            return ("?", 1)
        }
        let width = DisplayWidth.columns(of: character)
        if width == 0 {
            var based = "\u{25CC}"
            based.unicodeScalars.append(contentsOf: character.unicodeScalars)
            return (Character(based), 1)
        }
        return (character, width)
    }

    /// The display column at which grapheme `column` of `line` starts.
    public static func displayColumn(ofCharacter column: Int, in line: String) -> Int {
        var display = 0
        var count = 0
        for character in line {
            if count == column { break }
            display = advance(display, over: character)
            count += 1
        }
        return display
    }

    /// Whether `line` shows anything at or past display column `column`, visiting only the
    /// characters before it (a long line costs no more than its visible part).
    public static func reaches(_ line: some StringProtocol, column: Int) -> Bool {
        var display = 0
        for character in line {
            if display >= column { return true }
            display = advance(display, over: character)
        }
        return false
    }

    /// Total display width of `line`.
    public static func displayWidth(of line: String) -> Int {
        line.reduce(0) { advance($0, over: $1) }
    }

    /// The grapheme index whose cell covers `target`, or the line's length when the line is
    /// shorter; used to keep the cursor's visual column when moving between lines.
    public static func character(atDisplayColumn target: Int, in line: String) -> Int {
        var display = 0
        var count = 0
        for character in line {
            let next = advance(display, over: character)
            if next > target { return count }
            display = next
            count += 1
        }
        return count
    }
}
