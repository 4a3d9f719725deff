import ForkedEditCore

/// A deterministic stream of editor keys, mixed the way someone edits: words typed one key at
/// a time, Backspace, arrow moves, page jumps, Home/End, Enter, and Tab between the two panes.
struct EditorKeyScript {
    /// What the keys do.
    enum Style {
        /// Everything an editing session holds, spread over the document by page jumps.
        case mixed
        /// Typing on one line: words, Backspace and Left/Right only, so a single long line stays
        /// one line and the cursor stays near where it started (its end, in the benchmark).
        case oneLine
    }

    /// How many keys of each kind the script holds.
    struct Mix {
        var typed = 0
        var backspaces = 0
        var moves = 0
        var enters = 0
        var paneSwitches = 0

        /// The counts in a few words, for a table note.
        var summary: String {
            "\(typed) typed, \(backspaces) backspace, \(moves) moves, \(enters) enter, \(paneSwitches) tab"
        }
    }

    /// The keys, in order.
    let keys: [Key]
    /// What they are.
    let mix: Mix

    private static let words = [
        "the", "merge", "keeps", "both", "edits", "while", "each", "fork", "types", "on", "its", "own",
        "pane", "and", "nothing", "is", "lost", "when", "they", "meet", "again", "later", "today",
    ]

    /// A script of exactly `count` keys; the same seed always gives the same keys.
    init(count: Int, seed: UInt64, style: Style = .mixed) {
        var random = SplitMix64(seed: seed)
        var keys: [Key] = []
        keys.reserveCapacity(count + 32)
        while keys.count < count {
            let roll = Int.random(in: 0..<100, using: &random)
            if style == .oneLine, roll >= 62 {
                // Moves stay on the line: a step or two back and forth, so typing resumes near the end.
                let steps = Int.random(in: 1...3, using: &random)
                keys += Array(repeating: Key.left, count: steps) + Array(repeating: Key.right, count: steps)
                continue
            }
            switch roll {
            case 0..<50:
                let word = EditorKeyScript.words.randomElement(using: &random) ?? "word"
                for character in word + " " { keys.append(.text(String(character))) }
            case 50..<62:
                let deletions = Int.random(in: 1...4, using: &random)
                keys += Array(repeating: .backspace, count: deletions)
            case 62..<80:
                let arrow: Key = [.left, .right, .up, .down].randomElement(using: &random) ?? .down
                let steps = Int.random(in: 1...6, using: &random)
                keys += Array(repeating: arrow, count: steps)
            case 80..<85:
                // Page jumps carry the editing deeper into the document over the script, so
                // later keys are timed far from the first line, where scrolling costs most.
                let downward = Int.random(in: 0..<3, using: &random) > 0
                let steps = downward ? Int.random(in: 1...20, using: &random) : Int.random(in: 1...5, using: &random)
                keys += Array(repeating: downward ? .pageDown : .pageUp, count: steps)
            case 85..<88:
                keys.append(Bool.random(using: &random) ? .home : .end)
            case 88..<94:
                keys.append(.enter)
            default:
                keys.append(.tab)
            }
        }
        // The last burst may overshoot its share; the mix is counted on what is kept.
        self.keys = Array(keys.prefix(count))
        self.mix = EditorKeyScript.count(self.keys)
    }

    private static func count(_ keys: [Key]) -> Mix {
        var mix = Mix()
        for key in keys {
            switch key {
            case .text: mix.typed += 1
            case .backspace: mix.backspaces += 1
            case .enter: mix.enters += 1
            case .tab: mix.paneSwitches += 1
            default: mix.moves += 1
            }
        }
        return mix
    }
}
