import Foundation
import ForkedMerge
import Testing

/// A clock counter at its maximum can only come from damaged input; edits after it must
/// still get time stamps no other edit has.
@Suite("Replicated values whose clock is saturated")
struct SaturatedClockTests {
    @Test("a MergeableSet decoded with the largest counter can remove one element without the other")
    func setAfterSaturation() throws {
        let json = #"{"clock":\#(UInt64.max),"entries":[],"tombstones":[]}"#
        var set = try JSONDecoder().decode(MergeableSet<String>.self, from: Data(json.utf8))
        set.insert("x")
        set.insert("y")
        set.remove("x")
        let copy = try JSONDecoder().decode(MergeableSet<String>.self, from: JSONEncoder().encode(set))
        #expect(copy.values == ["y"])
    }
}
