import Forked
import Testing

private struct Counter: Mergeable, Equatable {
    var count: Int
    func merged(withSubordinate other: Counter, commonAncestor: Counter) throws -> Counter {
        Counter(count: count + other.count - commonAncestor.count)
    }
    func salvaging(from other: Counter) throws -> Counter { Counter(count: count + other.count) }
}

/// Calls ValueMerging from generic code, where an optional is only known as `Value`.
private func genericMerge<Value: Equatable>(_ dominant: Value, _ subordinate: Value, _ ancestor: Value) throws -> Value {
    try ValueMerging.merge(dominant, withSubordinate: subordinate, commonAncestor: ancestor)
}

@Suite("ValueMerging: the single-value rule")
struct ValueMergingTests {
    @Test("an unchanged side yields; Mergeable merges itself; anything else keeps the dominant side")
    func basicRule() throws {
        #expect(try genericMerge(1, 5, 1) == 5)
        #expect(try genericMerge(5, 1, 1) == 5)
        #expect(try genericMerge(5, 7, 1) == 5)
        #expect(try genericMerge(Counter(count: 3), Counter(count: 4), Counter(count: 1)) == Counter(count: 6))
    }

    @Test("optionals seen only as a generic Value still merge recursively")
    func optionalsInGenericCode() throws {
        let c = { (n: Int) in Counter(count: n) }
        #expect(try genericMerge(c(3) as Counter?, c(4), c(1)) == c(6))
        #expect(try genericMerge(c(2) as Counter?, c(5), nil) == c(7), "two values created from nothing are salvaged")
        #expect(try genericMerge(nil, c(5) as Counter?, c(1)) == c(5), "an edit beats a removal")
        #expect(try genericMerge(c(5) as Counter?, nil, c(1)) == c(5), "an edit beats a removal")
        #expect(try genericMerge(nil, c(1) as Counter?, c(1)) == nil, "a removal of an untouched value stands")
        #expect(try genericMerge(c(3) as Counter??, c(4), c(1)) == c(6), "through several optional layers")
    }

    @Test("a value descends from an earlier one when it is equal or its Mergeable type says so; nothing descends from nil")
    func descendingFromAnEarlierValue() {
        let line = { (text: String) in Line(text: text) }
        #expect(ValueMerging.descends(line("a b c"), from: line("a b")), "the type's own rule")
        #expect(!ValueMerging.descends(line("x"), from: line("a b")))
        #expect(ValueMerging.descends(line("a b c") as Line?, from: line("a b")), "through an optional seen as a generic value")
        #expect(!ValueMerging.descends(line("a") as Line?, from: nil))
        #expect(!ValueMerging.descends(nil, from: line("a") as Line?))
        #expect(ValueMerging.descends(3, from: 3), "an equal value of a type that cannot tell")
        #expect(!ValueMerging.descends(4, from: 3))
        #expect(!ValueMerging.descends(Counter(count: 4), from: Counter(count: 3)), "Mergeable's default: salvage")
    }
}

/// A Mergeable value that descends from any value it starts with.
private struct Line: Mergeable, Equatable {
    var text: String
    func merged(withSubordinate other: Line, commonAncestor: Line) throws -> Line { self }
    func descends(from earlier: Line) -> Bool { text.hasPrefix(earlier.text) }
}

@Suite("ValueMerging: equal changes on both sides")
struct EqualChangesTests {
    @Test("a Mergeable value both sides changed alike still merges itself: two increments are two")
    func equalChangesReachTheType() throws {
        #expect(try genericMerge(Counter(count: 2), Counter(count: 2), Counter(count: 1)) == Counter(count: 3))
        #expect(try genericMerge(Counter(count: 2) as Counter?, Counter(count: 2), Counter(count: 1)) == Counter(count: 3))
        #expect(try genericMerge(7, 7, 1) == 7, "values that do not merge themselves keep the one change")
    }

    @Test("two forks incrementing a counter alike end with both increments")
    func forksIncrementingAlike() throws {
        let resource = QuickFork(initialValue: Counter(count: 0), forks: [left, right])
        try resource.update(left, with: Counter(count: 1))
        try resource.update(right, with: Counter(count: 1))
        try resource.syncAllForks()
        #expect(try resource.value(in: .main) == Counter(count: 2))
    }
}
