import Forked
import ForkedMerge
import PropertyBased
import Testing

@Suite("ArrayOfIdentifiableMerger")
struct ArrayOfIdentifiableMergerTests {
    let merger = ArrayOfIdentifiableMerger<Item>()

    private func items(_ pairs: (Int, Int)...) -> [Item] {
        pairs.map { Item(id: $0.0, value: $0.1) }
    }

    @Test("insertions from both sides are kept where each side put them")
    func insertionsKept() throws {
        let ancestor = items((1, 0), (2, 0), (3, 0))
        let dominant = items((1, 0), (10, 0), (2, 0), (3, 0))
        let subordinate = items((1, 0), (2, 0), (20, 0), (3, 0))
        let merged = try merger.merge(dominant, withSubordinate: subordinate, commonAncestor: ancestor)
        #expect(merged.map(\.id) == [1, 10, 2, 20, 3])
    }

    @Test("insertions at the same place: the dominant run first, runs never interleave")
    func sameplaceInsertions() throws {
        let ancestor = items((1, 0), (2, 0))
        let dominant = items((1, 0), (10, 0), (11, 0), (2, 0))
        let subordinate = items((1, 0), (20, 0), (21, 0), (2, 0))
        let merged = try merger.merge(dominant, withSubordinate: subordinate, commonAncestor: ancestor)
        #expect(merged.map(\.id) == [1, 10, 11, 20, 21, 2])
        let swapped = try merger.merge(subordinate, withSubordinate: dominant, commonAncestor: ancestor)
        #expect(swapped.map(\.id) == [1, 20, 21, 10, 11, 2])
    }

    @Test("insertions at the very start are kept")
    func insertionsAtStart() throws {
        let merged = try merger.merge(
            items((10, 0), (1, 0)), withSubordinate: items((20, 0), (1, 0)), commonAncestor: items((1, 0)))
        #expect(merged.map(\.id) == [10, 20, 1])
    }

    @Test("removals on either side are applied")
    func removalsApplied() throws {
        let ancestor = items((1, 0), (2, 0), (3, 0), (4, 0))
        let merged = try merger.merge(
            items((1, 0), (3, 0), (4, 0)), withSubordinate: items((1, 0), (2, 0), (3, 0)), commonAncestor: ancestor)
        #expect(merged.map(\.id) == [1, 3])
    }

    @Test("an insertion after an element the other side removed stays in place")
    func insertionAfterRemovedElement() throws {
        let ancestor = items((1, 0), (2, 0), (3, 0))
        let merged = try merger.merge(
            items((1, 0), (3, 0)), withSubordinate: items((1, 0), (2, 0), (20, 0), (3, 0)), commonAncestor: ancestor)
        #expect(merged.map(\.id) == [1, 20, 3])
    }

    @Test("removed on one side and edited on the other: the edit survives in place")
    func editBeatsRemoval() throws {
        let ancestor = items((1, 0), (2, 0), (3, 0))
        let merged = try merger.merge(
            items((1, 0), (3, 0)), withSubordinate: items((1, 0), (2, 9), (3, 0)), commonAncestor: ancestor)
        #expect(merged == items((1, 0), (2, 9), (3, 0)))
    }

    @Test("element contents merge: the changed side wins, both changed keeps dominant")
    func contentsMerge() throws {
        let ancestor = items((1, 0), (2, 0))
        let merged = try merger.merge(
            items((1, 5), (2, 7)), withSubordinate: items((1, 0), (2, 8)), commonAncestor: ancestor)
        #expect(merged == items((1, 5), (2, 7)))
        let subordinateOnly = try merger.merge(
            items((1, 0), (2, 0)), withSubordinate: items((1, 3), (2, 0)), commonAncestor: ancestor)
        #expect(subordinateOnly == items((1, 3), (2, 0)))
    }

