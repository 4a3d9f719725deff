@testable import ForkedMerge
import PropertyBased
import Testing

private let textGenerator = Gen<Character?>.element(of: TextEdits.pool).map { $0 ?? "a" }.array(of: 0...40)
private let editsGenerator = Gen.int(in: 0...1_000_000).array(of: 0...6)

/// The ancestor rebuilt from a merge: its ancestor text outside conflicts (inside one, both
/// versions may keep a piece of it) with each deletion put back where it stood (before the
/// merged text at its offset).
private func ancestorRebuilt(from result: TextMergeResult) -> [UInt8] {
    let conflicts = result.conflicts.map(\.utf8Range)
    var rebuilt: [UInt8] = []
    var next = 0
    var offset = 0
    func putBack(upTo end: Int) {
        while next < result.deletions.count, result.deletions[next].utf8Offset <= end {
            rebuilt += Array(result.deletions[next].text.utf8)
            next += 1
        }
    }
    for segment in result.segments {
        let bytes = Array(segment.text.utf8)
        for (index, byte) in bytes.enumerated() {
            putBack(upTo: offset + index)
            let inConflict = conflicts.contains { $0.contains(offset + index) }
            if segment.origin == .ancestor, !inConflict { rebuilt.append(byte) }
        }
        offset += bytes.count
    }
    putBack(upTo: Int.max)
    return rebuilt
}

@Suite("What a merge deleted")
struct TextMergeDeletionTests {
    @Test("a line each side deleted is reported with the side, where it stood")
    func deletedLines() {
        let result = TextMerger().mergeWithOrigins(
            "one\nthree\nfour\n", withSubordinate: "one\ntwo\nthree\n", commonAncestor: "one\ntwo\nthree\nfour\n"
        )
        #expect(result.text == "one\nthree\n")
        #expect(result.deletions == [
            TextMergeDeletion(utf8Offset: 4, text: "two\n", side: .dominant),
            TextMergeDeletion(utf8Offset: 10, text: "four\n", side: .subordinate),
        ])
    }

    @Test("replaced text is reported before its replacement; text both removed is both sides'")
    func replacements() {
        let result = TextMerger().mergeWithOrigins("the dog sat", withSubordinate: "the cat", commonAncestor: "the cat sat")
        #expect(result.text == "the dog")
        // Both stood after "the "; the merge does not know where in "dog" the other side's deletion falls.
        #expect(result.deletions == [
            TextMergeDeletion(utf8Offset: 4, text: "cat", side: .dominant),
            TextMergeDeletion(utf8Offset: 4, text: " sat", side: .subordinate),
        ])
        let both = TextMerger().mergeWithOrigins("a c", withSubordinate: "a c", commonAncestor: "a b c")
        #expect(both.deletions.map(\.side) == [.both])
        #expect(both.deletions.map(\.text).joined() == "b ")
    }

    @Test("the merge's ancestor text with its deletions put back is the ancestor")
    func rebuildsTheAncestor() async {
        await propertyCheck(input: textGenerator, editsGenerator, editsGenerator) { ancestorCharacters, dominantEdits, subordinateEdits in
            let ancestor = String(ancestorCharacters)
            let dominant = String(TextEdits.apply(dominantEdits, to: ancestorCharacters))
            let subordinate = String(TextEdits.apply(subordinateEdits, to: ancestorCharacters))
            let result = TextMerger().mergeWithOrigins(dominant, withSubordinate: subordinate, commonAncestor: ancestor)
            #expect(ancestorRebuilt(from: result) == Array(ancestor.utf8), "\(ancestor.debugDescription) \(dominant.debugDescription) \(subordinate.debugDescription)")
            #expect(result.deletions.allSatisfy { !$0.text.isEmpty && $0.utf8Offset <= result.text.utf8.count })
            #expect(zip(result.deletions, result.deletions.dropFirst()).allSatisfy { $0.utf8Offset <= $1.utf8Offset })
        }
    }
}
