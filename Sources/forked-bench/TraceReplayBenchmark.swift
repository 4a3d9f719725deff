import ForkedMerge
import Foundation

/// Merges the real three-way triples extracted from the editing-traces collection and
/// reports throughput and how many merges reproduce what the original editors converged to.
struct TraceReplayBenchmark {
    /// Attribution required by the traces' licence, printed with every result.
    static let attribution = """
    Data: editing-traces by Joseph Gentle and contributors (https://github.com/josephg/editing-traces), \
    licensed CC BY 4.0; the automerge-paper trace originates from automerge-perf, also CC BY 4.0.
    """

    /// One merge triple of a `real-merges-*.jsonl.gz` file.
    struct Triple: Decodable {
        var ancestor: String
        var dominant: String
        var subordinate: String
        var expectedAnyOf: [String]

        enum CodingKeys: String, CodingKey {
            case ancestor, dominant, subordinate
            case expectedAnyOf = "expected_any_of"
        }
    }

    var options: BenchmarkOptions

    /// The traces folder, looked for relative to the current directory: shared/corpus/traces,
    /// ../shared/corpus/traces or ../shared/traces.
    static func tracesDirectory() -> URL? {
        let current = FileManager.default.currentDirectoryPath
        let candidates = [
            "\(current)/shared/corpus/traces", "\(current)/../shared/corpus/traces", "\(current)/../shared/traces",
        ]
        return candidates.map { URL(fileURLWithPath: $0).standardizedFileURL }
            .first { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// Replays every `real-merges-*.jsonl.gz` file found; returns no rows when none exist.
    func run() throws -> [BenchmarkRow] {
        guard let directory = TraceReplayBenchmark.tracesDirectory() else { return [] }
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasPrefix("real-merges-") && $0.hasSuffix(".jsonl.gz") }
            .sorted()
        var rows: [BenchmarkRow] = []
        for file in files {
            let triples = try load(directory.appendingPathComponent(file))
            let merger = TextMerger()
            var matched = 0
            for triple in triples {
                let merged = try merger.merge(triple.dominant, withSubordinate: triple.subordinate, commonAncestor: triple.ancestor)
                if triple.expectedAnyOf.contains(where: { Array($0.unicodeScalars) == Array(merged.unicodeScalars) }) { matched += 1 }
            }
            let time = try Timing.medianMilliseconds(runs: options.runs) {
                for triple in triples {
                    _ = try merger.merge(triple.dominant, withSubordinate: triple.subordinate, commonAncestor: triple.ancestor)
                }
            }
            let bytes = triples.reduce(0) { $0 + $1.ancestor.utf8.count }
            let megabytesPerSecond = Double(bytes) / 1_000_000 / (time / 1_000)
            rows.append(BenchmarkRow(
                name: "TextMerger \(file.dropLast(".jsonl.gz".count))", size: "\(triples.count) merges",
                milliseconds: time, reference: nil,
                note: "\(ResultTable.format(megabytesPerSecond, decimals: 1)) MB/s, \(matched)/\(triples.count) match expected"
            ))
        }
        return rows
    }

    /// The bytes of a gzipped file, decompressed with `gzip -dc`.
    static func decompress(_ file: URL) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", "-dc", file.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data
    }

    /// Decompresses a gzipped JSON-lines file and decodes its triples.
    private func load(_ file: URL) throws -> [Triple] {
        let data = try TraceReplayBenchmark.decompress(file)
        let decoder = JSONDecoder()
        return try data.split(separator: UInt8(ascii: "\n")).filter { !$0.isEmpty }.map {
            try decoder.decode(Triple.self, from: Data($0))
        }
    }
}
