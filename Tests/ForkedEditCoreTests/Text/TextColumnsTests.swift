import Testing
@testable import ForkedEditCore

@Suite("TextColumns")
struct TextColumnsTests {
    @Test("tabs advance to the next multiple of eight")
    func tabs() {
        #expect(TextColumns.displayWidth(of: "\t") == 8)
        #expect(TextColumns.displayWidth(of: "abc\td") == 9)
        #expect(TextColumns.displayColumn(ofCharacter: 4, in: "abc\tdef") == 8)
        #expect(TextColumns.displayColumn(ofCharacter: 5, in: "abc\tdef") == 9)
    }

    @Test("wide characters count two columns and map back to their character")
    func wide() {
        let line = "a漢b"
        #expect(TextColumns.displayColumn(ofCharacter: 2, in: line) == 3)
        #expect(TextColumns.character(atDisplayColumn: 1, in: line) == 1)
        #expect(TextColumns.character(atDisplayColumn: 2, in: line) == 1)
        #expect(TextColumns.character(atDisplayColumn: 3, in: line) == 2)
        #expect(TextColumns.character(atDisplayColumn: 50, in: line) == 3)
    }

    @Test("control characters and lone marks get a visible one-column form")
    func visibleForms() {
        #expect(TextColumns.visibleForm(of: "\u{7}").character == "?")
        #expect(TextColumns.visibleForm(of: "\u{301}").width == 1)
        #expect(TextColumns.visibleForm(of: "漢").width == 2)
    }
}
