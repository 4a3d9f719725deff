import Testing
@testable import ForkedEditCore

@Suite("DisplayWidth")
struct DisplayWidthTests {
    @Test("ASCII letters take one column")
    func ascii() {
        #expect(DisplayWidth.columns(of: Character("a")) == 1)
        #expect(DisplayWidth.columns(of: Character("~")) == 1)
    }

    @Test("CJK and emoji take two columns")
    func wide() {
        #expect(DisplayWidth.columns(of: Character("漢")) == 2)
        #expect(DisplayWidth.columns(of: Character("한")) == 2)
        #expect(DisplayWidth.columns(of: Character("😀")) == 2)
        #expect(DisplayWidth.columns(of: Character("ｱ")) == 1)  // halfwidth katakana
        #expect(DisplayWidth.columns(of: Character("Ａ")) == 2)  // fullwidth latin
        #expect(DisplayWidth.columns(of: Character("🇩🇪")) == 2)
        #expect(DisplayWidth.columns(of: Character("❤\u{FE0F}")) == 2)
        #expect(DisplayWidth.columns(of: Character("👩\u{200D}💻")) == 2)
    }

    @Test("combining marks stay with their base and take no column alone")
    func combining() {
        #expect(DisplayWidth.columns(of: Character("e\u{301}")) == 1)
        #expect(DisplayWidth.columns(of: Character("\u{301}")) == 0)
        #expect(DisplayWidth.columns(of: Character("\u{200D}")) == 0)
        #expect(DisplayWidth.columns(of: "e\u{301}漢a") == 4)
    }

    @Test("the wide table is sorted and non-overlapping")
    func tableIsSorted() {
        for (previous, next) in zip(DisplayWidth.wideRanges, DisplayWidth.wideRanges.dropFirst()) {
            #expect(previous.upperBound < next.lowerBound)
        }
    }
}
