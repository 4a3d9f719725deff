import Forked
import Testing

@Suite("Removing content merges like a value")
struct RemoveContentTests {
    @Test("removed on one side and edited on the other: the edit survives")
    func editSurvivesRemoval() throws {
        let resource = QuickFork(initialValue: "draft", forks: [left, right])
        try resource.removeContent(from: left)
        try resource.update(right, with: "edited draft")
        try resource.syncAllForks()
        #expect(try resource.value(in: .main) == "edited draft")
        #expect(try resource.value(in: left) == "edited draft")

        // Same outcome when the removal happens after the edit.
        let other = QuickFork(initialValue: "draft", forks: [left, right])
        try other.update(right, with: "edited draft")
        try other.removeContent(from: left)
        try other.syncAllForks()
        #expect(try other.value(in: .main) == "edited draft")
    }

    @Test("removed on one side, untouched on the other: the removal wins")
    func removalOfUntouchedContent() throws {
        let resource = QuickFork(initialValue: "draft", forks: [left, right])
        try resource.removeContent(from: left)
        try resource.syncAllForks()
        #expect(try resource.value(in: .main) == nil)
        #expect(try resource.value(in: right) == nil)
    }

    @Test("content created independently in two forks salvages the dominant side")
    func salvageWithoutAncestor() throws {
        let resource: QuickFork<Lines> = try ForkedResource(repository: InMemoryRepository())
        try resource.create(left)
        try resource.create(right)
        try resource.update(left, with: Lines("l"))
        try resource.update(right, with: Lines("r"))
        try resource.syncAllForks()
        #expect(try resource.value(in: .main) == Lines("r"))
    }
}
