import Foundation
import ForkedModel
import Testing

/// The model from the ForkedModel overview, as a user would write it.
@ForkedModel
struct Note: Codable, Equatable, Sendable {
    var id: UUID = UUID()
    @Merged var text: String = ""
    @Merged var tags: Set<String> = []
    @Merged(using: .textMerge) var comment: String = ""
    @Merged var editCount: AccumulatingInt = .init()
    var cursorPosition: Int = 0
    @Merged var summary: String?
    var title: String = ""
}

@Suite("@ForkedModel text strategy")
struct TextStrategyTests {
    private let ancestor = Note(text: "The cat sat on the mat.", tags: ["pets"], comment: "draft", title: "Cats")

    @Test("text edits in different places on each side are both kept")
    func textEditsCombine() throws {
        var dominant = ancestor
        dominant.text = "The dog sat on the mat."
        dominant.editCount.value += 1
        dominant.cursorPosition = 7
        var subordinate = ancestor
        subordinate.text = "The cat sat on the red mat."
        subordinate.comment = "draft, reviewed"
        subordinate.editCount.value += 1
        subordinate.cursorPosition = 19
        subordinate.tags.insert("mats")

        let merged = try dominant.merged(withSubordinate: subordinate, commonAncestor: ancestor)

        #expect(merged.text == "The dog sat on the red mat.")
        #expect(merged.comment == "draft, reviewed")
        #expect(merged.tags == ["pets", "mats"])
        #expect(merged.editCount.value == 2)
        #expect(merged.cursorPosition == 7)
        #expect(merged.id == ancestor.id)
    }

    @Test("a String without @Merged is not text-merged: the most recent change wins whole")
    func plainStringMostRecentWins() throws {
        var dominant = ancestor
        dominant.title = "Dogs"
        var subordinate = ancestor
        subordinate.title = "Cats and mats"
        let merged = try dominant.merged(withSubordinate: subordinate, commonAncestor: ancestor)
        #expect(merged.title == "Dogs")
    }

    @Test("an optional text: added, text-merged when both edit, edit kept over removal")
    func optionalText() throws {
        var added = ancestor
        added.summary = "A cat."
        #expect(try ancestor.merged(withSubordinate: added, commonAncestor: ancestor).summary == "A cat.")

        var dominant = added
        dominant.summary = "A black cat."
        var subordinate = added
        subordinate.summary = "A cat. It sits."
        #expect(try dominant.merged(withSubordinate: subordinate, commonAncestor: added).summary == "A black cat. It sits.")

        var removed = added
        removed.summary = nil
        #expect(try removed.merged(withSubordinate: subordinate, commonAncestor: added).summary == "A cat. It sits.")
    }

    @Test("through QuickFork, two forks typing into the same note both keep their words")
    func throughQuickFork() throws {
        let phone = Fork(name: "phone")
        let laptop = Fork(name: "laptop")
        let resource = QuickFork(initialValue: ancestor, forks: [phone, laptop])
        var onPhone = ancestor
        onPhone.text = "The cat sat on the mat. It purred."
        try resource.update(phone, with: onPhone)
        var onLaptop = ancestor
        onLaptop.text = "The fat cat sat on the mat."
        try resource.update(laptop, with: onLaptop)

        try resource.syncAllForks()

        #expect(try resource.value(in: .main)?.text == "The fat cat sat on the mat. It purred.")
        #expect(try resource.value(in: phone) == resource.value(in: laptop))
    }
}
