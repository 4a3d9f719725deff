/// Edit patterns that defeat a merge's shortcuts, timed against `git merge-file -p` on the same
/// input: every line changed on both sides, both sides reordering every line, and dense edits
/// of short lines (issue: no input over 3x git's time plus 50 ms).
struct WorstCaseMergeBenchmark {
    /// Lines per text.
    var lines = 30_000
    var runs: Int

    /// The three patterns' rows: git, the `forked-edit merge` process, and the merge in process.
    func run() throws -> [BenchmarkRow] {
        var rows: [BenchmarkRow] = []
        for pattern in Pattern.allCases {
            var generator = SplitMix64(seed: 0x3A57 &+ UInt64(lines))
            let ancestor = pattern.ancestor(lines: lines, using: &generator)
            let (dominant, subordinate) = pattern.sides(of: ancestor, using: &generator)
            let input = MergeInput(
                ancestor: Self.text(ancestor), dominant: Self.text(dominant), subordinate: Self.text(subordinate),
                label: "\(pattern.rawValue), \(lines / 1_000)k lines"
            )
            rows += try input.measure(runs: runs)
        }
        return rows
    }

    private static func text(_ lines: [String]) -> [UInt8] { Array((lines.joined(separator: "\n") + "\n").utf8) }

    enum Pattern: String, CaseIterable {
        /// Each side appends its own word to every line: one conflict per line for git.
        case appendToEveryLine = "every line appended"
        /// One side reverses the lines, the other shuffles them.
        case reversedAndShuffled = "reversed / shuffled"
        /// A third of the lines, one word each, replaced on each side.
        case denseShortLines = "dense short lines"

        private static let words = ["alpha", "beta", "gamma", "delta", "pi", "nu", "xi", "tau", "rho", "mu"]

        func ancestor(lines: Int, using generator: inout SplitMix64) -> [String] {
            switch self {
            case .denseShortLines:
                return (0..<lines).map { _ in Self.words.randomElement(using: &generator) ?? "" }
            case .appendToEveryLine, .reversedAndShuffled:
                return (0..<lines).map { index in
                    "line \(index) " + (0..<5).map { _ in Self.words.randomElement(using: &generator) ?? "" }.joined(separator: " ")
                }
            }
        }

        func sides(of ancestor: [String], using generator: inout SplitMix64) -> ([String], [String]) {
            switch self {
            case .appendToEveryLine:
                return (ancestor.map { $0 + " A" }, ancestor.map { $0 + " B" })
            case .reversedAndShuffled:
                return (ancestor.reversed(), ancestor.shuffled(using: &generator))
            case .denseShortLines:
                func edited(_ mark: String) -> [String] {
                    ancestor.map { line in
                        Int.random(in: 0..<10, using: &generator) < 3 ? (Self.words.randomElement(using: &generator) ?? "") + mark : line
                    }
                }
                return (edited("a"), edited("b"))
            }
        }
    }
}
