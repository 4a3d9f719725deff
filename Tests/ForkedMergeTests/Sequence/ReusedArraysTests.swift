@testable import ForkedMerge
import Testing

@Suite struct ReusedArraysTests {
    private func storage(of array: [Int]) -> UnsafeRawPointer? {
        array.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
    }

    @Test func anArrayGivenBackIsTakenAgainEmptyInTheSameStorage() {
        let reuse = ReusedArrays<Int>()
        var first = reuse.take(capacity: 1_000)
        #expect(first.isEmpty && first.capacity >= 1_000)
        first.append(contentsOf: 0..<1_000)
        let address = storage(of: first)
        reuse.give(consume first)
        var second = reuse.take(capacity: 10)
        #expect(second.isEmpty)
        #expect(second.capacity >= 1_000)
        second.append(7)
        #expect(storage(of: second) == address)
    }

    @Test func storageStillSharedIsNotKept() {
        let reuse = ReusedArrays<Int>()
        var array = reuse.take(capacity: 100)
        array.append(contentsOf: 0..<100)
        let kept = array
        reuse.give(array)
        // The caller's copy is untouched, and what comes back is not its storage.
        #expect(kept == Array(0..<100))
        var taken = reuse.take(capacity: 100)
        taken.append(1)
        #expect(storage(of: taken) != storage(of: kept))
    }

    @Test func keepsAtMostItsCountAndNothingOverItsSize() {
        let reuse = ReusedArrays<Int>(keeping: 1, maximumBytes: 800)
        var small = reuse.take(capacity: 50)
        small.append(1)
        let address = storage(of: small)
        reuse.give(consume small)
        reuse.give([2, 3])
        // One kept: the first; the second was not.
        var taken = reuse.take(capacity: 0)
        taken.append(3)
        #expect(storage(of: taken) == address)
        #expect(reuse.take(capacity: 0).capacity == 0)
        // Larger than 800 bytes: not kept.
        reuse.give(Array(repeating: 0, count: 1_000))
        #expect(reuse.take(capacity: 0).capacity == 0)
    }
}
