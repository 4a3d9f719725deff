import ForkedMerge
import PropertyBased
import Testing

private let arrayGenerator = Gen.int(in: 0...6).array(of: 0...30)
private let editsGenerator = Gen.int(in: 0...1_000_000).array(of: 0...6)

/// Applies edits encoded as integers: each picks a position, a deletion length (0-3) and up to
/// three values to insert.
private func applying(_ codes: [Int], to ancestor: [Int]) -> [Int] {
    var array = ancestor
    for code in codes {
        let position = code % (array.count + 1)
        let deletion = min((code / 7) % 4, array.count - position)
        array.removeSubrange(position..<(position + deletion))
        array.insert(contentsOf: (0..<((code / 29) % 4)).map { (code / 113 + $0) % 9 }, at: position)
    }
    return array
}

private func merge(_ dominant: [Int], _ subordinate: [Int], ancestor: [Int]) -> [Int]? {
    try? ArrayMerger<Int>().merge(dominant, withSubordinate: subordinate, commonAncestor: ancestor)
}

@Suite("ArrayMerger properties")
struct ArrayMergerPropertyTests {
    @Test("an unchanged side yields the other; identical sides yield themselves")
    func identities() async {
        await propertyCheck(input: arrayGenerator, editsGenerator) { ancestor, edits in
            let edited = applying(edits, to: ancestor)
            #expect(merge(edited, ancestor, ancestor: ancestor) == edited)
            #expect(merge(ancestor, edited, ancestor: ancestor) == edited)
            #expect(merge(edited, edited, ancestor: ancestor) == edited)
        }
    }

    @Test("every value either side inserted appears in the merge")
    func insertionsSurvive() async {
        await propertyCheck(input: arrayGenerator, editsGenerator, editsGenerator) { ancestor, dominantEdits, subordinateEdits in
            // Values above 100 mark insertions so they can be told apart from ancestor values.
            let dominant = applying(dominantEdits, to: ancestor).map { ancestor.contains($0) ? $0 : $0 + 100 }
            let subordinate = applying(subordinateEdits, to: ancestor).map { ancestor.contains($0) ? $0 : $0 + 200 }
            let merged = merge(dominant, subordinate, ancestor: ancestor) ?? []
            for value in Set(dominant + subordinate) where value >= 100 {
                #expect(merged.contains(value))
            }
        }
    }
}
