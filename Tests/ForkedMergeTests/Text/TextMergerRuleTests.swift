import ForkedMerge
import Testing

/// Shorthand for the merges below.
private func merge(_ dominant: String, _ subordinate: String, ancestor: String) throws -> String {
    try TextMerger().merge(dominant, withSubordinate: subordinate, commonAncestor: ancestor)
}

@Suite("TextMerger rules")
struct TextMergerRuleTests {
    // MARK: 1. One-sided changes

    @Test("a region changed on one side only takes that side's change")
    func oneSidedChanges() throws {
        #expect(try merge("Hello brave world", "Hello world", ancestor: "Hello world") == "Hello brave world")
        #expect(try merge("Hello world", "Hello brave world", ancestor: "Hello world") == "Hello brave world")
        #expect(try merge("Hi world", "Hello world!", ancestor: "Hello world") == "Hi world!")
    }

    // MARK: 2. Identical changes

    @Test("the same change made on both sides is applied once")
    func identicalChanges() throws {
        #expect(try merge("aXb", "aXb", ancestor: "ab") == "aXb")
        #expect(try merge("ac", "ac", ancestor: "abc") == "ac")
        #expect(try merge("the dog", "the dog", ancestor: "the cat") == "the dog")
        #expect(try merge("aXb!", "aXb?", ancestor: "ab") == "aXb!?")
    }

