import Testing
@testable import ForkedEditCore

@Suite("EditorLayout")
struct EditorLayoutTests {
    @Test("regions tile the screen at several sizes", arguments: [(40, 12), (80, 24), (81, 25), (200, 60)])
    func regions(columns: Int, rows: Int) throws {
        guard case .regular(let regions) = EditorLayout(columns: columns, rows: rows) else {
            Issue.record("expected a regular layout")
            return
        }
        #expect(regions.paneTitles[0].width + 1 + regions.paneTitles[1].width == columns)
        #expect(regions.paneTexts[0].height == regions.paneTexts[1].height)
        #expect(regions.paneTexts[0].height >= 4)
        #expect(regions.lowerText.height >= 4)
        #expect(regions.paneTexts[0].row + regions.paneTexts[0].height == regions.lowerTitle.row)
        #expect(regions.lowerText.row + regions.lowerText.height == regions.status.row)
        #expect(regions.hints.row == rows - 1)
        #expect(regions.paneTexts[1].column + regions.paneTexts[1].width == columns)
    }

    @Test("below 40x12 the layout is too small", arguments: [(39, 24), (80, 11), (10, 3), (0, 0)])
    func tooSmall(columns: Int, rows: Int) {
        #expect(EditorLayout(columns: columns, rows: rows) == .tooSmall(columns: columns, rows: rows))
    }
}
