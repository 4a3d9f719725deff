import Forked
import ForkedMerge
import PropertyBased
import Testing

@Suite("DictionaryMerger")
struct DictionaryMergerTests {
    @Test("keys added, removed and changed on either side all carry over")
    func oneSidedChanges() throws {
        let merged = try DictionaryMerger<String, Int>().merge(
            ["a": 1, "b": 20, "d": 4], withSubordinate: ["a": 10, "c": 3, "b": 2], commonAncestor: ["a": 1, "b": 2, "c": 3])
        #expect(merged == ["a": 10, "b": 20, "d": 4])
    }

    @Test("a plain value changed on both sides keeps the dominant side")
    func plainConflictKeepsDominant() throws {
        let merged = try DictionaryMerger<String, Int>().merge(["k": 3], withSubordinate: ["k": 5], commonAncestor: ["k": 1])
        #expect(merged == ["k": 3])
    }

    @Test("a Mergeable value changed on both sides merges recursively")
    func mergeableValueMerges() throws {
        let merged = try DictionaryMerger<String, Counter>().merge(
            ["k": Counter(3)], withSubordinate: ["k": Counter(5)], commonAncestor: ["k": Counter(1)])
        #expect(merged == ["k": Counter(7)])
    }

    @Test("removed on one side and edited on the other: the edit survives")
    func editBeatsRemoval() throws {
        let merger = DictionaryMerger<String, Int>()
        #expect(try merger.merge([:], withSubordinate: ["k": 5], commonAncestor: ["k": 1]) == ["k": 5])
        #expect(try merger.merge(["k": 5], withSubordinate: [:], commonAncestor: ["k": 1]) == ["k": 5])
    }

    @Test("added on both sides with different values: Mergeable values salvage, others keep dominant")
    func addedOnBothSides() throws {
        let counters = try DictionaryMerger<String, Counter>().merge(
            ["k": Counter(2)], withSubordinate: ["k": Counter(5)], commonAncestor: [:])
        #expect(counters == ["k": Counter(7)])
        let ints = try DictionaryMerger<String, Int>().merge(["k": 2], withSubordinate: ["k": 5], commonAncestor: [:])
        #expect(ints == ["k": 2])
    }

    @Test("Mergeable values inside optional values merge recursively")
    func mergeableThroughOptional() throws {
        let merger = DictionaryMerger<String, Counter?>()
        let merged = try merger.merge(
            ["k": Counter(3)], withSubordinate: ["k": Counter(5)], commonAncestor: ["k": Counter(1)])
        #expect(merged == ["k": Counter(7)])
    }

    @Test("a nil value is a value: edit beats clearing, both-set-from-nil salvages")
    func optionalValueRules() throws {
        let merger = DictionaryMerger<String, Counter?>()
        let cleared = try merger.merge(["k": Counter?.none], withSubordinate: ["k": Counter(5)], commonAncestor: ["k": Counter(1)])
        #expect(cleared == ["k": Counter(5)])
        let fromNil = try merger.merge(["k": Counter(2)], withSubordinate: ["k": Counter(5)], commonAncestor: ["k": Counter?.none])
        #expect(fromNil == ["k": Counter(7)])
        let bothCleared = try merger.merge(["k": Counter?.none], withSubordinate: ["k": Counter?.none], commonAncestor: ["k": Counter(1)])
        #expect(bothCleared == ["k": Counter?.none])
    }

    @Test("Mergeable values inside two layers of optionals still merge")
    func mergeableThroughDoubleOptional() throws {
        let merger = DictionaryMerger<String, Counter??>()
        let merged = try merger.merge(
            ["k": Counter(3)], withSubordinate: ["k": Counter(5)], commonAncestor: ["k": Counter(1)])
        #expect(merged == ["k": Counter(7)])
    }

    @Test("merge laws hold on random dictionaries")
    func mergeLaws() async {
        let keyed = zip(Gen.int(in: 0...8), Gen.int(in: 0...3)).dictionary(ofAtMost: 0...6)
        await propertyCheck(input: keyed, keyed) { a, o throws in
            let merger = DictionaryMerger<Int, Int>()
            #expect(try merger.merge(a, withSubordinate: o, commonAncestor: o) == a)
            #expect(try merger.merge(o, withSubordinate: a, commonAncestor: o) == a)
            #expect(try merger.merge(a, withSubordinate: a, commonAncestor: o) == a)
        }
    }
}
