@testable import ForkedMerge
import PropertyBased
import Testing

/// Generators of awkward Unicode texts and of edit codes for ``TextEdits/apply(_:to:)``.
private let textGenerator = Gen<Character?>.element(of: TextEdits.pool).map { $0 ?? "a" }.array(of: 0...40)
private let editsGenerator = Gen.int(in: 0...1_000_000).array(of: 0...6)

/// The merge, or nil if it threw (which no input should make it do).
private func merge(_ dominant: String, _ subordinate: String, ancestor: String) -> String? {
    try? TextMerger().merge(dominant, withSubordinate: subordinate, commonAncestor: ancestor)
}

@Suite("TextMerger properties")
struct TextMergerPropertyTests {
    @Test("a side that did not change yields the other side exactly")
    func unchangedSideYields() async {
        await propertyCheck(input: textGenerator, editsGenerator) { ancestorCharacters, edits in
            let ancestor = String(ancestorCharacters)
            let edited = String(TextEdits.apply(edits, to: ancestorCharacters))
            #expect(merge(edited, ancestor, ancestor: ancestor) == edited)
            #expect(merge(ancestor, edited, ancestor: ancestor) == edited)
            #expect(merge(edited, edited, ancestor: ancestor) == edited)
        }
    }

    @Test("the general merge path agrees with the one-sided shortcuts")
    func generalPathAgrees() async {
        await propertyCheck(input: textGenerator, editsGenerator) { ancestorCharacters, edits in
            let ancestor = String(ancestorCharacters)
            let edited = String(TextEdits.apply(edits, to: ancestorCharacters))
            // mergeWithOrigins never takes the shortcut, so it checks the diff-based path.
            #expect(TextMerger().mergeWithOrigins(edited, withSubordinate: ancestor, commonAncestor: ancestor).text == edited)
            #expect(TextMerger().mergeWithOrigins(ancestor, withSubordinate: edited, commonAncestor: ancestor).text == edited)
            #expect(TextMerger().mergeWithOrigins(edited, withSubordinate: edited, commonAncestor: ancestor).text == edited)
        }
    }

    @Test("the result keeps every ancestor character both sides kept, in ancestor order")
    func keptCharactersSurvive() async {
        await propertyCheck(input: textGenerator, editsGenerator, editsGenerator) { ancestorCharacters, dominantEdits, subordinateEdits in
            let ancestor = String(ancestorCharacters)
            let dominant = String(TextEdits.apply(dominantEdits, to: ancestorCharacters))
            let subordinate = String(TextEdits.apply(subordinateEdits, to: ancestorCharacters))
            let (keptByBoth, merged) = TextMergeComputation.run(ancestor: ancestor, dominant: dominant, subordinate: subordinate) {
                computation in
                let kept = keptRanges(count: ancestor.utf8.count, computation.dominantHunks)
                    .intersection(keptRanges(count: ancestor.utf8.count, computation.subordinateHunks))
                return (kept, computation.mergedString())
            }
            let ancestorBytes = Array(ancestor.utf8)
            let expectedBytes = keptByBoth.sorted().map { ancestorBytes[$0] }
            #expect(isSubsequence(expectedBytes, of: Array(merged.utf8)))
            #expect(merge(dominant, subordinate, ancestor: ancestor) == merged)
        }
    }

    @Test("nothing either side typed is lost: every inserted run not nested in the other side's change appears whole")
    func insertionsSurvive() async {
        await propertyCheck(input: textGenerator, editsGenerator, editsGenerator) { ancestorCharacters, dominantEdits, subordinateEdits in
            let ancestor = String(ancestorCharacters)
            let dominant = String(TextEdits.apply(dominantEdits, to: ancestorCharacters))
            let subordinate = String(TextEdits.apply(subordinateEdits, to: ancestorCharacters))
            let (insertedRuns, merged, conflicts) = TextMergeComputation.run(ancestor: ancestor, dominant: dominant, subordinate: subordinate) {
                computation in
                let dominantBytes = Array(dominant.utf8)
                let subordinateBytes = Array(subordinate.utf8)
                // A run typed strictly inside what the other side deleted or replaced may yield
                // to it (keeping it would leave a fragment of a word the other side cut into).
                func standsAlone(_ hunk: DiffHunk, _ others: [DiffHunk]) -> Bool {
                    !others.contains { other in
                        guard !other.ancestor.isEmpty else { return false }
                        if hunk.ancestor.isEmpty {
                            return other.ancestor.lowerBound < hunk.ancestor.lowerBound && hunk.ancestor.lowerBound < other.ancestor.upperBound
                        }
                        return other.ancestor.lowerBound <= hunk.ancestor.lowerBound && hunk.ancestor.upperBound <= other.ancestor.upperBound
                    }
                }
                let runs = computation.dominantHunks.filter { standsAlone($0, computation.subordinateHunks) }.map { Array(dominantBytes[$0.side]) }
                    + computation.subordinateHunks.filter { standsAlone($0, computation.dominantHunks) }.map { Array(subordinateBytes[$0.side]) }
                return (runs, Array(computation.mergedString().utf8), computation.conflicts())
            }
            for run in insertedRuns where !run.isEmpty {
                // A run that ends one line and adds lines after it is kept as the end of that line
                // plus whole lines (so the other side's lines added there can come between).
                let lineFeed = run.firstIndex(of: 0x0A)
                let keptWhole = containsRun(merged, run)
                    || lineFeed.map { containsRun(merged, Array(run[..<$0])) && containsRun(merged, Array(run[($0 + 1)...])) } == true
                // Or the merge reports what yielded: a version of a conflict holds the run.
                let reported = conflicts.contains { containsRun(Array($0.dominant.utf8), run) || containsRun(Array($0.subordinate.utf8), run) }
                #expect(keptWhole || reported, "lost \(String(decoding: run, as: UTF8.self).debugDescription)")
            }
        }
    }

