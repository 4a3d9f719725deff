@testable import ForkedMerge
import Testing

@Suite("TextPositionMapping")
struct TextPositionMappingTests {
    @Test("places before, inside and after changes")
    func placesAroundChanges() {
        let mapping = TextPositionMapping(from: "alpha beta gamma", to: "alpha gamma!")
        #expect(mapping.offset(0) == 0)
        #expect(mapping.offset(6) == 6)      // at the start of the deleted "beta "
        #expect(mapping.offset(8) == 6)      // inside it
        #expect(mapping.offset(11) == 6)     // after it, on "gamma"
        #expect(mapping.offset(16) == 11)    // end: in front of the appended "!"
    }

    @Test("text inserted at the place goes after it")
    func insertionAtThePlace() {
        #expect(TextPositionMapping(from: "abc", to: "abcxyz").offset(3) == 3)
        #expect(TextPositionMapping(from: "abc", to: "xyzabc").offset(0) == 0)
        #expect(TextPositionMapping(from: "abc", to: "abXc").offset(3) == 4)
    }

    @Test("offsets stay on character boundaries of multi-byte text")
    func multiByte() {
        let old = "café 👩‍💻 end"
        let new = "un café 👩‍💻 end"
        let offset = "café ".utf8.count
        let mapped = TextPositionMapping(from: old, to: new).offset(offset)
        #expect(String(new.utf8.dropFirst(mapped)).map { $0.hasPrefix("👩‍💻") } == true)
    }

    @Test("unchanged text and out-of-range offsets")
    func edges() {
        #expect(TextPositionMapping(from: "same", to: "same").offset(2) == 2)
        #expect(TextPositionMapping(from: "abcdef", to: "ab").offset(6) == 2)
    }
}
