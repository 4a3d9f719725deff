import CNcurses
import ForkedEditCore

/// A foreground and background pair, the unit ncurses assigns colour pair numbers to.
struct ColorPairKey: Hashable, Sendable {
    var foreground: TerminalColor
    var background: TerminalColor
}

extension NcursesTerminal {
    /// Shows `grid`, writing only the cells that differ from what the last call showed.
    ///
    /// Wide characters are written once, at their left cell; the continuation cell to their
    /// right is skipped. Each written cell is placed explicitly, so a character the terminal
    /// measures differently from the editor cannot shift the rest of its row (see
    /// ``TerminalGlyph``). Parts of the grid beyond the screen are clipped.
    public func draw(_ grid: CellGrid) throws {
        guard !isShutDown, let window = cnc_stdscr() else { throw TerminalSessionError.shutDown }
        let screenSize = size
        let rows = min(grid.rows, screenSize.rows)
        let columns = min(grid.columns, screenSize.columns)

        let previous = shownGrid.flatMap { $0.columns == grid.columns && $0.rows == grid.rows ? $0 : nil }
        if previous == nil {
            werase(window)
        }
        var changedRows = Set<Int>()
        for row in 0..<rows where drawRow(row, of: grid, columns: columns, previous: previous, in: window) {
            changedRows.insert(row)
        }
        placeCursor(grid.cursor, rows: rows, columns: columns, in: window)
        wnoutrefresh(window)
        doupdate()
        shownGrid = grid
        if !isOffscreen {
            // Rows ncurses (re)wrote lost their whole clusters: write those again.
            let overlay = ClusterOverlay.sequence(for: grid, rows: rows, columns: columns) { changedRows.contains($0) }
            if !overlay.isEmpty { writeControlSequence(overlay) }
        }
    }

    /// Writes the changed cells of one row, left to right.
    ///
    /// A wide character is written at its left cell and covers the continuation cell to its
    /// right, which is skipped. A grid that breaks that pairing is still shown consistently:
    /// a wide character without its continuation is squeezed into one column (as U+FFFD), and
    /// a continuation cell without its wide character shows as a blank.
    @discardableResult
    private func drawRow(
        _ row: Int, of grid: CellGrid, columns: Int, previous: CellGrid?, in window: UnsafeMutablePointer<WINDOW>
    ) -> Bool {
        var anyChanged = false
        var column = 0
        var leftNeighbourWritten = false
        while column < columns {
            let cell = grid[row, column]
            let isPaired = cell.width == 2 && column + 1 < columns && grid[row, column + 1].width == 0
            let span = isPaired ? 2 : 1
            var changed = true
            if let previous {
                // Writing over half of a wide character makes the terminal blank its other
                // half, so a cell next to a rewritten one may need writing although it is equal.
                changed = cell != previous[row, column]
                    || (cell.width == 2 && grid[row, column + 1] != previous[row, column + 1])
                    || (cell.width == 0 && leftNeighbourWritten)
                    || (previous[row, column].width == 2 && !isPaired)
            }
            if changed {
                let shown = cell.width == 0 ? Cell(character: " ", width: 1, style: cell.style) : cell
                write(shown, columns: span, row: row, column: column, in: window)
            }
            leftNeighbourWritten = changed
            anyChanged = anyChanged || changed
            column += span
        }
        return anyChanged
    }

    /// Forgets what is on screen, so the next `draw` writes every cell (after a resize, or
    /// when something else may have drawn over the screen).
    public func invalidate() {
        shownGrid = nil
    }

