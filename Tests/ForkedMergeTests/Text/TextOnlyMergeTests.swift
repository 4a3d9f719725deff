@testable import ForkedMerge
import Foundation
import Testing
import ForkedTestSupport

/// `merge` and `mergeReportingConflicts` diff by characters only the lines both sides changed
/// (or changed next to each other, up to the line between them); their text and conflicts must
/// be those of the full diffs.
@Suite("Text-only merges refine only where both sides changed")
struct TextOnlyMergeTests {
    /// How `RefinementNeed` refines each block on each side of a three-way text.
    private func refinements(_ ancestor: String, _ dominant: String, _ subordinate: String)
        -> (dominant: [BlockRefinement.Kind], subordinate: [BlockRefinement.Kind]) {
        TextMergeComputation.withBuffers(ancestor, dominant, subordinate) { a, d, s in
            let ancestorLines = TextLines(a)
            func need(_ side: UnsafeBufferPointer<UInt8>) -> RefinementNeed {
                let lines = TextLines(side)
                let diff = TextDiff(
                    ancestor: a, ancestorLineStarts: ancestorLines.starts, ancestorLineIDs: ancestorLines.ids,
                    side: side, sideLineStarts: lines.starts, sideLineIDs: lines.ids
                )
                return RefinementNeed(diff, diff.lineHunks())
            }
            let (dominantBlocks, subordinateBlocks) = RefinementNeed.refinements(need(d), need(s))
            return (dominantBlocks.map(\.kind), subordinateBlocks.map(\.kind))
        }
    }

    /// Which blocks are refined at all (to characters or to their changed words) rather than
    /// replaced as whole lines.
    private func refinedBlocks(_ ancestor: String, _ dominant: String, _ subordinate: String) -> (dominant: [Bool], subordinate: [Bool]) {
        let kinds = refinements(ancestor, dominant, subordinate)
        return (kinds.dominant.map { $0 != .wholeLines }, kinds.subordinate.map { $0 != .wholeLines })
    }

    @Test("blocks both sides changed are refined; blocks one side changed are not")
    func overlappingAndDistantBlocks() {
        let ancestor = "one two three\nfour five six\nseven eight nine\nten eleven twelve\n"
        let dominant = "one 2 three\nfour five six\nseven eight nine\nten 11 twelve\n"
        let subordinate = "one two 3\nfour five six\nseven eight nine\nten eleven twelve\n"
        let blocks = refinedBlocks(ancestor, dominant, subordinate)
        #expect(blocks.dominant == [true, false])
        #expect(blocks.subordinate == [true])
    }

    @Test("a block next to the other side's is refined only when its changes reach the line between them")
    func touchingBlocks() {
        let ancestor = "one two three\nfour five six\n"
        // Middle words changed on adjacent lines: each change stays inside its own line.
        #expect(refinedBlocks(ancestor, "one 2 three\nfour five six\n", "one two three\nfour 5 six\n") == ([false], [false]))
        // The last word before the line break, or the first word after it, reaches the boundary.
        #expect(refinedBlocks(ancestor, "one two 3\nfour five six\n", "one two three\nfour 5 six\n") == ([true], [false]))
        #expect(refinedBlocks(ancestor, "one 2 three\nfour five six\n", "one two three\n4 five six\n") == ([false], [true]))
        // A change just before a trailing space and the line feed counts as reaching it.
        #expect(refinedBlocks("one two \nfour five six\n", "one 2 \nfour five six\n", "one two \nfour 5 six\n") == ([true], [false]))
        // A line inserted at the boundary is there by definition (refining it changes nothing).
        #expect(refinedBlocks(ancestor, "one 2 three\nfour five six\n", "one two three\nnew\nfour five six\n") == ([false], [true]))
    }

    @Test("changed words far from the other side's on the same line are one hunk; near ones are refined")
    func changedWordsApart() {
        let ancestor = "alpha beta gamma delta epsilon zeta eta theta iota\nkappa lambda\n"
        // "beta" and "iota" are far apart: neither side's characters matter to the other.
        let apart = refinements(
            ancestor, "alpha BETA gamma delta epsilon zeta eta theta iota\nkappa lambda\n",
            "alpha beta gamma delta epsilon zeta eta theta IOTA\nkappa lambda\n"
        )
        #expect(apart.dominant == [.changedWords] && apart.subordinate == [.changedWords])
        // "beta" and "delta" are closer than the longer change ("beta beta beta " is 15 bytes).
        let near = refinements(
            ancestor, "alpha beta beta beta gamma delta epsilon zeta eta theta iota\nkappa lambda\n",
            "alpha beta gamma DELTA epsilon zeta eta theta iota\nkappa lambda\n"
        )
        #expect(near.dominant == [.characters] && near.subordinate == [.characters])
        // On the text's last line, the final line break is the merge's to judge: refined.
        let last = refinements(
            "alpha beta gamma delta epsilon zeta eta theta iota\n", "alpha BETA gamma delta epsilon zeta eta theta iota\n",
            "alpha beta gamma delta epsilon zeta eta theta IOTA\n"
        )
        #expect(last.dominant == [.characters] && last.subordinate == [.characters])
        // A block that keeps only spacing outside its changed words is refined: its characters
        // decide whether it is replaced as whole lines. Here the other side's change, on the
        // next line, is far from it, and stops short of their boundary.
        let indent = String(repeating: " ", count: 40)
        let spacing = refinements(
            "\(indent)x\naaa bbb ccc ddd eee fff ggg hhh\nend\n", "\(indent)y\naaa bbb ccc ddd eee fff ggg hhh\nend\n",
            "\(indent)x\naaa bbb ccc ddd eee fff ggg HHH\nend\n"
        )
        #expect(spacing.dominant == [.characters] && spacing.subordinate == [.wholeLines])
    }

