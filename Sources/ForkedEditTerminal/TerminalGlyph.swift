import CTerminalSupport
import ForkedEditCore

/// The scalars the backend writes for one cell, adjusted so the terminal advances exactly as
/// many columns as the cell's width says.
///
/// The editor lays out with ``DisplayWidth``, a fixed table; ncurses measures what it writes
/// with the C library's `wcwidth`. Where the two disagree (a newer emoji unknown to the C
/// library, a text symbol the editor widens because of a variation selector, a flag made of
/// two regional indicators), writing the character as-is would shift the rest of the row.
/// So a cell is reduced to one spacing scalar plus its combining marks, replaced by U+FFFD
/// when the terminal would draw it wider than the cell, and padded with spaces when
/// narrower. Zero-width joiners and variation selectors are dropped: terminals disagree on
/// how wide they make a sequence.
struct TerminalGlyph: Equatable, Sendable {
    /// The replacement character, one column wide everywhere.
    static let replacement: UInt32 = 0xFFFD

    /// A spacing scalar followed by up to a few combining scalars, as `setcchar` takes them.
    var scalars: [UInt32]
    /// Spaces to write after the scalars so the glyph fills the cell's columns.
    var padding: Int

    /// The glyph for a character in a cell `columns` wide (1 or 2).
    ///
    /// - Parameters:
    ///   - character: The character to show.
    ///   - columns: The cell's width in the layout; values outside 1...2 are clamped.
    ///   - combiningCapacity: How many combining scalars one terminal cell can hold.
    ///   - terminalWidth: How wide the terminal library draws a scalar, -1 for unprintable.
    init(
        character: Character,
        columns: Int,
        combiningCapacity: Int = 4,
        terminalWidth: (UInt32) -> Int = TerminalGlyph.terminalWidth
    ) {
        let columns = min(max(columns, 1), 2)
        let values = character.unicodeScalars.map(\.value)
        guard let spacingIndex = values.firstIndex(where: { terminalWidth($0) > 0 }) else {
            self.init(scalars: [Self.replacement], padding: columns - 1)
            return
        }
        let spacing = values[spacingIndex]
        let spacingWidth = terminalWidth(spacing)
        guard spacingWidth <= columns else {
            self.init(scalars: [Self.replacement], padding: columns - 1)
            return
        }
        var scalars = [spacing]
        for value in values[(spacingIndex + 1)...] {
            guard terminalWidth(value) == 0 else { break }
            if Self.isSequenceControl(value) { continue }
            guard scalars.count <= combiningCapacity else { break }
            scalars.append(value)
        }
        self.init(scalars: scalars, padding: columns - spacingWidth)
    }

    /// A glyph made of exactly these scalars and padding.
    init(scalars: [UInt32], padding: Int) {
        self.scalars = scalars
        self.padding = padding
    }

    /// How wide the C library (and so ncurses) draws a scalar; -1 for unprintable ones.
    static func terminalWidth(_ value: UInt32) -> Int {
        Int(cts_wcwidth(value))
    }

    /// Zero-width joiner and variation selectors: they ask the terminal to combine or widen,
    /// which terminals do inconsistently.
    private static func isSequenceControl(_ value: UInt32) -> Bool {
        value == 0x200D || (0xFE00...0xFE0F).contains(value) || (0xE0100...0xE01EF).contains(value)
    }
}
