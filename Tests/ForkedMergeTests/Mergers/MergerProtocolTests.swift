import ForkedMerge
import Testing

/// A merger that sums changes, to check the protocol's shape from a client's point of view.
private struct SumMerger: Merger {
    func merge(_ dominant: Int, withSubordinate subordinate: Int, commonAncestor: Int) throws -> Int {
        dominant + subordinate - commonAncestor
    }
}

@Suite("Merger protocol")
struct MergerProtocolTests {
    @Test("a client-defined merger sees dominant, subordinate and ancestor")
    func clientMerger() throws {
        #expect(try SumMerger().merge(5, withSubordinate: 7, commonAncestor: 3) == 9)
    }
}
