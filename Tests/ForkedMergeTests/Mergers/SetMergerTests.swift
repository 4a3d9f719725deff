import ForkedMerge
import PropertyBased
import Testing

@Suite("SetMerger")
struct SetMergerTests {
    let merger = SetMerger<String>()

    @Test("additions from both sides are kept")
    func additionsKept() throws {
        let merged = try merger.merge(["a", "x"], withSubordinate: ["a", "y"], commonAncestor: ["a"])
        #expect(merged == ["a", "x", "y"])
    }

    @Test("a removal on either side removes the element")
    func removalsApplied() throws {
        let merged = try merger.merge(["b", "c"], withSubordinate: ["a", "b"], commonAncestor: ["a", "b", "c"])
        #expect(merged == ["b"])
    }

    @Test("removed on one side and untouched on the other: removed")
    func removalBeatsUnchanged() throws {
        let merged = try merger.merge([], withSubordinate: ["a"], commonAncestor: ["a"])
        #expect(merged.isEmpty)
    }

    @Test("the result does not depend on which side is dominant")
    func symmetric() async {
        let sets = Gen.int(in: 0...12).set(ofAtMost: 8)
        await propertyCheck(input: sets, sets, sets) { a, b, o throws in
            let intMerger = SetMerger<Int>()
            #expect(try intMerger.merge(a, withSubordinate: b, commonAncestor: o)
                == intMerger.merge(b, withSubordinate: a, commonAncestor: o))
        }
    }

    @Test("merge laws: one side unchanged yields the other; equal sides yield themselves")
    func mergeLaws() async {
        let sets = Gen.int(in: 0...12).set(ofAtMost: 8)
        await propertyCheck(input: sets, sets) { a, o throws in
            let intMerger = SetMerger<Int>()
            #expect(try intMerger.merge(a, withSubordinate: o, commonAncestor: o) == a)
            #expect(try intMerger.merge(o, withSubordinate: a, commonAncestor: o) == a)
            #expect(try intMerger.merge(a, withSubordinate: a, commonAncestor: o) == a)
        }
    }
}
