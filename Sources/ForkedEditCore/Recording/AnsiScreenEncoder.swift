/// Turns cell grids into the ANSI escape sequences a terminal needs to show them, sending
/// only the rows that changed since the previous grid.
public struct AnsiScreenEncoder: Sendable {
    private var previous: CellGrid?

    /// Creates an encoder that has drawn nothing yet.
    public init() {}

    /// The output that turns the previously encoded grid (or an unknown screen) into `grid`.
    public mutating func encode(_ grid: CellGrid) -> String {
        var output = "\u{1B}[?25l"
        let full = previous.map { $0.columns != grid.columns || $0.rows != grid.rows } ?? true
        if full { output += "\u{1B}[0m\u{1B}[2J" }
        for row in 0..<grid.rows {
            if !full, let previous, rowsEqual(previous, grid, row: row) { continue }
            output += "\u{1B}[\(row + 1);1H"
            var style: CellStyle?
            for column in 0..<grid.columns {
                let cell = grid[row, column]
                if cell.width == 0 { continue }
                if cell.style != style {
                    output += AnsiScreenEncoder.sgr(cell.style)
                    style = cell.style
                }
                output.append(cell.character)
            }
            output += "\u{1B}[0m"
        }
        if let cursor = grid.cursor {
            output += "\u{1B}[\(cursor.row + 1);\(cursor.column + 1)H\u{1B}[?25h"
        }
        previous = grid
        return output
    }

    private func rowsEqual(_ first: CellGrid, _ second: CellGrid, row: Int) -> Bool {
        (0..<second.columns).allSatisfy { first[row, $0] == second[row, $0] }
    }

    /// The Select Graphic Rendition sequence for a style, starting from a reset.
    public static func sgr(_ style: CellStyle) -> String {
        var codes = ["0"]
        if style.bold { codes.append("1") }
        if style.underline { codes.append("4") }
        if style.reverse { codes.append("7") }
        if let foreground = colorIndex(style.foreground) { codes.append("3\(foreground)") }
        if let background = colorIndex(style.background) { codes.append("4\(background)") }
        return "\u{1B}[\(codes.joined(separator: ";"))m"
    }

    private static func colorIndex(_ color: TerminalColor) -> Int? {
        switch color {
        case .standard: return nil
        case .black: return 0
        case .red: return 1
        case .green: return 2
        case .yellow: return 3
        case .blue: return 4
        case .magenta: return 5
        case .cyan: return 6
        case .white: return 7
        }
    }
}
