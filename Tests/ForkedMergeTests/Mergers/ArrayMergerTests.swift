import ForkedMerge
import Testing

private func merge<Element: Hashable & Sendable>(_ dominant: [Element], _ subordinate: [Element], ancestor: [Element]) throws -> [Element] {
    try ArrayMerger<Element>().merge(dominant, withSubordinate: subordinate, commonAncestor: ancestor)
}

@Suite("ArrayMerger")
struct ArrayMergerTests {
    @Test("a change on one side only is taken as it is")
    func oneSided() throws {
        #expect(try merge([1, 2, 3], [1, 2, 3, 4], ancestor: [1, 2, 3]) == [1, 2, 3, 4])
        #expect(try merge([2, 3], [1, 2, 3], ancestor: [1, 2, 3]) == [2, 3])
    }

    @Test("identical edits on both sides are applied once")
    func identicalEdits() throws {
        #expect(try merge([1, 2, 3, 4], [1, 3, 4], ancestor: [1, 2, 3]) == [1, 3, 4])
        #expect(try merge([1, 9, 3], [1, 9, 3], ancestor: [1, 2, 3]) == [1, 9, 3])
        #expect(try merge([1, 9, 3, 5], [0, 1, 9, 3], ancestor: [1, 2, 3]) == [0, 1, 9, 3, 5])
    }

    @Test("insertions at one position are both kept, dominant first, never interleaved")
    func samePositionInsertions() throws {
        #expect(try merge([1, 2, 3, 4], [1, 9, 8, 4], ancestor: [1, 4]) == [1, 2, 3, 9, 8, 4])
        #expect(try merge(["b", "c"], ["x", "y"], ancestor: [String]()) == ["b", "c", "x", "y"])
    }

    @Test("deletions from both sides are applied; insertions into a deleted range survive")
    func deletions() throws {
        #expect(try merge([1, 2, 6, 7, 8], [1, 2, 3, 7, 8], ancestor: [1, 2, 3, 4, 5, 6, 7, 8]) == [1, 2, 7, 8])
        #expect(try merge([1, 6], [1, 2, 3, 9, 4, 5, 6], ancestor: [1, 2, 3, 4, 5, 6]) == [1, 9, 6])
    }

    @Test("different replacements of the same elements are both kept, dominant first")
    func conflictingReplacements() throws {
        #expect(try merge([1, 5, 3], [1, 6, 3], ancestor: [1, 2, 3]) == [1, 5, 6, 3])
        #expect(try merge(["a", "dog", "c"], ["a", "cow", "c"], ancestor: ["a", "cat", "c"]) == ["a", "dog", "cow", "c"])
    }

    @Test("edits in different places do not disturb each other")
    func independentEdits() throws {
        let ancestor = Array(0..<1_000)
        var dominant = ancestor
        dominant[10] = -10
        dominant.remove(at: 500)
        var subordinate = ancestor
        subordinate[11] = -11
        subordinate.insert(-1, at: 999)
        var expected = ancestor
        expected[10] = -10
        expected[11] = -11
        expected.insert(-1, at: 999)
        expected.remove(at: 500)
        #expect(try merge(dominant, subordinate, ancestor: ancestor) == expected)
    }

    @Test("empty arrays merge without trouble")
    func emptyArrays() throws {
        #expect(try merge([Int](), [], ancestor: []) == [])
        #expect(try merge([], [1, 2, 3, 4], ancestor: [1, 2, 3]) == [4])
    }
}
