import ForkedEditCore
import ForkedPostgres
import Foundation

/// Edit → visible on another device, through a PostgreSQL server: two devices (in this process,
/// each with its own repository and state) on one document. The first types one short insertion
/// at a random place at a time; each is timed until the second device's main holds it, the
/// editor's upload spacing (150 ms) in force. Also the payload bytes uploaded per keystroke.
struct SyncLatencyBenchmark {
    /// The baseline document, measured in the same run: a small text, where a keystroke costs
    /// what the round trip through the server costs.
    static let baselineSize = 10_000
    /// The document the issue's goals are about.
    static let sizes = [baselineSize, 1_000_000]
    /// Keystrokes timed per document.
    static let edits = 40
    /// The editor's shortest time between uploads.
    static let uploadDelay = Duration.milliseconds(150)

    static let title = """
    Sync through PostgreSQL on loopback: edit → visible on another device, \(edits) one-insertion edits per document, \
    uploads at most every \(Int(Timing.milliseconds(uploadDelay))) ms (the editor's setting); \
    "vs 10 KB" is the ratio to the same figure on a 10 KB document in this run
    """

    let settings: PostgresSettings

    func run() async throws -> [BenchmarkRow] {
        var rows: [BenchmarkRow] = []
        var baseline: (p50: Double, p99: Double)?
        for size in Self.sizes {
            let measured = try await measure(size: size)
            let p50 = Timing.percentile(measured.latencies, 0.5)
            let p99 = Timing.percentile(measured.latencies, 0.99)
            if size == Self.baselineSize { baseline = (p50, p99) }
            let label = BenchmarkOptions.label(size)
            rows.append(BenchmarkRow(
                name: "edit → visible on the other device, p50", size: label, milliseconds: p50, reference: baseline?.p50,
                note: "goal < 100 ms: \(p50 < 100 ? "met" : "MISSED")"
            ))
            rows.append(BenchmarkRow(
                name: "edit → visible on the other device, p99", size: label, milliseconds: p99, reference: baseline?.p99,
                note: "goal < 300 ms: \(p99 < 300 ? "met" : "MISSED"); max \(ResultTable.format(measured.latencies.max() ?? .nan, decimals: 1)) ms"
            ))
            let perKeystroke = Double(measured.bytes) / Double(Self.edits)
            rows.append(BenchmarkRow(
                name: "bytes uploaded per keystroke", size: label, milliseconds: .nan,
                note: "\(ResultTable.format(perKeystroke, decimals: 0)) B in \(measured.uploads) commits (goal < 1 KB: \(perKeystroke < 1024 ? "met" : "MISSED"))"
            ))
        }
        return rows
    }

    private func measure(size: Int) async throws -> (latencies: [Double], bytes: Int, uploads: Int) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("forked-bench-sync-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        let document = "forked-bench-latency-\(UUID().uuidString.prefix(8))"
        let typing = try SyncBenchDevice(
            directory: root.appendingPathComponent("typing"), document: document, settings: settings, uploadDelay: Self.uploadDelay
        )
        let watching = try SyncBenchDevice(
            directory: root.appendingPathComponent("watching"), document: document, settings: settings, uploadDelay: Self.uploadDelay
        )
        // Lines of 80 bytes, so that every insertion has words on both sides.
        let line = "lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor in\n"
        let lineCount = max(size / line.utf8.count, 1)
        let initial = String(repeating: line, count: lineCount)
        try typing.editInFork { $0 = initial }
        typing.exchange.start()
        watching.exchange.start()
        let outcome: Result<(latencies: [Double], bytes: Int, uploads: Int), any Error>
        do {
            outcome = .success(try await timeEdits(from: typing, to: watching, initial: initial, line: line))
        } catch {
            outcome = .failure(error)
        }
        await typing.exchange.stop()
        await watching.exchange.stop()
        return try outcome.get()
    }

    private func timeEdits(
        from typing: SyncBenchDevice, to watching: SyncBenchDevice, initial: String, line: String
    ) async throws -> (latencies: [Double], bytes: Int, uploads: Int) {
        let lineCount = initial.utf8.count / line.utf8.count
        guard try await SyncBenchDevice.wait(upTo: .seconds(60), until: { try watching.text.utf8.count == initial.utf8.count }) else {
            throw SyncBenchError("the second device never received the document (is the server at \(settings) reachable?)")
        }
        guard try await SyncBenchDevice.wait(upTo: .seconds(10), until: { !typing.exchange.status.hasPendingChanges }) else {
            throw SyncBenchError("the first upload never finished")
        }
        let bytesBefore = typing.exchange.status.payloadBytesUploaded
        let uploadsBefore = typing.exchange.status.uploads
        var generator = SystemRandomNumberGenerator()
        let clock = ContinuousClock()
        var latencies: [Double] = []
        for index in 0..<Self.edits {
            let marker = "§\(index)§"
            let offset = Int.random(in: 0..<lineCount, using: &generator) * line.utf8.count + 6
            let typed = clock.now
            try typing.editInFork { text in
                text.insert(contentsOf: marker, at: text.utf8.index(text.utf8.startIndex, offsetBy: min(offset, text.utf8.count)))
            }
            guard try await SyncBenchDevice.wait(upTo: .seconds(30), until: { TextSearch.contains(try watching.text, marker) }) else {
                throw SyncBenchError("edit \(index) never reached the other device")
            }
            latencies.append(Timing.milliseconds(clock.now - typed))
            // A pause as between a person's keystrokes, so that each goes up on its own.
            try await Task.sleep(for: .milliseconds(50))
        }
        _ = try await SyncBenchDevice.wait(upTo: .seconds(10), until: { !typing.exchange.status.hasPendingChanges })
        let status = typing.exchange.status
        return (latencies, status.payloadBytesUploaded - bytesBefore, status.uploads - uploadsBefore)
    }
}

/// A sync benchmark that could not be measured, and why.
struct SyncBenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
