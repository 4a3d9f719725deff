import ForkedMerge

/// Times TextMerger against `git merge-file -p` on generated texts of the requested sizes.
struct SyntheticMergeBenchmark {
    var options: BenchmarkOptions

    /// Measures every size and returns the rows (git first, then TextMerger, per size).
    func run() throws -> [BenchmarkRow] {
        var rows: [BenchmarkRow] = []
        for size in options.sizes {
            var generator = TextGenerator(seed: UInt64(size))
            let ancestor = generator.text(size: size)
            let (dominant, subordinate) = generator.concurrentEdits(of: ancestor)
            let triple = MergeInput(ancestor: ancestor, dominant: dominant, subordinate: subordinate, label: BenchmarkOptions.label(size))
            rows += try triple.measure(runs: options.runs)
        }
        return rows
    }
}

/// One three-way merge input, measured with git and with TextMerger.
struct MergeInput {
    var ancestor: [UInt8]
    var dominant: [UInt8]
    var subordinate: [UInt8]
    /// Size label for the table.
    var label: String

    /// Rows for `git merge-file -p` (when git is available), `TextMerger.merge` and
    /// `TextMerger.mergeWithOrigins`, each the median of `runs` runs.
    func measure(runs: Int) throws -> [BenchmarkRow] {
        var rows: [BenchmarkRow] = []
        var gitTime: Double? = nil
        if GitMergeFile.isAvailable {
            let git = try GitMergeFile(ancestor: ancestor, dominant: dominant, subordinate: subordinate)
            defer { git.cleanUp() }
            try git.run()   // warm-up: page cache, process start-up paths
            let time = try Timing.medianMilliseconds(runs: runs) { try git.run() }
            gitTime = time
            rows.append(BenchmarkRow(name: "git merge-file -p (process)", size: label, milliseconds: time, reference: time))
            rows.append(try ForkedEditMergeProcess.row(on: git, label: label, runs: runs, gitTime: time))
        }
        let ancestorText = String(decoding: ancestor, as: UTF8.self)
        let dominantText = String(decoding: dominant, as: UTF8.self)
        let subordinateText = String(decoding: subordinate, as: UTF8.self)
        let merger = TextMerger()
        var merged = try merger.merge(dominantText, withSubordinate: subordinateText, commonAncestor: ancestorText)
        let mergeTime = try Timing.medianMilliseconds(runs: runs) {
            merged = try merger.merge(dominantText, withSubordinate: subordinateText, commonAncestor: ancestorText)
        }
        let megabytesPerSecond = Double(ancestor.count) / 1_000_000 / (mergeTime / 1_000)
        rows.append(BenchmarkRow(
            name: "TextMerger.merge (in-process)", size: label, milliseconds: mergeTime, reference: gitTime,
            note: "\(ResultTable.format(megabytesPerSecond, decimals: 1)) MB/s, result \(merged.utf8.count) bytes"
        ))
        var origins = merger.mergeWithOrigins(dominantText, withSubordinate: subordinateText, commonAncestor: ancestorText)
        let originsTime = Timing.medianMilliseconds(runs: runs) {
            origins = merger.mergeWithOrigins(dominantText, withSubordinate: subordinateText, commonAncestor: ancestorText)
        }
        // `merge` refines fewer lines than `mergeWithOrigins`; the two must still agree.
        guard origins.text == merged else { throw BenchmarkFailure("TextMerger.merge and mergeWithOrigins give different texts at \(label)") }
        rows.append(BenchmarkRow(name: "TextMerger.mergeWithOrigins", size: label, milliseconds: originsTime, reference: gitTime))
        return rows
    }
}
