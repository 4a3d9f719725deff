@testable import ForkedMerge
import Testing
import ForkedTestSupport

/// A multi-line text of `lineCount` lines drawn from the awkward-character pool.
private func randomText(lines lineCount: Int, using generator: inout SeededGenerator) -> [Character] {
    var text: [Character] = []
    for _ in 0..<lineCount {
        for _ in 0..<Int.random(in: 0...30, using: &generator) {
            text += [TextEdits.pool.randomElement(using: &generator) ?? "a"]
        }
        text += ["\n"]
    }
    return text
}

@Suite("TextMergeCache")
struct TextMergeCacheTests {
    /// Replays `steps` random edits on two panes, merging after each with the cache and afresh.
    private func replay(seed: UInt64, lines: Int, steps: Int, ancestorChanges: Bool) {
        var generator = SeededGenerator(state: seed)
        var ancestor = randomText(lines: lines, using: &generator)
        var panes = [ancestor, ancestor]
        var cache = TextMergeCache()
        for step in 0..<steps {
            let pane = Int.random(in: 0...1, using: &generator)
            let edits = (0..<Int.random(in: 1...3, using: &generator)).map { _ in Int.random(in: 0...1_000_000, using: &generator) }
            panes[pane] = TextEdits.apply(edits, to: panes[pane])
            if ancestorChanges, step % 7 == 6 {
                // A merge into main moves the ancestor; the cache must notice.
                ancestor = panes[Int.random(in: 0...1, using: &generator)]
            }
            // Mostly the edited pane dominates, as in the editor; sometimes the other one.
            let dominant = Int.random(in: 0..<5, using: &generator) == 0 ? 1 - pane : pane
            let texts = panes.map { String($0) }
            let ancestorText = String(ancestor)
            let cached = cache.mergeWithOrigins(texts[dominant], withSubordinate: texts[1 - dominant], commonAncestor: ancestorText)
            let fresh = TextMerger().mergeWithOrigins(texts[dominant], withSubordinate: texts[1 - dominant], commonAncestor: ancestorText)
            #expect(cached == fresh, "seed \(seed), step \(step)")
            #expect(Array(cached.text.utf8) == Array(fresh.text.utf8), "seed \(seed), step \(step)")
        }
    }

    @Test("merges over random edits on both panes equal fresh merges", arguments: [1, 2, 3, 4] as [UInt64])
    func randomEditsMatchFreshMerges(seed: UInt64) {
        replay(seed: seed, lines: 40, steps: 150, ancestorChanges: false)
    }

    @Test("three identical texts (an editor just opened) give what the full merge gives, then edits still match", arguments: [31, 32, 33] as [UInt64])
    func identicalTextsThenEdits(seed: UInt64) {
        var generator = SeededGenerator(state: seed)
        for lines in [0, 1, 40, 6_000] {
            let text = String(randomText(lines: lines, using: &generator))
            var cache = TextMergeCache()
            #expect(cache.mergeWithOrigins(text, withSubordinate: text, commonAncestor: text)
                    == TextMerger().mergeWithOrigins(text, withSubordinate: text, commonAncestor: text), "seed \(seed), \(lines) lines")
        }
        // The replays start from three identical texts too.
        replay(seed: seed, lines: 40, steps: 60, ancestorChanges: false)
    }

    @Test("a changing ancestor invalidates the prepared sides")
    func changingAncestor() {
        replay(seed: 11, lines: 40, steps: 150, ancestorChanges: true)
    }

    @Test("long texts, whose first merge diffs both sides in parallel, also match")
    func longTexts() {
        // Past TextMergeComputation.parallelThreshold for all three texts together.
        replay(seed: 21, lines: 6_000, steps: 6, ancestorChanges: true)
    }

    @Test("canonically equal texts with different bytes are not taken for the cached side")
    func canonicalEquivalents() {
        let ancestor = "caf\u{E9} au lait\n"
        let composed = "caf\u{E9} au lait!\n"
        let decomposed = "cafe\u{301} au lait!\n"
        var cache = TextMergeCache()
        _ = cache.mergeWithOrigins(composed, withSubordinate: ancestor, commonAncestor: ancestor)
        let cached = cache.mergeWithOrigins(decomposed, withSubordinate: ancestor, commonAncestor: ancestor)
        let fresh = TextMerger().mergeWithOrigins(decomposed, withSubordinate: ancestor, commonAncestor: ancestor)
        #expect(cached == fresh)
        #expect(Array(cached.text.utf8) == Array(decomposed.utf8))
    }
}
