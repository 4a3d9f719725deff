/// A colour a terminal can show, limited to the eight classic ANSI colours so every
/// terminal (and every test) renders the same thing.
public enum TerminalColor: Hashable, Sendable {
    /// The terminal's own default foreground or background.
    case standard
    /// ANSI black.
    case black
    /// ANSI red.
    case red
    /// ANSI green.
    case green
    /// ANSI yellow.
    case yellow
    /// ANSI blue.
    case blue
    /// ANSI magenta.
    case magenta
    /// ANSI cyan.
    case cyan
    /// ANSI white.
    case white
}

/// How one cell is drawn: colours and attributes.
public struct CellStyle: Hashable, Sendable {
    /// The colour of the character.
    public var foreground: TerminalColor
    /// The colour behind the character.
    public var background: TerminalColor
    /// Whether the character is drawn bold.
    public var bold: Bool
    /// Whether foreground and background are swapped.
    public var reverse: Bool
    /// Whether the character is underlined.
    public var underline: Bool

    /// Creates a style; every attribute defaults to the terminal's plain look.
    public init(
        foreground: TerminalColor = .standard,
        background: TerminalColor = .standard,
        bold: Bool = false,
        reverse: Bool = false,
        underline: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.reverse = reverse
        self.underline = underline
    }

    /// The terminal's default colours with no attributes.
    public static let plain = CellStyle()
}

/// One screen cell: a character, how many columns it covers, and its style.
public struct Cell: Hashable, Sendable {
    /// The character shown; a blank cell holds a space.
    public var character: Character
    /// Columns covered: 1, 2 for a wide character, or 0 for the right half of a wide character.
    public var width: Int
    /// How the cell is drawn.
    public var style: CellStyle

    /// Creates a cell.
    public init(character: Character = " ", width: Int = 1, style: CellStyle = .plain) {
        self.character = character
        self.width = width
        self.style = style
    }

    /// A plain space.
    public static let blank = Cell()
}

/// A rectangle of cells: what the editor wants on screen, independent of any terminal.
///
/// The renderer draws into a grid; a terminal backend copies the grid to the real screen,
/// and tests compare grids (or their ``plainTextRows()``) directly.
public struct CellGrid: Sendable, Equatable {
    /// Where the text cursor sits, kept as a struct so the grid stays `Equatable`.
    private struct CursorPosition: Sendable, Equatable {
        var row: Int
        var column: Int
    }

    /// Number of columns.
    public let columns: Int
    /// Number of rows.
    public let rows: Int
    private var cells: [Cell]
    private var cursorPosition: CursorPosition?

    /// Creates a grid of blank cells; negative sizes count as zero.
    public init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        cells = Array(repeating: .blank, count: self.columns * self.rows)
    }

    /// The cell at a position. Reading outside the grid yields a blank cell and writing
    /// outside it is ignored, so drawing code can clip by simply writing.
    public subscript(row: Int, column: Int) -> Cell {
        get {
            guard contains(row: row, column: column) else { return .blank }
            return cells[row * columns + column]
        }
        set {
            guard contains(row: row, column: column) else { return }
            let index = row * columns + column
            // Never leave half a wide character: writing over either half blanks the other,
            // so an overlay (the help box) cutting a wide character shows a space, not a glyph
            // the terminal would draw across the overlay's edge.
            let old = cells[index]
            if old.width == 0, newValue.width != 0, column > 0, cells[index - 1].width == 2 {
                cells[index - 1] = Cell(character: " ", width: 1, style: cells[index - 1].style)
            }
            if old.width == 2, newValue.width != 2, column + 1 < columns, cells[index + 1].width == 0 {
                cells[index + 1] = Cell(character: " ", width: 1, style: cells[index + 1].style)
            }
            cells[index] = newValue
        }
    }

    /// Where the terminal should show its cursor, or `nil` to hide it.
    public var cursor: (row: Int, column: Int)? {
        get { cursorPosition.map { ($0.row, $0.column) } }
        set { cursorPosition = newValue.map { CursorPosition(row: $0.row, column: $0.column) } }
    }

    /// Whether a position lies inside the grid.
    public func contains(row: Int, column: Int) -> Bool {
        row >= 0 && row < rows && column >= 0 && column < columns
    }

    /// The grid as text, one string per row, skipping the right halves of wide characters
    /// and trimming trailing spaces so the result is easy to compare and to read.
    public func plainTextRows() -> [String] {
        (0..<rows).map { row in
            var line = ""
            for column in 0..<columns {
                let cell = cells[row * columns + column]
                if cell.width != 0 { line.append(cell.character) }
            }
            while line.last == " " { line.removeLast() }
            return line
        }
    }
}
