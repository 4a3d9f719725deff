import ForkedMerge
import Testing

/// Shorthand for the merges below.
private func merge(_ dominant: String, _ subordinate: String, ancestor: String) throws -> String {
    try TextMerger().merge(dominant, withSubordinate: subordinate, commonAncestor: ancestor)
}

/// Whitespace-separated tokens of the merge that appear in none of the three inputs: a
/// splice of pieces of words (what the public corpus scorer calls garbled).
private func novelTokens(_ merged: String, _ inputs: [String]) -> [Substring] {
    let known = Set(inputs.flatMap { $0.split(whereSeparator: \.isWhitespace) })
    return merged.split(whereSeparator: \.isWhitespace).filter { !known.contains($0) }
}

/// Lines of the merge that appear in none of the inputs: text glued onto another line.
private func novelLines(_ merged: String, _ inputs: [String]) -> Set<Substring> {
    Set(merged.split(separator: "\n")).subtracting(inputs.flatMap { $0.split(separator: "\n") })
}

/// The rules that keep a merge readable where both sides changed the same text: whole tokens,
/// whole edited units, intact line structure. The examples are the ones users reported.
@Suite("TextMerger never garbles")
struct TextMergerIntegrityTests {
    // MARK: Rule 2: an edit inside text the other side deleted survives whole

    @Test("a line edited on one side and deleted on the other survives whole, in both roles")
    func editedLineSurvivesDeletion() throws {
        #expect(try merge("alpha\ngamma", "alpha\nbeta beta\ngamma", ancestor: "alpha\nbeta\ngamma") == "alpha\nbeta beta\ngamma")
        #expect(try merge("alpha\nbeta beta\ngamma", "alpha\ngamma", ancestor: "alpha\nbeta\ngamma") == "alpha\nbeta beta\ngamma")
        #expect(try merge("keep\nkeep2", "keep\ndelete me, edited\nkeep2", ancestor: "keep\ndelete me\nkeep2")
            == "keep\ndelete me, edited\nkeep2")
        #expect(try merge("keep\ndelete me, edited\nkeep2", "keep\nkeep2", ancestor: "keep\ndelete me\nkeep2")
            == "keep\ndelete me, edited\nkeep2")
    }

    @Test("an edited line of a deleted block yields with the block, never an orphan line, and is reported")
    func editedLineOfDeletedBlock() throws {
        let ancestor = "head\none\ntwo\nthree\ntail\n"
        let result = TextMerger().mergeWithOrigins("head\ntail\n", withSubordinate: "head\none\ntwo, edited\nthree\ntail\n", commonAncestor: ancestor)
        #expect(result.text == "head\ntail\n")
        #expect(result.conflicts.map(\.kept) == [.deletion])
    }

    @Test("a word edited on one side and deleted on the other survives as the whole word")
    func editedWordSurvivesDeletion() throws {
        #expect(try merge("the sat", "the cart sat", ancestor: "the cat sat") == "the cart sat")
        #expect(try merge("the cart sat", "the sat", ancestor: "the cat sat") == "the cart sat")
        #expect(try merge("the sat", "the big fart cat sat", ancestor: "the big fat cat sat") == "the fart sat")
    }

    // MARK: Rule 1: whole tokens inside regions both sides changed

    @Test("rewrites of the same line that share little keep whole lines, dominant first, and are reported")
    func sharedLittleKeepsWholeLines() throws {
        let ancestor = "func f() {\n    return x + 1\n}\n"
        let result = TextMerger().mergeWithOrigins(
            "func f() {\n    return x * 2\n}\n", withSubordinate: "func f() {\n    return x - 3\n}\n", commonAncestor: ancestor
        )
        #expect(result.text == "func f() {\n    return x * 2\n    return x - 3\n}\n")
        #expect(result.conflicts.count == 1)
    }

    @Test("a one-line text rewritten twice is never interleaved token by token")
    func oneLineNeverInterleaved() throws {
        let merged = try merge("return x * 2", "return x - 3", ancestor: "return x + 1")
        #expect(!merged.contains("*-"))
        #expect(merged.hasPrefix("return x * 2"))
        #expect(merged.hasSuffix("- 3"))
    }

    @Test("both sides rewriting one quoted name keep both names whole")
    func quotedNames() throws {
        let inputs = ["leads = [\"alice\"]\n", "leads = [\"spastorino\"]\n", "leads = [\"jyn514\"]\n"]
        let merged = try merge(inputs[1], inputs[2], ancestor: inputs[0])
        #expect(novelTokens(merged, inputs).isEmpty, "\(merged)")
        #expect(merged.contains("spastorino") && merged.contains("jyn514"))
    }

    @Test("an insertion inside a word the other side replaced is a conflict of whole words")
    func insertionInsideReplacedWord() throws {
        let result = TextMerger().mergeWithOrigins("the dog sat", withSubordinate: "the cart sat", commonAncestor: "the cat sat")
        #expect(result.text == "the dog cart sat")
        #expect(result.conflicts.count == 1)
    }

    // MARK: Rule 3: line structure

    @Test("removing the final newline while the other side appends lines keeps a line break between them")
    func finalNewlineAndAppendedLines() throws {
        let merged = try merge("a\nb", "a\nb\nc\n", ancestor: "a\nb\n")
        #expect(merged.hasPrefix("a\nb\nc"))
        let swapped = try merge("a\nb\nc\n", "a\nb", ancestor: "a\nb\n")
        #expect(swapped.hasPrefix("a\nb\nc"))
    }

    // MARK: Conflicts are reported

    @Test("a true conflict is reported with both versions and its place in the merged text")
    func conflictRegion() throws {
        let result = TextMerger().mergeWithOrigins("the dog sat", withSubordinate: "the cow sat", commonAncestor: "the cat sat")
        #expect(result.text == "the dog cow sat")
        #expect(result.conflicts == [TextMergeConflict(utf8Range: 4..<11, ancestor: "cat", dominant: "dog", subordinate: "cow")])
    }

    @Test("clean merges report no conflict, including same-place insertions and disjoint edits")
    func noConflicts() throws {
        let cases = [
            ("The black cat", "The fat cat", "The cat"),
            ("Total: $150", "Total: €100", "Total: $100"),
            ("alpha\ngamma", "alpha\nbeta beta\ngamma", "alpha\nbeta\ngamma"),
            ("same", "same", "base"),
        ]
        for (dominant, subordinate, ancestor) in cases {
            #expect(TextMerger().mergeWithOrigins(dominant, withSubordinate: subordinate, commonAncestor: ancestor).conflicts.isEmpty)
        }
    }

    @Test("whole lines both sides replaced are one conflict holding each side's lines")
    func lineConflictRegion() throws {
        let result = TextMerger().mergeWithOrigins("a\nfoo bar\nb\n", withSubordinate: "a\nbaz qux\nb\n", commonAncestor: "a\nhello world\nb\n")
        #expect(result.text == "a\nfoo bar\nbaz qux\nb\n")
        #expect(result.conflicts == [
            TextMergeConflict(utf8Range: 2..<18, ancestor: "hello world\n", dominant: "foo bar\n", subordinate: "baz qux\n"),
        ])
    }
}

