import Forked
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

    @Test("a document joining one it shares no ancestor with keeps both texts, as main's first merge with a new fork's value")
    func salvagingKeepsBothTexts() throws {
        let mine = TextDocument(text: "shared line\nq2 only line\n", cursors: ["left": 3])
        let theirs = TextDocument(text: "shared line\nq1 only line\n", cursors: ["left": 9, "right": 1])
        let salvaged = try mine.salvaging(from: theirs)
        #expect(salvaged.text == "shared line\nq2 only line\nq1 only line\n")
        #expect(salvaged.cursors == ["left": 3, "right": 1])

        // The way a sync exchange meets a server's first value: a fork restarted with no
        // ancestor, then given the value and merged into main.
        let resource = try ForkedResource(repository: InMemoryRepository<TextDocument>())
        try resource.update(.main, with: mine)
        let server = Fork(name: "server")
        try resource.create(server)
        try resource.restart(server, with: nil)
        try resource.update(server, with: theirs)
        try resource.mergeIntoMain(from: server)
        let main = try #require(try resource.value(in: .main))
        #expect(main.text.contains("q1 only line") && main.text.contains("q2 only line"), "\(main.text)")
        #expect(main.text.components(separatedBy: "shared line").count == 2, "the shared line once: \(main.text)")
    }

    @Test("a document descends from an earlier one by its text; cursors do not count")
    func descendsByText() {
        let earlier = TextDocument(text: "title\nbody\n", cursors: ["left": 2])
        #expect(TextDocument(text: "title\nbody\nmore\n", cursors: ["right": 7]).descends(from: earlier))
        #expect(!TextDocument(text: "elsewhere\n", cursors: ["left": 2]).descends(from: earlier))
        // As a sync exchange asks, knowing the document only as a generic value.
        #expect(ValueMerging.descends(TextDocument(text: "title\nbody\n", cursors: ["right": 1]), from: earlier))
    }

    @Test("documents encode and decode")
    func codable() throws {
        let document = TextDocument(text: "漢\n", cursors: ["left": 3])
        let decoded = try JSONDecoder().decode(TextDocument.self, from: JSONEncoder().encode(document))
        #expect(decoded == document)
    }
}
