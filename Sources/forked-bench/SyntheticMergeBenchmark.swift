import ForkedMerge

/// Times TextMerger against `git merge-file -p` on generated texts of the requested sizes.
struct SyntheticMergeBenchmark {
    var options: BenchmarkOptions

    /// Measures every size and returns the rows (git first, then TextMerger, per size).
    func run() throws -> [BenchmarkRow] {
        var rows: [BenchmarkRow] = []
        let gitAvailable = GitMergeFile.isAvailable
        for size in options.sizes {
            var generator = TextGenerator(seed: UInt64(size))
            let ancestorBytes = generator.text(size: size)
            let (dominantBytes, subordinateBytes) = generator.concurrentEdits(of: ancestorBytes)
            let ancestor = String(decoding: ancestorBytes, as: UTF8.self)
            let dominant = String(decoding: dominantBytes, as: UTF8.self)
            let subordinate = String(decoding: subordinateBytes, as: UTF8.self)
            let label = BenchmarkOptions.label(size)

            var gitTime: Double? = nil
            if gitAvailable {
                let git = try GitMergeFile(ancestor: ancestorBytes, dominant: dominantBytes, subordinate: subordinateBytes)
                defer { git.cleanUp() }
                try git.run()   // warm-up: page cache, process start-up paths
                let time = try Timing.medianMilliseconds(runs: options.runs) { try git.run() }
                gitTime = time
                rows.append(BenchmarkRow(name: "git merge-file -p (process)", size: label, milliseconds: time, reference: time))
            }
            let merger = TextMerger()
            var merged = try merger.merge(dominant, withSubordinate: subordinate, commonAncestor: ancestor)
            let mergeTime = try Timing.medianMilliseconds(runs: options.runs) {
                merged = try merger.merge(dominant, withSubordinate: subordinate, commonAncestor: ancestor)
            }
            let megabytesPerSecond = Double(ancestorBytes.count) / 1_000_000 / (mergeTime / 1_000)
            rows.append(BenchmarkRow(
                name: "TextMerger.merge (in-process)", size: label, milliseconds: mergeTime, reference: gitTime,
                note: "\(ResultTable.format(megabytesPerSecond, decimals: 1)) MB/s, result \(merged.utf8.count) bytes"
            ))
            let originsTime = Timing.medianMilliseconds(runs: options.runs) {
                _ = merger.mergeWithOrigins(dominant, withSubordinate: subordinate, commonAncestor: ancestor)
            }
            rows.append(BenchmarkRow(name: "TextMerger.mergeWithOrigins", size: label, milliseconds: originsTime, reference: gitTime))
        }
        return rows
    }
}