@Suite("TextMerger keeps list items whole")
struct TextMergerListTests {
    @Test("an item edited on one side and deleted on the other survives with its delimiters")
    func editedItemSurvivesWithDelimiters() throws {
        #expect(try merge("leads = [\"a\"]\n", "leads = [\"a\", \"c\"]\n", ancestor: "leads = [\"a\", \"b\"]\n") == "leads = [\"a\", \"c\"]\n")
    }

    @Test("items both sides appended after the same last item are all kept, each on its own line")
    func itemsAppendedAfterLastItem() throws {
        let ancestor = "members = [\n    \"a\"\n]\n"
        let dominant = "members = [\n    \"a\",\n    \"b\",\n]\n"
        let subordinate = "members = [\n    \"a\",\n    \"c\",\n    \"d\"\n]\n"
        #expect(try merge(dominant, subordinate, ancestor: ancestor) == "members = [\n    \"a\",\n    \"b\",\n    \"c\",\n    \"d\"\n]\n")
    }
}

@Suite("TextMerger compares whole words both sides changed")
struct TextMergerSharedWordTests {
    @Test("a word both sides rewrote is a conflict of whole tokens, whatever letters the rewrites share")
    func wordRewrittenTwice() throws {
        let result = TextMerger().mergeWithOrigins("Bring the torch.\n", withSubordinate: "Bring the compass.\n", commonAncestor: "Bring the map.\n")
        #expect(result.text == "Bring the torch. compass.\n")
        #expect(result.conflicts.count == 1)
    }