    @Test("an insertion repeating the start or end of the other side's is applied once")
    func repeatedInsertions() throws {
        #expect(try merge("x = 10;", "x = 100;", ancestor: "x = 1;") == "x = 100;")
        #expect(try merge("hi there ", "hi there my friend ", ancestor: "hi ") == "hi there my friend ")
        #expect(try merge("Send the detailed report", "Send the quarterly detailed report", ancestor: "Send the report")
            == "Send the quarterly detailed report")
    }

    @Test("an insertion the other side also typed is applied once, however that side's diff lined its change up")
    func repeatedInsertionInsideOtherChange() throws {
        // The swapping side's diff keeps the backticks, commas and "or" and replaces "isize" by
        // "u128": the two sides' identical "`u128`, `i128`, " must still be applied once.
        let ancestor = "integral types: `u8`, `i64`,\n`isize`, or `usize`.\n"
        let swapped = "integral types: `u8`, `i64`,\n`u128`, `i128`, `usize`, or `isize`.\n"
        let inserted = "integral types: `u8`, `i64`,\n`u128`, `i128`, `isize`, or `usize`.\n"
        #expect(try merge(swapped, inserted, ancestor: ancestor) == swapped)
        #expect(try merge(inserted, swapped, ancestor: ancestor) == swapped)
        let row = "| `i64`, `isize`, `usize` | `f32` |\n"
        let rowSwapped = "| `i64`, `u128`, `i128`, `usize`, `isize` | `f32` |\n"
        let rowInserted = "| `i64`, `u128`, `i128`, `isize`, `usize` | `f32` |\n"
        #expect(try merge(rowSwapped, rowInserted, ancestor: row) == rowSwapped)
        #expect(try merge(rowInserted, rowSwapped, ancestor: row) == rowSwapped)
        // Text the side merely kept from the ancestor is no repeat: an insertion equal to the
        // words after it is still applied.
        #expect(try merge("a, a, b c", "a, b d", ancestor: "a, b c") == "a, a, b d")
    }

    // MARK: 3. Same-place insertions

    @Test("insertions at one place are both kept, dominant first, never interleaved")
    func samePlaceInsertions() throws {
        // Inside one word, two different insertions rewrite that word: both versions of it are kept.
        #expect(try merge("aXYZb", "a123b", ancestor: "ab") == "aXYZb a123b")
        #expect(try merge("The black cat", "The fat cat", ancestor: "The cat") == "The black fat cat")
        #expect(try merge("list:\nmilk\nbread\n", "list:\neggs\n", ancestor: "list:\n") == "list:\nmilk\nbread\neggs\n")
        // Two whole texts written where there was none are two versions of one text (a conflict,
        // like git's add/add), kept as two words.
        #expect(try merge("abcabc", "xyzxyz", ancestor: "") == "abcabc xyzxyz")
        // Text extending a word stays attached to it, whichever side typed it.
        #expect(try merge("I like green apples", "I like tasty red apples", ancestor: "I like red apples") == "I like tasty green apples")
    }

    // MARK: 4. Deletions

    @Test("deletions from both sides are applied")
    func bothDeletions() throws {
        // Overlapping deletions inside one word would leave "abgh", a word neither side wrote:
        // that is two changes of one word, a conflict keeping both versions.
        let word = TextMerger().mergeReportingConflicts("abfgh", withSubordinate: "abcgh", commonAncestor: "abcdefgh")
        #expect(word.text == "abfgh abcgh")
        #expect(word.conflicts.count == 1)
        #expect(try merge("ab ef gh", "ab cd gh", ancestor: "ab cd ef gh") == "ab gh")
        #expect(try merge("one, three", "one, two", ancestor: "one, two, three") == "one, ")
    }

    @Test("text inserted inside a word the other side cut into is a conflict, never a fragment")
    func insertionInsideDeletion() throws {
        // Keeping "X" alone would leave the fragment "aXf"; both sides changed the word "abcdef"
        // (one cut into it, one typed into it): both versions are kept and reported.
        let report = TextMerger().mergeReportingConflicts("af", withSubordinate: "abcXdef", commonAncestor: "abcdef")
        #expect(report.text == "af abcXdef")
        #expect(report.conflicts.count == 1)
        #expect(try merge("abcXdef", "af", ancestor: "abcdef") == "abcXdef af")
        // Whole words deleted around an inserted word: the inserted word stands on its own.
        #expect(try merge("one four", "one two new three four", ancestor: "one two three four") == "one new four")
    }

    // MARK: 5. True conflicts

    @Test("a word both sides replaced differently keeps both replacements, dominant first")
    func wordConflict() throws {
        #expect(try merge("the dog sat", "the cow sat", ancestor: "the cat sat") == "the dog cow sat")
        #expect(try merge("the cow sat", "the dog sat", ancestor: "the cat sat") == "the cow dog sat")
    }

    @Test("conflicts in scripts without spaces widen to single ideographs, without a separator")
    func spacelessScriptConflict() throws {
        #expect(try merge("今天天气坏", "今天天气糟", ancestor: "今天天气好") == "今天天气坏糟")
    }

    @Test("edits to one word that do not overlap stay character-precise")
    func sameWordDisjointEdits() throws {
        #expect(try merge("Total: $150", "Total: €100", ancestor: "Total: $100") == "Total: €150")
        #expect(try merge("Fork Yeah!!!", "Fork yeah", ancestor: "Fork Yeah") == "Fork yeah!!!")
    }

    @Test("whole lines both sides replaced differently are kept as whole lines")
    func lineConflict() throws {
        let merged = try merge("a\nfoo bar\nb\n", "a\nbaz qux\nb\n", ancestor: "a\nhello world\nb\n")
        #expect(merged == "a\nfoo bar\nbaz qux\nb\n")
        #expect(try merge("a\r\nfoo bar\r\nb\r\n", "a\r\nbaz qux\r\nb\r\n", ancestor: "a\r\nhello world\r\nb\r\n")
            == "a\r\nfoo bar\r\nbaz qux\r\nb\r\n")
        // A text without line breaks is words, not lines.
        #expect(try merge("y", "z", ancestor: "x") == "y z")
    }

    @Test("nothing either side typed is lost in a conflict")
    func conflictKeepsTypedText() throws {
        let merged = try merge("I like green apples", "I like tasty red apples", ancestor: "I like red apples")
        #expect(merged.contains("green"))
        #expect(merged.contains("tasty"))
    }

    // MARK: 6. Independence, line endings

    @Test("edits in different places never disturb each other, even adjacent ones")
    func independentEdits() throws {
        #expect(try merge("ab X def", "ab c Yef", ancestor: "ab c def") == "ab X Yef")
        #expect(try merge("Xb cd ef", "ab cd eY", ancestor: "ab cd ef") == "Xb cd eY")
        // Inside one word, the same edits are two changes of that word: a conflict.
        #expect(TextMerger().mergeReportingConflicts("abXdef", withSubordinate: "abcYef", commonAncestor: "abcdef").text == "abXdef abcYef")
        #expect(TextMerger().mergeReportingConflicts("Xbcdef", withSubordinate: "abcdeY", commonAncestor: "abcdef").conflicts.count == 1)
        let ancestor = String(repeating: "lorem ipsum dolor sit amet ", count: 200)
        var dominant = ancestor
        dominant.insert(contentsOf: "FIRST ", at: dominant.startIndex)
        var subordinate = ancestor
        subordinate.append("LAST")
        #expect(try merge(dominant, subordinate, ancestor: ancestor) == "FIRST " + ancestor + "LAST")
    }

    @Test("line endings and trailing newlines are preserved")
    func lineEndings() throws {
        #expect(try merge("A\r\nb\r\n", "a\r\nB\r\n", ancestor: "a\r\nb\r\n") == "A\r\nB\r\n")
        #expect(try merge("x\nA", "X", ancestor: "x") == "X\nA")
        #expect(try merge("one\ntwo", "One\ntwo", ancestor: "one\ntwo") == "One\ntwo")
        #expect(try merge("one\ntwo\n", "One\ntwo\n", ancestor: "one\ntwo\n") == "One\ntwo\n")
    }

    // MARK: Grapheme clusters

    @Test("grapheme clusters are never split")
    func graphemeClusters() throws {
        #expect(try merge("👩‍💻", "👩!", ancestor: "👩") == "👩‍💻!")
        #expect(try merge("café", "cafe au lait", ancestor: "cafe") == "cafe\u{301} au lait")
        // Two last lines appended: a conflict, each kept on its own line, "\r\n" never split.
        #expect(try merge("a\r\nb", "a\r\nc", ancestor: "a\r\n") == "a\r\nb\r\nc")
    }

    // MARK: 7. Determinism and the detailed API

    @Test("merging is deterministic and merge equals mergeWithOrigins.text")
    func deterministic() throws {
        let cases = [("the dog sat", "the cow sat", "the cat sat"), ("aXb", "aYb", "ab"), ("", "x", "")]
        for (dominant, subordinate, ancestor) in cases {
            let first = try merge(dominant, subordinate, ancestor: ancestor)
            #expect(try merge(dominant, subordinate, ancestor: ancestor) == first)
            #expect(TextMerger().mergeWithOrigins(dominant, withSubordinate: subordinate, commonAncestor: ancestor).text == first)
        }
    }
}
