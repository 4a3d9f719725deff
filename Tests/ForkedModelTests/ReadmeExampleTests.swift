import Foundation
import ForkedModel
import Testing

/// The README's examples, as written there, with the results its comments promise.
@Suite("README examples")
struct ReadmeExampleTests {
    @Test("Forked in short")
    func forkedInShort() throws {
        let note = Fork(name: "note")
        let resource = QuickFork(initialValue: "Hello", forks: [note])

        try resource.update(note, with: "Hello, world")
        #expect(try resource.status(of: note) == .ahead(edits: 1))
        #expect(try resource.mergeIntoMain(from: note) == .fastForward)
        #expect(try resource.mergeFromMain(into: note) == MergeAction.none)
        try resource.syncAllForks()
        #expect(try resource.value(in: .main) == "Hello, world")
        try resource.modify(.main) { $0? += "!" }
        #expect(try resource.value(in: .main) == "Hello, world!")
    }

    @Test("ForkedMerge in short")
    func forkedMergeInShort() throws {
        let merger = TextMerger()
        #expect(try merger.merge("the dog sat", withSubordinate: "the cat sat!", commonAncestor: "the cat sat") == "the dog sat!")
        #expect(try merger.merge("aXb", withSubordinate: "aXb", commonAncestor: "ab") == "aXb")
        #expect(try merger.merge("the dog sat", withSubordinate: "the cow sat", commonAncestor: "the cat sat") == "the dog cow sat")
        let detailed = merger.mergeWithOrigins("Total: $150", withSubordinate: "Total: €100", commonAncestor: "Total: $100")
        #expect(detailed.text == "Total: €150")
        #expect(detailed.segments.first == TextMergeSegment(text: "Total: ", origin: .ancestor))
        #expect(detailed.conflicts.isEmpty)
        let report = merger.mergeReportingConflicts("the dog sat\n", withSubordinate: "the cow sat\n", commonAncestor: "the cat sat\n")
        #expect(report.conflicts == [TextMergeConflict(utf8Range: 4..<11, ancestor: "cat", dominant: "dog", subordinate: "cow")])
        #expect(report.withConflictMarkers(dominantLabel: "ours", subordinateLabel: "theirs").text
            == "<<<<<<< ours\nthe dog sat\n=======\nthe cow sat\n>>>>>>> theirs\n")
    }

    @Test("ForkedModel in short: the Note model merges property by property")
    func forkedModelInShort() throws {
        let phone = Fork(name: "phone")
        let laptop = Fork(name: "laptop")
        let notes = QuickFork(initialValue: ReadmeNote(), forks: [phone, laptop])
        var onPhone = try #require(try notes.value(in: phone))
        onPhone.text = "Buy milk"
        onPhone.views.value += 1
        onPhone.tags.insert("errands")
        try notes.update(phone, with: onPhone)
        var onLaptop = try #require(try notes.value(in: laptop))
        onLaptop.views.value += 1
        onLaptop.tags.insert("home")
        onLaptop.pinned = true
        try notes.update(laptop, with: onLaptop)
        try notes.syncAllForks()
        let merged = try #require(try notes.value(in: .main))
        #expect(merged.text == "Buy milk")
        #expect(merged.views.value == 2)
        #expect(merged.tags == ["errands", "home"])
        #expect(merged.pinned)
    }
}

/// A counter whose increments on different forks add up (as in the README).
struct ReadmeAccumulatingInt: Mergeable, Codable, Equatable {
    var value = 0
    func merged(withSubordinate other: Self, commonAncestor: Self) throws -> Self {
        Self(value: value + other.value - commonAncestor.value)
    }
}

/// The README's `Note` model.
@ForkedModel
struct ReadmeNote: Codable, Equatable {
    var id = UUID()
    @Merged var text: String = ""
    @Merged var tags: Set<String> = []
    @Merged(using: .textMerge) var comment: String = ""
    @Merged var views: ReadmeAccumulatingInt = .init()
    var pinned: Bool = false
}
