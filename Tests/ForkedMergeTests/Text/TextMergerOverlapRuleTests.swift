import ForkedMerge
import Testing

/// Shorthand for the merges below.
private func merge(_ dominant: String, _ subordinate: String, ancestor: String) throws -> String {
    try TextMerger().merge(dominant, withSubordinate: subordinate, commonAncestor: ancestor)
}

@Suite("TextMerger: an edited line inside a deleted block")
struct TextMergerEditInsideDeletedBlockTests {
    @Test("yields with the block and is reported, in both roles, with both versions")
    func editedLineYieldsWithBlock() throws {
        let ancestor = "[package]\nname = \"a\"\n\n[[branch]]\nname = \"main\"\nci = [\"Test\"]\n\n[end]\n"
        let deleting = "[package]\nname = \"a\"\n\n[end]\n"
        let editing = "[package]\nname = \"a\"\n\n[[branch-protections]]\npattern = \"main\"\nci = [\"Test\"]\n\n[end]\n"
        let result = TextMerger().mergeWithOrigins(deleting, withSubordinate: editing, commonAncestor: ancestor)
        #expect(result.text == deleting)
        #expect(result.conflicts.count == 1)
        #expect(result.conflicts.first?.kept == .deletion)
        #expect(result.conflicts.first?.dominant == "")
        #expect(result.conflicts.first?.subordinate.contains("[[branch-protections]]\npattern = \"main\"\nci = [\"Test\"]\n") == true)
        let swapped = TextMerger().mergeReportingConflicts(editing, withSubordinate: deleting, commonAncestor: ancestor)
        #expect(swapped.text == deleting)
        #expect(swapped.conflicts.map(\.kept) == [.deletion])
        #expect(swapped.conflicts.first?.subordinate == "")
    }

    @Test("the conflict markers show the edited lines against the deletion")
    func markersShowEditedLines() throws {
        let ancestor = "head\none\ntwo\nthree\ntail\n"
        let report = TextMerger().mergeReportingConflicts(
            "head\ntail\n", withSubordinate: "head\none\ntwo, edited\nthree\ntail\n", commonAncestor: ancestor
        )
        let marked = report.withConflictMarkers(dominantLabel: "ours", subordinateLabel: "theirs").text
        #expect(marked == "head\n<<<<<<< ours\n=======\none\ntwo, edited\nthree\n>>>>>>> theirs\ntail\n")
    }

    @Test("an edit that only changed spacing yields silently")
    func spacingEditYieldsSilently() throws {
        let ancestor = "intro\n## Old\n* item  \n  \n* other\nend\n"
        let deleting = "intro\nend\n"
        let trimmed = "intro\n## Old\n* item\n\n* other\nend\n"
        let result = TextMerger().mergeWithOrigins(deleting, withSubordinate: trimmed, commonAncestor: ancestor)
        #expect(result.text == deleting)
        #expect(result.conflicts.isEmpty)
    }

    @Test("a block replaced by blank lines is deleted all the same: an edit inside it yields and is reported")
    func blockReplacedByBlankLines() throws {
        let ancestor = "intro\n\n## Old\nfirst line\nsecond line\nend\n"
        let deleting = "intro\n\n\nend\n"
        let editing = "intro\n\n## Old\nfirst line, fixed\nsecond line\nend\n"
        let result = TextMerger().mergeWithOrigins(editing, withSubordinate: deleting, commonAncestor: ancestor)
        #expect(result.text == deleting)
        #expect(result.conflicts.map(\.kept) == [.deletion])
        #expect(result.conflicts.first?.dominant.contains("first line, fixed\n") == true)
        // Replaced by a line of text, the block was rewritten, not deleted: both versions stay.
        let rewriting = "intro\n\nnew text\nend\n"
        let rewritten = TextMerger().mergeWithOrigins(editing, withSubordinate: rewriting, commonAncestor: ancestor)
        #expect(rewritten.conflicts.map(\.kept) == [.both])
    }

    @Test("an edit of the only deleted line, and a whole line inserted between deleted lines, still survive")
    func loneLineAndInsertedLineSurvive() throws {
        #expect(try merge("keep\nkeep2", "keep\ndelete me, edited\nkeep2", ancestor: "keep\ndelete me\nkeep2") == "keep\ndelete me, edited\nkeep2")
        #expect(try merge("a\nd\n", "a\nb\nnew\nc\nd\n", ancestor: "a\nb\nc\nd\n") == "a\nnew\nd\n")
    }
}

