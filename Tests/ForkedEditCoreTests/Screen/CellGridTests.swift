import Testing
@testable import ForkedEditCore

@Suite("CellGrid")
struct CellGridTests {
    @Test("writes outside the grid are ignored and reads give blanks")
    func clipping() {
        var grid = CellGrid(columns: 3, rows: 2)
        grid[5, 5] = Cell(character: "x")
        grid[-1, 0] = Cell(character: "x")
        #expect(grid[5, 5] == .blank)
        #expect(grid.plainTextRows() == ["", ""])
    }

    @Test("wide characters take two cells, the right one of width zero")
    func wideWrite() {
        var grid = CellGrid(columns: 6, rows: 1)
        let end = grid.write("a漢b", row: 0, column: 0, limit: 6)
        #expect(end == 4)
        #expect(grid[0, 1].width == 2)
        #expect(grid[0, 2].width == 0)
        #expect(grid.plainTextRows() == ["a漢b"])
        // A wide character that would cross the limit is not written at all.
        var narrow = CellGrid(columns: 2, rows: 1)
        narrow.write("a漢", row: 0, column: 0, limit: 2)
        #expect(narrow.plainTextRows() == ["a"])
    }

    @Test("grids with different cursors differ")
    func cursorEquality() {
        var first = CellGrid(columns: 2, rows: 2)
        let second = first
        first.cursor = (1, 1)
        #expect(first != second)
        #expect(first.cursor?.row == 1)
    }
}