    @Test("edits to different words next to each other still merge cleanly")
    func neighbouringWords() throws {
        #expect(try merge("the dog sat", "the cat sits", ancestor: "the cat sat") == "the dog sits")
        #expect(try merge("Total: $150", "Total: €100", ancestor: "Total: $100") == "Total: €150")
    }
}

@Suite("TextMerger keeps lines whole")
struct TextMergerLineStructureTests {
    @Test("a blank line replaced by a paragraph while the other side deletes it and adds a section: no line glued to another")
    func blankLineReplacedByParagraph() throws {
        let ancestor = "intro\n\n\n[node]: link\n"
        let dominant = "intro\n\n## Storage\n\nStorage is\nresponsible.\n\n[node]: link\n"
        let subordinate = "intro\n\n[node]: link\n\n## Network\n\nNetwork is here.\n"
        let merged = try merge(dominant, subordinate, ancestor: ancestor)
        #expect(novelLines(merged, [ancestor, dominant, subordinate]).isEmpty, "\(merged.debugDescription)")
        #expect(merged.contains("Storage is\nresponsible.\n"))
        #expect(merged.contains("## Network\n"))
    }
}

@Suite("TextMerger anchors on unique lines")
struct TextMergerUniqueLineTests {
    @Test("a unique line stays matched to itself rather than to an unrelated new line beside blank lines")
    func uniqueLineAnchors() throws {
        let ancestor = "intro\n\n\n\n[SIG Node]: https://example.com/sig-node\n\nend\n"
        let dominant = "intro\n\n## SIG Storage\n\n[SIG Storage] is\nresponsible for storage.\n\n[SIG Node]: https://example.com/sig-node\n\nend\n"
        let subordinate = "intro\n\n[SIG Node]: https://example.com/sig-node\n\n## SIG Network\n\n[SIG Network][] is responsible for networking.\n\nend\n"
        let merged = try merge(dominant, subordinate, ancestor: ancestor)
        #expect(novelLines(merged, [ancestor, dominant, subordinate]).isEmpty, "\(merged.debugDescription)")
        #expect(merged.components(separatedBy: "[SIG Node]: https://example.com/sig-node\n").count == 2, "\(merged.debugDescription)")
    }
}

@Suite("TextMerger judges deletions inside rewrites by words")
struct TextMergerDeletionInsideRewriteTests {
    @Test("a character deleted next to a grapheme the other side extended is not a conflict")
    func deletionBesideExtendedGrapheme() throws {
        #expect(try merge("§", "\0§\u{301}", ancestor: "\0§").unicodeScalars.elementsEqual("§\u{301}".unicodeScalars))
    }
}

@Suite("TextMerger keeps multi-line conflicts as whole lines")
struct TextMergerMultiLineConflictTests {
    @Test("a conflict spanning a line break keeps each side's whole lines, never one side's half line glued to the other's")
    func multiLineConflict() throws {
        let ancestor = "a\nb c\nd e\nf\n"
        let dominant = "a\nb C\nD e\nf\n"
        let subordinate = "a\nb Q e\nf\n"
        let result = TextMerger().mergeWithOrigins(dominant, withSubordinate: subordinate, commonAncestor: ancestor)
        #expect(result.text == "a\nb C\nD e\nb Q e\nf\n")
        #expect(result.conflicts.count == 1)
    }

    @Test("two sides extending one number differently is a conflict of the number, never a spliced number")
    func numberExtendedTwice() throws {
        let result = TextMerger().mergeWithOrigins("let x = 12;\n", withSubordinate: "let x = 13;\n", commonAncestor: "let x = 1;\n")
        #expect(result.text == "let x = 12; 13;\n")
        #expect(result.conflicts.count == 1)
        let apart = TextMerger().mergeWithOrigins("let x = 10;\n", withSubordinate: "let x = 11;\n", commonAncestor: "let x = 1;\n")
        #expect(novelTokens(apart.text, ["let x = 1;\n", "let x = 10;\n", "let x = 11;\n"]).isEmpty, "\(apart.text.debugDescription)")
        #expect(apart.conflicts.count == 1)
        // Text typed between two ideographs still stands side by side.
        #expect(try merge("今天天气很好。", "今天天气非常好。", ancestor: "今天天气好。") == "今天天气很非常好。")
    }
}