    @Test("merge returns exactly mergeWithOrigins.text, with coalesced segments")
    func mergeMatchesOrigins() async {
        await propertyCheck(input: textGenerator, textGenerator, textGenerator) { ancestor, dominant, subordinate in
            let result = TextMerger().mergeWithOrigins(String(dominant), withSubordinate: String(subordinate), commonAncestor: String(ancestor))
            #expect(merge(String(dominant), String(subordinate), ancestor: String(ancestor)) == result.text)
            for (first, second) in zip(result.segments, result.segments.dropFirst()) {
                #expect(first.origin != second.origin)
            }
            #expect(result.segments.allSatisfy { !$0.text.isEmpty })
        }
    }

    @Test("edits on either side of an untouched line never disturb each other")
    func separatedEditsAreIndependent() async {
        await propertyCheck(input: textGenerator, textGenerator, editsGenerator, editsGenerator) { first, second, dominantEdits, subordinateEdits in
            let separator = "\n§§ untouched §§\n"
            let ancestor = String(first) + separator + String(second)
            let dominant = String(TextEdits.apply(dominantEdits, to: first)) + separator + String(second)
            let subordinate = String(first) + separator + String(TextEdits.apply(subordinateEdits, to: second))
            let expected = String(TextEdits.apply(dominantEdits, to: first)) + separator + String(TextEdits.apply(subordinateEdits, to: second))
            #expect(merge(dominant, subordinate, ancestor: ancestor) == expected)
        }
    }

    @Test("edits right next to each other, on either side of one untouched character, never disturb each other")
    func adjacentEditsAreIndependent() async {
        await propertyCheck(input: textGenerator, textGenerator, editsGenerator, editsGenerator) { first, second, dominantEdits, subordinateEdits in
            let ancestor = String(first) + "§" + String(second)
            let dominant = String(TextEdits.apply(dominantEdits, to: first)) + "§" + String(second)
            let subordinate = String(first) + "§" + String(TextEdits.apply(subordinateEdits, to: second))
            let expected = String(TextEdits.apply(dominantEdits, to: first)) + "§" + String(TextEdits.apply(subordinateEdits, to: second))
            #expect(merge(dominant, subordinate, ancestor: ancestor).map { Array($0.unicodeScalars) } == Array(expected.unicodeScalars))
        }
    }

    @Test("merging is deterministic")
    func deterministic() async {
        await propertyCheck(count: 50, input: textGenerator, textGenerator, textGenerator) { ancestor, dominant, subordinate in
            let once = merge(String(dominant), String(subordinate), ancestor: String(ancestor))
            let again = merge(String(dominant), String(subordinate), ancestor: String(ancestor))
            #expect(once == again)
        }
    }
}

/// Ancestor byte offsets outside every hunk.
private func keptRanges(count: Int, _ hunks: [DiffHunk]) -> Set<Int> {
    var kept = Set(0..<count)
    for hunk in hunks { kept.subtract(hunk.ancestor) }
    return kept
}

private func isSubsequence(_ needle: [UInt8], of haystack: [UInt8]) -> Bool {
    var index = needle.startIndex
    for byte in haystack where index < needle.endIndex && needle[index] == byte { index += 1 }
    return index == needle.endIndex
}

private func containsRun(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard needle.count <= haystack.count else { return false }
    return (0...(haystack.count - needle.count)).contains { start in haystack[start..<(start + needle.count)].elementsEqual(needle) }
}