    private func write(_ cell: Cell, columns: Int, row: Int, column: Int, in window: UnsafeMutablePointer<WINDOW>) {
        let attributes = attributes(for: cell.style)
        let pair = colorPair(for: cell.style)
        // Most cells hold one ASCII character: skip the glyph analysis for them.
        let glyph: TerminalGlyph
        if cell.character.isASCII, let value = cell.character.asciiValue, value >= 0x20, value != 0x7F {
            glyph = TerminalGlyph(scalars: [UInt32(value)], padding: columns - 1)
        } else {
            glyph = TerminalGlyph(
                character: cell.character, columns: columns, combiningCapacity: Int(cnc_cchar_capacity()) - 1
            )
        }
        var rendered = cchar_t()
        withUnsafeTemporaryAllocation(of: wchar_t.self, capacity: glyph.scalars.count + 1) { wide in
            for (index, scalar) in glyph.scalars.enumerated() {
                wide[index] = wchar_t(bitPattern: scalar)
            }
            wide[glyph.scalars.count] = 0
            _ = setcchar(&rendered, wide.baseAddress, attributes, pair, nil)
        }
        // At the bottom-right corner the cursor cannot advance and ncurses reports ERR even
        // though the cell was written; the result is not an error for us.
        _ = mvwadd_wch(window, Int32(row), Int32(column), &rendered)
        guard glyph.padding > 0 else { return }
        var space = cchar_t()
        withUnsafeTemporaryAllocation(of: wchar_t.self, capacity: 2) { blank in
            blank[0] = 0x20
            blank[1] = 0
            _ = setcchar(&space, blank.baseAddress, attributes, pair, nil)
        }
        for offset in 0..<glyph.padding {
            _ = mvwadd_wch(window, Int32(row), Int32(column + columns - glyph.padding + offset), &space)
        }
    }

    private func placeCursor(
        _ cursor: (row: Int, column: Int)?, rows: Int, columns: Int, in window: UnsafeMutablePointer<WINDOW>
    ) {
        if let cursor, cursor.row >= 0, cursor.row < rows, cursor.column >= 0, cursor.column < columns {
            wmove(window, Int32(cursor.row), Int32(cursor.column))
            setCursorVisible(true)
        } else {
            setCursorVisible(false)
        }
    }

    private func setCursorVisible(_ visible: Bool) {
        guard cursorVisible != visible else { return }
        // Some terminals cannot hide the cursor; curs_set then fails, which is harmless.
        _ = curs_set(visible ? 1 : 0)
        cursorVisible = visible
    }

    private func attributes(for style: CellStyle) -> attr_t {
        var attributes = attr_t(0)
        if style.bold { attributes |= cnc_attribute_bold() }
        if style.reverse { attributes |= cnc_attribute_reverse() }
        if style.underline { attributes |= cnc_attribute_underline() }
        return attributes
    }

    /// The colour pair for a style, defined the first time it is needed. Pair 0 (the
    /// terminal's defaults) is used when colours are off or the terminal's pairs run out.
    private func colorPair(for style: CellStyle) -> Int16 {
        guard colorsEnabled else { return 0 }
        let key = ColorPairKey(foreground: style.foreground, background: style.background)
        if key.foreground == .standard, key.background == .standard { return 0 }
        if let pair = colorPairs[key] { return pair }
        let next = colorPairs.count + 1
        guard next < Int(cnc_color_pairs()), let pair = Int16(exactly: next),
              init_pair(pair, Self.colorNumber(key.foreground), Self.colorNumber(key.background)) == OK else {
            return 0
        }
        colorPairs[key] = pair
        return pair
    }

    /// The ncurses colour number; -1 is the terminal's default (after `use_default_colors`).
    static func colorNumber(_ color: TerminalColor) -> Int16 {
        switch color {
        case .standard: return -1
        case .black: return Int16(COLOR_BLACK)
        case .red: return Int16(COLOR_RED)
        case .green: return Int16(COLOR_GREEN)
        case .yellow: return Int16(COLOR_YELLOW)
        case .blue: return Int16(COLOR_BLUE)
        case .magenta: return Int16(COLOR_MAGENTA)
        case .cyan: return Int16(COLOR_CYAN)
        case .white: return Int16(COLOR_WHITE)
        }
    }

    /// The editor colour for an ncurses colour number.
    static func terminalColor(_ number: Int16) -> TerminalColor {
        [TerminalColor.black, .red, .green, .yellow, .blue, .magenta, .cyan, .white]
            .first { colorNumber($0) == number } ?? .standard
    }
}