@Suite("TextMerger: insertions at one place")
struct TextMergerSamePlaceLineTests {
    @Test("a blank line inserted where the other side inserted lines is kept as a line of its own")
    func blankLineBesideInsertedLines() throws {
        let ancestor = "- a\n- c\n"
        let merged = try merge("- a\n- b\n  more b\n- c\n", "- a\n\n- c\n", ancestor: ancestor)
        #expect(merged == "- a\n- b\n  more b\n\n- c\n")
    }

    @Test("an insertion repeating whole lines of the other side's is applied once")
    func repeatedWholeLines() throws {
        #expect(try merge("a\nb\nc\nz\n", "a\nb\nz\n", ancestor: "a\nz\n") == "a\nb\nc\nz\n")
        #expect(try merge("a\nb\nz\n", "a\nx\nb\nz\n", ancestor: "a\nz\n") == "a\nx\nb\nz\n")
    }
}

@Suite("TextMerger: one rewrite holding the other")
struct TextMergerContainedRewriteTests {
    @Test("a rewrite that holds the other side's rewrite whole, with text added at a token boundary, is kept alone")
    func longerRewriteKept() throws {
        let ancestor = "run [`calculate-job-matrix.py`] script\n"
        let dominant = "run [`src/ci/github-actions/ci.py`] script\n"
        let subordinate = "run [`ci.py`] script\n"
        let result = TextMerger().mergeWithOrigins(dominant, withSubordinate: subordinate, commonAncestor: ancestor)
        #expect(result.text == dominant)
        #expect(result.conflicts.isEmpty)
        #expect(try merge(subordinate, dominant, ancestor: ancestor) == dominant)
        #expect(try merge("the dog sat", "the big dog sat", ancestor: "the cat sat") == "the big dog sat")
    }

    @Test("added letters inside a word, or two different rewrites, stay a conflict")
    func notContained() throws {
        let result = TextMerger().mergeWithOrigins("a dog", withSubordinate: "a doing", commonAncestor: "a cat")
        #expect(result.text == "a dog doing")
        #expect(result.conflicts.count == 1)
        let different = TextMerger().mergeWithOrigins("x = [a];\n", withSubordinate: "x = [b, c];\n", commonAncestor: "x = [d];\n")
        #expect(different.conflicts.count == 1)
    }
}

@Suite("TextMerger: lines inserted at one place stay whole lines")
struct TextMergerInsertedLinesTests {
    @Test("whole lines both sides inserted at a blank line keep their line breaks")
    func wholeLinesAtBlankLine() throws {
        let ancestor = "- a\n\n## Next\n"
        let merged = try merge("- a\n- b\n\n## Next\n", "- a\n- c\n- d\n\n## Next\n", ancestor: ancestor)
        #expect(merged == "- a\n- b\n- c\n- d\n\n## Next\n")
    }

    @Test("an unterminated last line appended on one side goes after the other side's appended lines, never glued to them")
    func unterminatedLineGoesLast() throws {
        #expect(try merge("a\nb", "a\nc\n", ancestor: "a\n") == "a\nc\nb")
        #expect(try merge("a\nc\n", "a\nb", ancestor: "a\n") == "a\nc\nb")
        // Mid-text, text typed at the start of a line stays with that line.
        #expect(try merge("a\nb-z\n", "a\nc\n-z\n", ancestor: "a\n-z\n") == "a\nc\nb-z\n")
    }

    @Test("two different unterminated last lines appended at the end conflict, kept on lines of their own")
    func twoUnterminatedLastLinesConflict() throws {
        let ancestor = "shared line\n"
        for (dominant, subordinate) in [("q1 only line", "q2 only line"), ("q2 only line", "q1 only line")] {
            let result = TextMerger().mergeWithOrigins(ancestor + dominant, withSubordinate: ancestor + subordinate, commonAncestor: ancestor)
            #expect(result.conflicts.count == 1, "\(result.text)")
            #expect(result.text == "shared line\n\(dominant)\n\(subordinate)", "never glued: \(result.text)")
            let marked = TextMerger().mergeReportingConflicts(ancestor + dominant, withSubordinate: ancestor + subordinate, commonAncestor: ancestor)
                .withConflictMarkers(dominantLabel: "ours", subordinateLabel: "theirs")
            #expect(marked.text == "shared line\n<<<<<<< ours\n\(dominant)\n=======\n\(subordinate)\n>>>>>>> theirs\n", "\(marked.text)")
        }
        // The same last line typed on both sides, or one extending the other, is no conflict.
        #expect(try merge("a\nsame", "a\nsame", ancestor: "a\n") == "a\nsame")
        #expect(try merge("a\nsame", "a\nsame and more", ancestor: "a\n") == "a\nsame and more")
        #expect(try merge("a\nb", "a\nc\n", ancestor: "a\n") == "a\nc\nb")
    }
}
