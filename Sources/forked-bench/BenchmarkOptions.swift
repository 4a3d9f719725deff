import Foundation

/// Command-line options of forked-bench.
struct BenchmarkOptions {
    /// Text sizes to benchmark, in bytes.
    var sizes: [Int] = [10_000, 100_000, 1_000_000, 10_000_000]
    /// Runs per measurement; the median is reported.
    var runs = 5
    /// Whether to replay the real merges of the editing traces when they are present.
    var replayTraces = true
    /// Whether to measure the editor's journal and reopen costs (PersistenceBenchmark).
    var persistence = true
    /// Whether to measure only those.
    var persistenceOnly = false
    /// Whether to time editor keystrokes (EditorKeystrokeBenchmark).
    var editor = true
    /// Whether to time only those.
    var editorOnly = false
    /// Whether to record the automerge-paper trace as a history (HistoryBenchmark).
    var history = true
    /// Whether to measure only that.
    var historyOnly = false
    /// The PostgreSQL server to measure sync through (`--sync URL` or `FORKED_BENCH_SYNC`); no sync rows without one.
    var syncURL: String? = ProcessInfo.processInfo.environment["FORKED_BENCH_SYNC"].flatMap { $0.isEmpty ? nil : $0 }
    /// Whether to measure only sync.
    var syncOnly = false
    /// Crowd sizes for the many-devices sync benchmark.
    var syncDevices = SyncCrowdBenchmark.defaultCounts
    /// Files to merge instead of generated texts: dominant, ancestor, subordinate (git's order).
    var files: (dominant: String, ancestor: String, subordinate: String)? = nil

    /// Usage text for `--help` and for bad arguments.
    static let usage = """
    usage: forked-bench [--sizes 10k,100k,1m,10m] [--runs N] [--no-traces] [--files DOMINANT ANCESTOR SUBORDINATE]
                        [--no-editor | --editor-only] [--no-persistence | --persistence-only]
                        [--no-history | --history-only] [--sync URL [--sync-only] [--sync-devices 10,50]]
      --sizes  comma-separated text sizes (suffix k or m), default 10k,100k,1m,10m
      --runs   runs per measurement, the median is reported (default 5)
      --no-traces  skip the replay of real merges from the editing traces
      --no-editor    skip the editor keystroke timings
      --editor-only  time only the editor keystrokes
      --files  merge these three files (in git merge-file's order) instead of generated texts
      --no-persistence    skip the editor's journal and reopen costs
      --persistence-only  measure only the editor's journal and reopen costs
      --no-history        skip recording the automerge-paper trace as a history
      --history-only      measure only that (needs the editing traces)
      --sync URL          measure sync through this PostgreSQL server (postgres://user:password@host:port/db;
                          or FORKED_BENCH_SYNC): latency between two devices, and N processes on one document
      --sync-only         measure only sync
      --sync-devices      comma-separated crowd sizes (default 10,50)
    """

    /// An argument forked-bench does not understand.
    struct ParseError: Error, CustomStringConvertible {
        var description: String
    }

    /// Parses `arguments` (without the program name).
    init(arguments: [String]) throws {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--sizes":
                guard let value = remaining.popFirst() else { throw ParseError(description: "--sizes needs a value") }
                sizes = try value.split(separator: ",").map { try BenchmarkOptions.size(String($0)) }
            case "--runs":
                guard let value = remaining.popFirst(), let runs = Int(value), runs > 0 else {
                    throw ParseError(description: "--runs needs a positive number")
                }
                self.runs = runs
            case "--files":
                guard let dominant = remaining.popFirst(), let ancestor = remaining.popFirst(), let subordinate = remaining.popFirst() else {
                    throw ParseError(description: "--files needs three paths: dominant ancestor subordinate")
                }
                files = (dominant, ancestor, subordinate)
            case "--no-traces":
                replayTraces = false
            case "--no-persistence":
                persistence = false
            case "--persistence-only":
                persistenceOnly = true
            case "--no-editor":
                editor = false
            case "--editor-only":
                editorOnly = true
            case "--no-history":
                history = false
            case "--history-only":
                historyOnly = true
            case "--sync":
                guard let value = remaining.popFirst(), !value.isEmpty else { throw ParseError(description: "--sync needs a postgres:// URL") }
                syncURL = value
            case "--sync-only":
                syncOnly = true
            case "--sync-devices":
                guard let value = remaining.popFirst() else { throw ParseError(description: "--sync-devices needs a value") }
                let counts = value.split(separator: ",").compactMap { Int($0) }
                guard !counts.isEmpty, counts.allSatisfy({ $0 >= 2 }), counts.count == value.split(separator: ",").count else {
                    throw ParseError(description: "--sync-devices needs comma-separated counts of at least 2")
                }
                syncDevices = counts
            case "--help", "-h":
                throw ParseError(description: BenchmarkOptions.usage)
            default:
                throw ParseError(description: "unknown argument \(argument)\n\(BenchmarkOptions.usage)")
            }
        }
    }

    /// Parses a size such as `10k`, `1m` or `2500`.
    static func size(_ text: String) throws -> Int {
        let lowered = text.lowercased()
        let multiplier: Int
        var digits = Substring(lowered)
        if lowered.hasSuffix("kb") || lowered.hasSuffix("k") {
            multiplier = 1_000
            digits = digits.dropLast(lowered.hasSuffix("kb") ? 2 : 1)
        } else if lowered.hasSuffix("mb") || lowered.hasSuffix("m") {
            multiplier = 1_000_000
            digits = digits.dropLast(lowered.hasSuffix("mb") ? 2 : 1)
        } else {
            multiplier = 1
        }
        guard let value = Int(digits), value > 0 else { throw ParseError(description: "bad size \(text)") }
        return value * multiplier
    }

    /// A short label for a size: "10 KB", "1 MB".
    static func label(_ size: Int) -> String {
        if size >= 1_000_000, size % 1_000_000 == 0 { return "\(size / 1_000_000) MB" }
        if size >= 1_000, size % 1_000 == 0 { return "\(size / 1_000) KB" }
        return "\(size) B"
    }
}