    @Test("an edit next to text the other side typed again merges as the full diffs do")
    func editAfterRepeatedText() {
        // The other side types again the text before an edited word and that word's first
        // letter: the typed text can be lined up with the edit (``RepeatedInsertion``), which
        // depends on where the edit's characters start, not only its words.
        let ancestor = "aa bb cc dd ee ff gg hh ii jj\nend\n"
        let dominant = "aa bb cc dx ee ff gg hh ii jj\nend\n"
        for (position, typed) in [(6, "cc d"), (3, "bb cc d"), (6, "cc dd"), (0, "aa bb cc d")] {
            let subordinate = String(ancestor.prefix(position)) + typed + String(ancestor.dropFirst(position))
            for (first, second) in [(dominant, subordinate), (subordinate, dominant)] {
                let full = TextMerger().mergeWithOrigins(first, withSubordinate: second, commonAncestor: ancestor)
                let report = TextMerger().mergeReportingConflicts(first, withSubordinate: second, commonAncestor: ancestor)
                #expect(report.text == full.text, "\(first.debugDescription) \(second.debugDescription)")
                #expect(report.conflicts == full.conflicts, "\(first.debugDescription) \(second.debugDescription)")
            }
        }
    }

    @Test("text one side typed again just before the other side's edit merges as the full diffs do", arguments: 0..<4)
    func retypedTextNearEdits(seed: UInt64) {
        var generator = SeededGenerator(state: seed &+ 400)
        let words = ["aa", "bb", "cc", "dd", "ee", "a", "b", "ab", "ba"]
        for _ in 0..<300 {
            let line = (0..<Int.random(in: 6...14, using: &generator)).map { _ in words.randomElement(using: &generator) ?? "aa" }
            let ancestor = line.joined(separator: " ") + "\nend line\n"
            // One side types again some of the words that follow a place, maybe with a letter more.
            let place = Int.random(in: 0..<(line.count - 2), using: &generator)
            var typed = Array(line[place..<min(line.count, place + Int.random(in: 1...3, using: &generator))])
            if Bool.random(using: &generator) { typed[typed.count - 1] += String(typed[typed.count - 1].prefix(1)) }
            var retyped = line
            retyped.insert(contentsOf: typed, at: place)
            // The other side edits a word a little after that place.
            var edited = line
            let target = min(line.count - 1, place + Int.random(in: 1...4, using: &generator))
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: edited[target] += "x"
            case 1: edited[target] = "x" + edited[target]
            default: edited.insert(words.randomElement(using: &generator) ?? "a", at: target)
            }
            let first = retyped.joined(separator: " ") + "\nend line\n"
            let second = edited.joined(separator: " ") + "\nend line\n"
            for (dominant, subordinate) in [(first, second), (second, first)] {
                let full = TextMerger().mergeWithOrigins(dominant, withSubordinate: subordinate, commonAncestor: ancestor)
                let report = TextMerger().mergeReportingConflicts(dominant, withSubordinate: subordinate, commonAncestor: ancestor)
                let context = "ancestor \(ancestor.debugDescription) dominant \(dominant.debugDescription) subordinate \(subordinate.debugDescription)"
                #expect(report.text == full.text, "\(context)")
                #expect(report.conflicts == full.conflicts, "\(context)")
            }
        }
    }

    /// Long lines with a word edit (sometimes two) on either side: the edits of the two sides
    /// fall on the same lines, near and far from each other, with repeated words to retype.
    private func editedWords(_ lines: [[String]], _ words: [String], _ generator: inout SeededGenerator) -> String {
        var result = ""
        for var line in lines {
            if Int.random(in: 0..<2, using: &generator) == 0 {
                for _ in 0..<(Int.random(in: 0..<4, using: &generator) == 0 ? 2 : 1) {
                    let position = Int.random(in: 0..<line.count, using: &generator)
                    let word = words.randomElement(using: &generator) ?? "x"
                    switch Int.random(in: 0..<5, using: &generator) {
                    case 0: line[position] = word
                    case 1: line.insert(word, at: position)
                    case 2 where line.count > 1: line.remove(at: position)
                    case 3: line[position] += "s"
                    default: line.insert(contentsOf: [word, word], at: position)
                    }
                }
            }
            result += line.joined(separator: " ") + "\n"
        }
        return result
    }

    @Test("text and conflicts equal those of the full diffs with several edits on one line", arguments: 0..<4)
    func equalsFullDiffsOnLongLines(seed: UInt64) {
        var generator = SeededGenerator(state: seed &+ 200)
        let words = ["the", "cat", "sat", "on", "mat", "a", "dog", "ran", "far", "away", "and", "back"]
        var changedWordBlocks = 0
        for _ in 0..<200 {
            let lines = (0..<Int.random(in: 2...8, using: &generator)).map { _ in
                (0..<Int.random(in: 8...30, using: &generator)).map { _ in words.randomElement(using: &generator) ?? "" }
            }
            let ancestor = lines.map { $0.joined(separator: " ") + "\n" }.joined()
            let dominant = editedWords(lines, words, &generator)
            let subordinate = editedWords(lines, words, &generator)
            let kinds = refinements(ancestor, dominant, subordinate)
            changedWordBlocks += (kinds.dominant + kinds.subordinate).filter { $0 == .changedWords }.count
            let full = TextMerger().mergeWithOrigins(dominant, withSubordinate: subordinate, commonAncestor: ancestor)
            let report = TextMerger().mergeReportingConflicts(dominant, withSubordinate: subordinate, commonAncestor: ancestor)
            let context = "ancestor \(ancestor.debugDescription) dominant \(dominant.debugDescription) subordinate \(subordinate.debugDescription)"
            #expect(report.text == full.text, "\(context)")
            #expect(report.conflicts == full.conflicts, "\(context)")
        }
        // The cases reach the single-hunk path, not only the refined one.
        #expect(changedWordBlocks >= 10)
    }

    @Test("text and conflicts equal those of the full diffs on random edits of both sides", arguments: 0..<4)
    func equalsFullDiffs(seed: UInt64) {
        var generator = SeededGenerator(state: seed)
        let words = ["the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "o"]
        for _ in 0..<150 {
            let lines = TextEdits.wordLines(count: Int.random(in: 1...14, using: &generator), of: words, maximumWords: 5, &generator)
            let ancestor = lines.joined()
            let dominant = TextEdits.editedLines(lines, &generator)
            let subordinate = TextEdits.editedLines(lines, &generator)
            let full = TextMerger().mergeWithOrigins(dominant, withSubordinate: subordinate, commonAncestor: ancestor)
            let report = TextMerger().mergeReportingConflicts(dominant, withSubordinate: subordinate, commonAncestor: ancestor)
            #expect(report.text == full.text, "ancestor \(ancestor.debugDescription)")
            #expect(report.conflicts == full.conflicts, "ancestor \(ancestor.debugDescription)")
            #expect((try? TextMerger().merge(dominant, withSubordinate: subordinate, commonAncestor: ancestor)) == full.text)
        }
    }

    /// A line with one word-level edit at its start, middle or end, or the line split, joined
    /// to the next, duplicated or dropped: edits of the two sides on adjacent lines meet at
    /// their line boundary in every way.
    private func editedAtEdges(_ lines: [[String]], _ generator: inout SeededGenerator) -> String {
        var result = ""
        for var words in lines {
            switch Int.random(in: 0..<16, using: &generator) {
            case 0: words[0] = "first"
            case 1: words[words.count - 1] = "last"
            case 2: words.insert("new", at: 0)
            case 3: words.append("new")
            case 4: words[words.count / 2] = "mid"
            case 5: result += words.joined(separator: " ") + " "; continue
            case 6: result += words.joined(separator: " ") + "\nnew line\n"; continue
            case 7: continue
            case 8 where words.count > 1: words.insert("\n", at: words.count / 2)
            case 9: words.append("")
            default: break
            }
            result += words.joined(separator: " ") + "\n"
        }
        return result
    }

    @Test("text and conflicts equal those of the full diffs where edits meet at line boundaries", arguments: 0..<4)
    func equalsFullDiffsAtLineBoundaries(seed: UInt64) {
        var generator = SeededGenerator(state: seed &+ 100)
        let words = ["alpha", "beta", "gamma", "delta", "eps", "new", "last", "first", "mid"]
        for _ in 0..<250 {
            let lines = (0..<Int.random(in: 2...10, using: &generator)).map { _ in
                (0..<Int.random(in: 1...5, using: &generator)).map { _ in words.randomElement(using: &generator) ?? "" }
                    + (Int.random(in: 0..<6, using: &generator) == 0 ? [""] : [])
            }
            // Some lines end with a space before their line feed.
            let ancestor = lines.map { $0.joined(separator: " ") + "\n" }.joined()
            let dominant = editedAtEdges(lines, &generator)
            let subordinate = editedAtEdges(lines, &generator)
            let full = TextMerger().mergeWithOrigins(dominant, withSubordinate: subordinate, commonAncestor: ancestor)
            let report = TextMerger().mergeReportingConflicts(dominant, withSubordinate: subordinate, commonAncestor: ancestor)
            let context = "ancestor \(ancestor.debugDescription) dominant \(dominant.debugDescription) subordinate \(subordinate.debugDescription)"
            #expect(report.text == full.text, "\(context)")
            #expect(report.conflicts == full.conflicts, "\(context)")
        }
    }
}