    @Test("Mergeable elements merge recursively")
    func mergeableElements() throws {
        let merged = try ArrayOfIdentifiableMerger<Counter>().merge(
            [Counter(3, id: "a"), Counter(1, id: "b")],
            withSubordinate: [Counter(5, id: "a"), Counter(1, id: "b")],
            commonAncestor: [Counter(1, id: "a"), Counter(1, id: "b")])
        #expect(merged == [Counter(7, id: "a"), Counter(1, id: "b")])
    }

    @Test("optional Mergeable elements merge recursively through the optional")
    func optionalMergeableElements() throws {
        let merged = try ArrayOfIdentifiableMerger<Counter?>().merge(
            [Counter(3, id: "a")], withSubordinate: [Counter(5, id: "a")], commonAncestor: [Counter(1, id: "a")])
        #expect(merged == [Counter(7, id: "a")])
    }

    @Test("a reordering on one side survives; when both reorder the dominant order wins")
    func reorderings() throws {
        let ancestor = items((1, 0), (2, 0), (3, 0))
        let subordinateMoved = try merger.merge(
            items((1, 0), (2, 0), (3, 0), (4, 0)), withSubordinate: items((3, 0), (1, 0), (2, 0)), commonAncestor: ancestor)
        // 4 was inserted right after 3, so it follows 3 to its new place.
        #expect(subordinateMoved.map(\.id) == [3, 4, 1, 2])
        let bothMoved = try merger.merge(
            items((2, 0), (1, 0), (3, 0)), withSubordinate: items((3, 0), (1, 0), (2, 0)), commonAncestor: ancestor)
        #expect(bothMoved.map(\.id) == [2, 1, 3])
    }

    @Test("added on both sides: kept once, at the dominant's place, contents salvaged")
    func addedOnBothSides() throws {
        let merged = try ArrayOfIdentifiableMerger<Counter>().merge(
            [Counter(2, id: "new"), Counter(0, id: "x")],
            withSubordinate: [Counter(0, id: "x"), Counter(5, id: "new")],
            commonAncestor: [Counter(0, id: "x")])
        #expect(merged == [Counter(7, id: "new"), Counter(0, id: "x")])
    }

    @Test("duplicate identifiers: the first occurrence counts")
    func duplicateIdentifiers() throws {
        let merged = try merger.merge(
            items((1, 0), (2, 0), (1, 9)), withSubordinate: items((1, 0), (2, 0)), commonAncestor: items((1, 0), (2, 0)))
        #expect(merged == items((1, 0), (2, 0)))
    }

    @Test("merge laws hold on random arrays with unique identifiers")
    func mergeLaws() async {
        let arrays = zip(Gen.int(in: 0...9), Gen.int(in: 0...2)).array(of: 0...7).map { pairs in
            var seen = Set<Int>()
            return pairs.filter { seen.insert($0.0).inserted }.map { Item(id: $0.0, value: $0.1) }
        }
        await propertyCheck(input: arrays, arrays) { a, o throws in
            let merger = ArrayOfIdentifiableMerger<Item>()
            #expect(try merger.merge(a, withSubordinate: o, commonAncestor: o) == a)
            #expect(try merger.merge(o, withSubordinate: a, commonAncestor: o) == a)
            #expect(try merger.merge(a, withSubordinate: a, commonAncestor: o) == a)
        }
    }

    @Test("random merges never repeat an identifier and keep every one-sided insertion")
    func mergedResultIsWellFormed() async {
        let arrays = zip(Gen.int(in: 0...9), Gen.int(in: 0...2)).array(of: 0...7).map { pairs in
            pairs.map { Item(id: $0.0, value: $0.1) }
        }
        await propertyCheck(input: arrays, arrays, arrays) { a, b, o throws in
            let merged = try ArrayOfIdentifiableMerger<Item>().merge(a, withSubordinate: b, commonAncestor: o)
            let ids = merged.map(\.id)
            #expect(Set(ids).count == ids.count)
            let ancestorIDs = Set(o.map(\.id))
            let inserted = Set(a.map(\.id)).union(b.map(\.id)).subtracting(ancestorIDs)
            #expect(inserted.isSubset(of: Set(ids)))
        }
    }
}
