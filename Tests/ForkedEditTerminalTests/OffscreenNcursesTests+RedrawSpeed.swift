import ForkedEditCore
import Testing
@testable import ForkedEditTerminal

/// The real backend putting a large screen on the terminal again and again, off-screen: full
/// redraws and one-cell changes end up on screen. The times are printed for a look, not
/// checked: a timed test fails on a loaded machine. Part of the off-screen suite, which runs
/// its tests one at a time because ncurses has one screen per process.
extension OffscreenNcursesTests {
    private static let columns = 200
    private static let rows = 60

    /// A full screen of mixed ASCII and wide characters, some bold or coloured, shifted by `seed`.
    private func speedTestScreen(_ seed: Int) -> CellGrid {
        var grid = CellGrid(columns: Self.columns, rows: Self.rows)
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz 世界")
        for row in 0..<Self.rows {
            var column = 0
            while column < Self.columns - 1 {
                let character = alphabet[(row * 7 + column + seed) % alphabet.count]
                let width = DisplayWidth.columns(of: character)
                let style = CellStyle(foreground: row % 2 == 0 ? .green : .standard, bold: column % 5 == 0)
                grid[row, column] = Cell(character: character, width: width, style: style)
                if width == 2 { grid[row, column + 1] = Cell(character: " ", width: 0, style: style) }
                column += width
            }
        }
        grid.cursor = (seed % Self.rows, 0)
        return grid
    }

    private func medianDuration(_ durations: [Duration]) -> Duration {
        durations.sorted()[durations.count / 2]
    }

    @Test("Full 200x60 redraws and one-cell changes end up on screen")
    func redrawSpeed() throws {
        let terminal = try NcursesTerminal.offscreen(columns: Self.columns, rows: Self.rows)
        defer { terminal.shutdown() }
        let clock = ContinuousClock()
        let screens = (0..<20).map(speedTestScreen)

        var fullRedraws: [Duration] = []
        for grid in screens {
            terminal.invalidate()
            fullRedraws.append(try clock.measure { try terminal.draw(grid) })
        }
        var grid = screens[0]
        var oneCellChanges: [Duration] = []
        for step in 0..<100 {
            let row = step % Self.rows
            let column = (step * 3) % (Self.columns - 2)
            // Keep the grid well formed: replacing half of a wide character blanks the other half.
            if grid[row, column].width == 2 { grid[row, column + 1] = Cell(character: " ") }
            if grid[row, column].width == 0 { grid[row, column - 1] = Cell(character: " ") }
            grid[row, column] = Cell(character: "#")
            oneCellChanges.append(try clock.measure { try terminal.draw(grid) })
        }
        print("redraw 200x60: full median \(medianDuration(fullRedraws)), one-cell change median \(medianDuration(oneCellChanges))")

        #expect((0..<Self.rows).map(terminal.renderedRow) == grid.plainTextRows())
    }
}
