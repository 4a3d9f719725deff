import ForkedHistory
import Foundation

/// The cost of keeping every version: the automerge-paper editing trace (259,778 edits) replayed
/// into a history on disk, one version per burst of edits, then reopened and read back.
struct HistoryBenchmark {
    let options: BenchmarkOptions
    /// Edits per recorded version: about five seconds of typing, the editor's longest gap
    /// between versions (the trace's own timestamps span under a second, so they cannot say).
    let editsPerVersion = 25
    /// Versions read back at random, cold, to time `show`.
    let samples = 200

    static let title = "History: the automerge-paper trace (259,778 edits) recorded as versions on disk"

    /// The trace file's shape: transactions of `[position, deleted, inserted]` patches in UTF-16 units.
    private struct Trace: Decodable {
        struct Transaction: Decodable {
            var patches: [Patch]
        }

        struct Patch: Decodable {
            var position: Int
            var deleted: Int
            var inserted: String

            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                position = try container.decode(Int.self)
                deleted = try container.decode(Int.self)
                inserted = try container.decode(String.self)
            }
        }

        var startContent: String
        var endContent: String
        var txns: [Transaction]
    }

    func run() throws -> [BenchmarkRow] {
        guard let directory = TraceReplayBenchmark.tracesDirectory() else { return [] }
        let traceFile = directory.appendingPathComponent("automerge-paper.json.gz")
        guard FileManager.default.fileExists(atPath: traceFile.path) else { return [] }
        let trace = try JSONDecoder().decode(Trace.self, from: TraceReplayBenchmark.decompress(traceFile))
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("forked-bench-history-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }

        // Record.
        let history = History<String>(store: try FileCommitStore(directory: scratch))
        var text = Array(trace.startContent.utf16)
        var edits = 0
        var versions = 0
        var recordTimes: [Double] = []
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        func record() throws {
            let value = String(decoding: text, as: UTF16.self)
            let began = ContinuousClock.now
            if try history.record(value, head: "main", time: start.addingTimeInterval(Double(versions) * 5)) != nil { versions += 1 }
            recordTimes.append(Timing.milliseconds(ContinuousClock.now - began))
        }
        for transaction in trace.txns {
            for patch in transaction.patches {
                text.replaceSubrange(patch.position..<(patch.position + patch.deleted), with: Array(patch.inserted.utf16))
                edits += 1
                if edits % editsPerVersion == 0 { try record() }
            }
        }
        try record()
        let finalText = String(decoding: text, as: UTF16.self)
        guard finalText == trace.endContent else { throw BenchmarkFailure("the replayed trace does not end with its endContent") }
        let recordTotal = recordTimes.reduce(0, +)
        let record = PersistenceBenchmark.Percentiles(recordTimes)

        // Size on disk against the text.
        let logBytes = (try FileManager.default.attributesOfItem(atPath: scratch.appendingPathComponent("commits.log").path)[.size] as? NSNumber)?
            .intValue ?? 0
        let textBytes = finalText.utf8.count

        // Open: a fresh store reads the log, then the newest version.
        var reopened: History<String>?
        let open = try Timing.medianMilliseconds(runs: options.runs) {
            let fresh = History<String>(store: try FileCommitStore(directory: scratch))
            let head = try fresh.resolve("@")
            guard try fresh.value(at: head) == finalText else { throw BenchmarkFailure("reopened history lost the last version") }
            reopened = fresh
        }

        // Show: random versions, each from a history with cold caches.
        guard let store = reopened?.store else { return [] }
        let ids = try store.allCommits().map(\.id)
        var generator = SplitMix64(seed: 7)
        var showTimes: [Double] = []
        for _ in 0..<samples {
            let id = ids[Int.random(in: 0..<ids.count, using: &generator)]
            let cold = History<String>(store: store)
            let began = ContinuousClock.now
            _ = try cold.value(at: id)
            showTimes.append(Timing.milliseconds(ContinuousClock.now - began))
        }
        let show = PersistenceBenchmark.Percentiles(showTimes)
        let commits = try store.allCommits()
        func bytes(ofKind kind: UInt8) -> (count: Int, bytes: Int) {
            commits.filter { $0.body.kind == kind }.reduce((0, 0)) { ($0.0 + 1, $0.1 + ($1.body.deltaBytes ?? $1.body.payload).count) }
        }
        let snapshots = bytes(ofKind: 0)
        let deltas = bytes(ofKind: 1)
        let anchored = bytes(ofKind: 2)
        let framingBytes = logBytes - snapshots.bytes - deltas.bytes - anchored.bytes
        let showMax = showTimes.max() ?? 0

        let label = "\(versions) versions"
        return [
            BenchmarkRow(name: "record a version (delta + digest + append + fdatasync)", size: label, milliseconds: record.p50,
                         note: record.note + ", all \(ResultTable.format(recordTotal / 1_000, decimals: 1)) s"),
            BenchmarkRow(name: "history on disk / final text", size: label, milliseconds: .nan,
                         note: "\(logBytes / 1_024) KB / \(textBytes / 1_024) KB = \(ResultTable.format(Double(logBytes) / Double(max(1, textBytes)), decimals: 2))x (goal < 10x)"),
            BenchmarkRow(name: "  of which snapshots / anchored / deltas / headers", size: label, milliseconds: .nan,
                         note: "\(snapshots.count) snapshots \(snapshots.bytes / 1_024) KB, \(anchored.count) anchored deltas "
                             + "\(anchored.bytes / 1_024) KB, deltas \(deltas.bytes / 1_024) KB, "
                             + "headers \(framingBytes / 1_024) KB (\(framingBytes / max(1, commits.count)) B per version)"),
            BenchmarkRow(name: "open history + newest version", size: label, milliseconds: open, note: "median of \(options.runs)"),
            BenchmarkRow(name: "show any version (cold)", size: label, milliseconds: show.p50,
                         note: show.note + ", max \(ResultTable.format(showMax, decimals: 3)) ms over \(samples) (goal < 20 ms)"),
        ]
    }
}

/// A benchmark whose own check failed.
struct BenchmarkFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
