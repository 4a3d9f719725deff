import ForkedEditCore
import Testing
@testable import ForkedEditTerminal

@Suite("Whole grapheme clusters written past ncurses")
struct ClusterOverlayTests {
    init() throws {
        try UTF8Locale.adoptForOffscreenUse()
    }

    @Test("a row with a ZWJ sequence, a flag or a skin tone is written whole from that cluster on, each cell placed")
    func wholeClusters() {
        for cluster in ["👨‍👩‍👧", "🇩🇪", "👍🏽", "🏳️‍🌈"] {
            var grid = CellGrid(columns: 10, rows: 2)
            grid.write("A\(cluster)B", row: 1, column: 0, limit: 10, style: CellStyle(foreground: .green))
            let output = ClusterOverlay.sequence(for: grid, rows: 2, columns: 10) { _ in true }
            #expect(output.contains(cluster), "\(cluster)")
            #expect(output.hasPrefix("\u{1B}7") && output.hasSuffix("\u{1B}8"))
            // The cluster at row 2, column 2; B placed explicitly at column 4, after two columns.
            #expect(output.contains("\u{1B}[2;2H\u{1B}[0;32m\(cluster)"), "\(output.debugDescription)")
            #expect(output.contains("\u{1B}[2;4H\u{1B}[0;32mB"), "\(output.debugDescription)")
            #expect(!output.contains("\u{1B}[1;"), "rows without such clusters are left to ncurses")
        }
    }

    @Test("rows of plain, wide and combining characters need nothing")
    func plainRows() {
        var grid = CellGrid(columns: 12, rows: 1)
        grid.write("ab漢e\u{301}👍", row: 0, column: 0, limit: 12)
        #expect(ClusterOverlay.sequence(for: grid, rows: 1, columns: 12) { _ in true }.isEmpty)
    }
}
