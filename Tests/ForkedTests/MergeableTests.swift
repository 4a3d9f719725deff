import Forked
import Testing

private struct Note: Mergeable, Equatable {
    var text: String
    func merged(withSubordinate other: Note, commonAncestor: Note) throws -> Note { self }
}

@Suite("Mergeable defaults")
struct MergeableTests {
    @Test("salvaging keeps the dominant value when no ancestor exists")
    func salvagingKeepsDominant() throws {
        let kept = try Note(text: "mine").salvaging(from: Note(text: "theirs"))
        #expect(kept == Note(text: "mine"))
    }
}
