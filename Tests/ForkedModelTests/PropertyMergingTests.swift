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

/// A counter that adds up concurrent increments and marks values it salvaged.
private struct Tally: Mergeable, Equatable {
    var count = 0
    var salvaged = false

    func merged(withSubordinate other: Tally, commonAncestor: Tally) throws -> Tally {
        Tally(count: count + other.count - commonAncestor.count)
    }

    func salvaging(from other: Tally) throws -> Tally {
        Tally(count: count + other.count, salvaged: true)
    }
}

@Suite("PropertyMerging of Mergeable values")
struct MergeablePropertyMergingTests {
    @Test("an unchanged side yields without calling the type's merge")
    func unchangedSideYields() throws {
        let ancestor = Tally(count: 5)
        #expect(try PropertyMerging.merge(ancestor, withSubordinate: Tally(count: 9), commonAncestor: ancestor) == Tally(count: 9))
        #expect(try PropertyMerging.merge(Tally(count: 1), withSubordinate: ancestor, commonAncestor: ancestor) == Tally(count: 1))
    }

    @Test("the same change on both sides still reaches the type's merge")
    func identicalChangesMerge() throws {
        let merged = try PropertyMerging.merge(Tally(count: 6), withSubordinate: Tally(count: 6), commonAncestor: Tally(count: 5))
        #expect(merged == Tally(count: 7))
    }

    @Test("optionals: two additions salvage, an edit survives a removal, nil stays nil")
    func optionalMergeables() throws {
        func merge(_ dominant: Tally?, _ subordinate: Tally?, _ ancestor: Tally?) throws -> Tally? {
            try PropertyMerging.merge(dominant, withSubordinate: subordinate, commonAncestor: ancestor)
        }
        #expect(try merge(Tally(count: 2), Tally(count: 3), nil) == Tally(count: 5, salvaged: true))
        #expect(try merge(nil, Tally(count: 3), Tally(count: 1)) == Tally(count: 3))
        #expect(try merge(Tally(count: 4), nil, Tally(count: 1)) == Tally(count: 4))
        #expect(try merge(Tally(count: 4), Tally(count: 3), Tally(count: 1)) == Tally(count: 6))
        #expect(try merge(nil, nil, Tally(count: 1)) == nil)
        #expect(try merge(nil, Tally(count: 1), Tally(count: 1)) == nil)
    }
}
