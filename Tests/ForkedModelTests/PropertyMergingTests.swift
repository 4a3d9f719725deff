import ForkedModel
import Testing

/// Joins both sides, so a test can see whether the merger ran and in which order it got the sides.
private struct JoiningMerger: Merger {
    func merge(_ dominant: String, withSubordinate subordinate: String, commonAncestor: String) throws -> String {
        "\(dominant)+\(subordinate)"
    }
}

@Suite("PropertyMerging")
struct PropertyMergingTests {
    @Test("most recent change: the changed side wins, the dominant side when both changed")
    func mostRecentChange() {
        #expect(PropertyMerging.mostRecentChange(1, withSubordinate: 2, commonAncestor: 1) == 2)
        #expect(PropertyMerging.mostRecentChange(3, withSubordinate: 1, commonAncestor: 1) == 3)
        #expect(PropertyMerging.mostRecentChange(3, withSubordinate: 2, commonAncestor: 1) == 3)
        #expect(PropertyMerging.mostRecentChange(nil, withSubordinate: 2, commonAncestor: 1) == nil)
    }

    @Test("a merger runs only when both sides changed")
    func mergerRunsOnlyOnConflict() throws {
        let merger = JoiningMerger()
        #expect(try PropertyMerging.merge("a", withSubordinate: "b", commonAncestor: "a", using: merger) == "b")
        #expect(try PropertyMerging.merge("c", withSubordinate: "a", commonAncestor: "a", using: merger) == "c")
        #expect(try PropertyMerging.merge("c", withSubordinate: "c", commonAncestor: "a", using: merger) == "c")
        #expect(try PropertyMerging.merge("c", withSubordinate: "b", commonAncestor: "a", using: merger) == "c+b")
    }

    @Test("optionals: nil is a value, an edit beats a removal, two additions keep the dominant one")
    func optionalRules() throws {
        let merger = JoiningMerger()
        func merge(_ dominant: String?, _ subordinate: String?, _ ancestor: String?) throws -> String? {
            try PropertyMerging.merge(dominant, withSubordinate: subordinate, commonAncestor: ancestor, using: merger)
        }
        #expect(try merge(nil, "b", nil) == "b")
        #expect(try merge("a", nil, "a") == nil)
        #expect(try merge(nil, "b", "a") == "b")
        #expect(try merge("c", nil, "a") == "c")
        #expect(try merge("c", "b", nil) == "c")
        #expect(try merge("c", "b", "a") == "c+b")
        #expect(try merge(nil, nil, "a") == nil)
    }
}
