import Testing
@testable import ForkedEditCore

/// A wide character is always drawn whole or not at all: no overlay leaves half of one.
@Suite("Wide characters under overlays")
struct WideCharacterIntegrityTests {
    /// Every width-2 cell is followed by its width-0 half, and every width-0 cell follows one.
    static func halves(in grid: CellGrid) -> [String] {
        var problems: [String] = []
        for row in 0..<grid.rows {
            for column in 0..<grid.columns {
                let cell = grid[row, column]
                if cell.width == 2, column + 1 < grid.columns, grid[row, column + 1].width != 0 {
                    problems.append("\(row):\(column) wide without its right half")
                }
                if cell.width == 0, column == 0 || grid[row, column - 1].width != 2 {
                    problems.append("\(row):\(column) right half without its wide character")
                }
            }
        }
        return problems
    }

    @Test("writing over either half of a wide character blanks the other half")
    func overwriteHalves() {
        var grid = CellGrid(columns: 6, rows: 1)
        grid.write("漢字x", row: 0, column: 0, limit: 6)
        grid[0, 1] = Cell(character: "|")
        grid[0, 2] = Cell(character: "|")
        #expect(Self.halves(in: grid).isEmpty)
        #expect(grid.plainTextRows() == [" || x"])
    }

    @Test("the help overlay over wide text never cuts a wide character", arguments: 0..<4)
    func helpOverWideText(shift: Int) throws {
        let line = String(repeating: " ", count: shift) + String(repeating: "漢", count: 40)
        let session = try EditorSession(
            text: Array(repeating: line, count: 30).joined(separator: "\n"), fileName: nil,
            columns: 80, rows: 24, writer: InMemoryDocumentWriter())
        session.handle(.key(.function(1)))
        let grid = session.render()
        #expect(Self.halves(in: grid).isEmpty, "\(Self.halves(in: grid))")
        #expect(grid.plainTextRows().joined().contains("Help"))
    }
}
