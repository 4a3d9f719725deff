/// Generates deterministic English-like text and concurrent edits of it for merge benchmarks.
struct TextGenerator {
    /// Edits are spread about this many characters apart on each side.
    static let editSpacing = 200

    private var random: SplitMix64
    private let vocabulary: [[UInt8]]

    /// Creates a generator; the same seed always yields the same texts.
    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
        let onsets = ["b", "c", "d", "f", "g", "h", "l", "m", "n", "p", "r", "s", "t", "v", "w", "th", "st", "pr", "gr", "ch"]
        let vowels = ["a", "e", "i", "o", "u", "ea", "ou", "ai"]
        let codas = ["", "n", "r", "s", "t", "l", "nd", "st", "ng"]
        var words: [[UInt8]] = ["the", "a", "of", "and", "to", "in", "is", "it", "that", "was"].map { Array($0.utf8) }
        var vocabularyRandom = SplitMix64(seed: 0x5EED)
        while words.count < 2_000 {
            let syllables = Int.random(in: 1...3, using: &vocabularyRandom)
            var word = ""
            for _ in 0..<syllables {
                word += onsets.randomElement(using: &vocabularyRandom) ?? "b"
                word += vowels.randomElement(using: &vocabularyRandom) ?? "a"
                word += codas.randomElement(using: &vocabularyRandom) ?? ""
            }
            words.append(Array(word.utf8))
        }
        vocabulary = words
    }

    /// A text of about `size` bytes: sentences of random words, wrapped into lines of about 70 characters.
    mutating func text(size: Int) -> [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(size + 100)
        var lineLength = 0
        var startOfSentence = true
        while text.count < size {
            var word = randomWord()
            if startOfSentence, let first = word.first, first >= 0x61 { word[0] = first - 0x20 }
            startOfSentence = false
            text.append(contentsOf: word)
            lineLength += word.count
            if Int.random(in: 0..<12, using: &random) == 0 {
                text.append(0x2E)   // "."
                lineLength += 1
                startOfSentence = true
            }
            if lineLength > 70 {
                text.append(0x0A)
                lineLength = 0
            } else {
                text.append(0x20)
                lineLength += 1
            }
        }
        text.append(0x0A)
        return text
    }

    /// Two concurrent edits of `ancestor`, each with an edit about every ``editSpacing`` characters
    /// (insertions, deletions and replacements); about one edit in ten overlaps the other side's.
    mutating func concurrentEdits(of ancestor: [UInt8]) -> (dominant: [UInt8], subordinate: [UInt8]) {
        var dominantPositions: [Int] = []
        var position = Int.random(in: 0..<TextGenerator.editSpacing, using: &random)
        while position < ancestor.count {
            dominantPositions.append(position)
            position += Int.random(in: (TextGenerator.editSpacing / 2)...(TextGenerator.editSpacing * 3 / 2), using: &random)
        }
        var subordinatePositions: [Int] = []
        position = Int.random(in: 0..<TextGenerator.editSpacing, using: &random)
        while position < ancestor.count {
            subordinatePositions.append(position)
            position += Int.random(in: (TextGenerator.editSpacing / 2)...(TextGenerator.editSpacing * 3 / 2), using: &random)
        }
        // Make some subordinate edits land on the dominant side's to exercise conflicts.
        for index in subordinatePositions.indices where Int.random(in: 0..<10, using: &random) == 0 {
            if let near = nearest(to: subordinatePositions[index], in: dominantPositions) {
                subordinatePositions[index] = min(ancestor.count - 1, near + Int.random(in: 0...3, using: &random))
            }
        }
        return (applyEdits(to: ancestor, at: dominantPositions), applyEdits(to: ancestor, at: subordinatePositions.sorted()))
    }

    /// The element of the sorted `positions` closest to `target`, by binary search.
    private func nearest(to target: Int, in positions: [Int]) -> Int? {
        var low = 0
        var high = positions.count
        while low < high {
            let mid = (low + high) / 2
            if positions[mid] < target { low = mid + 1 } else { high = mid }
        }
        let candidates = [low - 1, low].filter { positions.indices.contains($0) }.map { positions[$0] }
        return candidates.min { abs($0 - target) < abs($1 - target) }
    }

    private mutating func applyEdits(to ancestor: [UInt8], at positions: [Int]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(ancestor.count + ancestor.count / 20)
        var cursor = 0
        for position in positions where position >= cursor {
            result.append(contentsOf: ancestor[cursor..<position])
            cursor = position
            switch Int.random(in: 0..<3, using: &random) {
            case 0:  // insert a word or two
                for _ in 0..<Int.random(in: 1...2, using: &random) {
                    result.append(contentsOf: randomWord())
                    result.append(0x20)
                }
            case 1:  // delete a few characters
                cursor = min(ancestor.count, cursor + Int.random(in: 1...12, using: &random))
            default:  // replace a few characters by a word
                cursor = min(ancestor.count, cursor + Int.random(in: 1...8, using: &random))
                result.append(contentsOf: randomWord())
            }
        }
        result.append(contentsOf: ancestor[cursor...])
        return result
    }

    private mutating func randomWord() -> [UInt8] {
        // Skewed towards the first words, like natural word frequencies.
        let index = min(vocabulary.count - 1, Int(Double(vocabulary.count) * pow6(Double.random(in: 0..<1, using: &random))))
        return vocabulary[index]
    }

    private func pow6(_ x: Double) -> Double { x * x * x * x * x * x }
}
