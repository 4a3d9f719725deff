import Foundation
import Testing
@testable import ForkedEditCore

@Suite("TextDocument")
struct TextDocumentTests {
    @Test("text merges three-way and cursors most-recent-wins per fork")
    func merging() throws {
        let ancestor = TextDocument(text: "a\nb\nc\n", cursors: ["left": 0, "right": 0])
        let dominant = TextDocument(text: "A\nb\nc\n", cursors: ["left": 1, "right": 0])
        let subordinate = TextDocument(text: "a\nb\nC\n", cursors: ["left": 3, "right": 5])
        let merged = try dominant.merged(withSubordinate: subordinate, commonAncestor: ancestor)
        #expect(merged.text == "A\nb\nC\n")
        #expect(merged.cursors == ["left": 1, "right": 5])
    }

    @Test("a side that did not change the text yields to the other")
    func unchangedSide() throws {
        let ancestor = TextDocument(text: "same")
        let changed = TextDocument(text: "changed")
        #expect(try ancestor.merged(withSubordinate: changed, commonAncestor: ancestor).text == "changed")
        #expect(try changed.merged(withSubordinate: ancestor, commonAncestor: ancestor).text == "changed")
    }

    @Test("documents encode and decode")
    func codable() throws {
        let document = TextDocument(text: "漢\n", cursors: ["left": 3])
        let decoded = try JSONDecoder().decode(TextDocument.self, from: JSONEncoder().encode(document))
        #expect(decoded == document)
    }
}
