import ForkedEditCore

/// Whole grapheme clusters ncurses cannot write, written straight to the terminal after
/// ncurses has drawn.
///
/// ncurses keeps one spacing character per cell, so a ZWJ sequence (👨‍👩‍👧), a flag (🇩🇪), a
/// skin tone (👍🏽) or a VS16 sequence (🏳️‍🌈) reaches it as its first code point only
/// (see ``TerminalGlyph``). After each update, the rows holding such clusters are written again
/// from their first such cluster to the row's end with the clusters' full bytes, each cell placed
/// explicitly: however wide the terminal draws a cluster, the cells after it come out right,
/// and ncurses' own picture (the reduced glyphs) stays what it believes, so its later updates
/// keep working. The cursor and attributes are saved and restored around the writes.
struct ClusterOverlay {
    /// Whether a cell needs the overlay: its cluster is more than ncurses can write.
    static func needsOverlay(_ cell: Cell) -> Bool {
        guard cell.width > 0, !cell.character.isASCII, cell.character.unicodeScalars.count > 1 else { return false }
        let glyph = TerminalGlyph(character: cell.character, columns: cell.width)
        return glyph.scalars.count < cell.character.unicodeScalars.count
            && glyph.scalars != [TerminalGlyph.replacement]
    }

    /// The bytes that write row `row` of `grid` from its first cluster ncurses reduced to the
    /// end of the row (`columns` wide), or `nil` when the row has none.
    static func sequence(forRow row: Int, of grid: CellGrid, columns: Int) -> String? {
        guard let first = (0..<columns).first(where: { needsOverlay(grid[row, $0]) }) else { return nil }
        var output = ""
        var column = first
        while column < columns {
            let cell = grid[row, column]
            guard cell.width > 0 else {
                column += 1
                continue
            }
            output += "\u{1B}[\(row + 1);\(column + 1)H" + AnsiScreenEncoder.sgr(cell.style)
            if needsOverlay(cell) {
                output.unicodeScalars.append(contentsOf: cell.character.unicodeScalars)
            } else {
                let glyph = TerminalGlyph(character: cell.character, columns: cell.width)
                output.unicodeScalars.append(contentsOf: glyph.scalars.compactMap { Unicode.Scalar($0) })
                output += String(repeating: " ", count: glyph.padding)
            }
            column += max(1, cell.width)
        }
        return output
    }

    /// The bytes for every row of `grid` that needs them, wrapped in save and restore of the
    /// cursor and attributes (DECSC/DECRC); empty when no row does.
    static func sequence(for grid: CellGrid, rows: Int, columns: Int, rowsToWrite: (Int) -> Bool) -> String {
        var output = ""
        for row in 0..<rows where rowsToWrite(row) {
            if let rowOutput = sequence(forRow: row, of: grid, columns: columns) { output += rowOutput }
        }
        return output.isEmpty ? "" : "\u{1B}7" + output + "\u{1B}[0m\u{1B}8"
    }
}
