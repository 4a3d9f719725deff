import ForkedEditCore
import ForkedPostgres
import Foundation

/// Edit → visible on another device, through a PostgreSQL server: two devices (in this process,
/// each with its own repository and state) on one document. The first types one short insertion
/// at a random place at a time; each is timed until the second device's main holds it, once
/// with the exchange's default pacing, as the editor runs it, and once with the pacing before.
/// Also the payload bytes uploaded per keystroke, and the uploads a device makes while typing
/// ten keys a second.
struct SyncLatencyBenchmark {
    /// The document sizes measured: a small text, where a keystroke costs what the round trip
    /// through the server costs, and a large one.
    static let sizes = [10_000, 1_000_000]
    /// Keystrokes timed per document.
    static let edits = 40
    /// The goals, in milliseconds, of an edit's way to the other device.
    static let goalP50 = 30.0
    static let goalP99 = 100.0

    static let title = """
    Sync through PostgreSQL on loopback: edit → visible on another device, \(edits) one-insertion edits per document, \
    each with this build's pacing (uploads at once unless one started within \
    \(Int(Timing.milliseconds(PostgresExchange<SyncBenchDevice.Repository>.Options().uploadDelay))) ms) and with the pacing \
    before (uploads at most every 150 ms, announcements handled at most every 100 ms); \
    "vs before" is the ratio to the pacing before on the same document in this run
    """

    let settings: PostgresSettings

    func run() async throws -> [BenchmarkRow] {
        var rows: [BenchmarkRow] = []
        for size in Self.sizes {
            var before: (p50: Double, p99: Double)?
            for pacing in [SyncPacing.previous, .current] {
                let measured = try await measure(size: size, pacing: pacing)
                let p50 = Timing.percentile(measured.latencies, 0.5)
                let p99 = Timing.percentile(measured.latencies, 0.99)
                let reference = before
                if pacing == .previous { before = (p50, p99) }
                let label = BenchmarkOptions.label(size) + ", " + pacing.label
                rows.append(BenchmarkRow(
                    name: "edit → visible on the other device, p50", size: label, milliseconds: p50, reference: reference?.p50,
                    note: "goal ≤ \(Int(Self.goalP50)) ms: \(p50 <= Self.goalP50 ? "met" : "MISSED")"
                ))
                rows.append(BenchmarkRow(
                    name: "edit → visible on the other device, p99", size: label, milliseconds: p99, reference: reference?.p99,
                    note: "goal ≤ \(Int(Self.goalP99)) ms: \(p99 <= Self.goalP99 ? "met" : "MISSED"); max \(ResultTable.format(measured.latencies.max() ?? .nan, decimals: 1)) ms"
                ))
                let perKeystroke = Double(measured.bytes) / Double(Self.edits)
                rows.append(BenchmarkRow(
                    name: "bytes uploaded per keystroke", size: label, milliseconds: .nan,
                    note: "\(ResultTable.format(perKeystroke, decimals: 0)) B in \(measured.uploads) commits (goal < 1 KB: \(perKeystroke < 1024 ? "met" : "MISSED"))"
                ))
                rows.append(BenchmarkRow(
                    name: "uploads per second, typing 10 keys a second", size: label, milliseconds: .nan,
                    note: "\(ResultTable.format(measured.uploadsPerSecond, decimals: 1)) transactions a second from the typing device"
                ))
            }
        }
        return rows
    }

    private func measure(size: Int, pacing: SyncPacing) async throws -> Measured {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("forked-bench-sync-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        // Under the login's name, the only names a login that is not the tables' owner may publish.
        let document = "\(settings.user)/forked-bench-latency-\(UUID().uuidString.prefix(8))"
        let typing = try SyncBenchDevice(
            directory: root.appendingPathComponent("typing"), document: document, settings: settings, pacing: pacing
        )
        let watching = try SyncBenchDevice(
            directory: root.appendingPathComponent("watching"), document: document, settings: settings, pacing: pacing
        )
        // Lines of 80 bytes, so that every insertion has words on both sides.
        let line = "lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor in\n"
        let lineCount = max(size / line.utf8.count, 1)
        let initial = String(repeating: line, count: lineCount)
        try typing.editInFork { $0 = initial }
        typing.exchange.start()
        watching.exchange.start()
        let outcome: Result<Measured, any Error>
        do {
            let timed = try await timeEdits(from: typing, to: watching, initial: initial, line: line)
            let rate = try await uploadsPerSecond(typingOn: typing, lineCount: lineCount, line: line)
            outcome = .success(Measured(latencies: timed.latencies, bytes: timed.bytes, uploads: timed.uploads, uploadsPerSecond: rate))
        } catch {
            outcome = .failure(error)
        }
        await typing.exchange.stop()
        await watching.exchange.stop()
        return try outcome.get()
    }

    /// What one document's run measured.
    struct Measured {
        let latencies: [Double]
        let bytes: Int
        let uploads: Int
        let uploadsPerSecond: Double
    }

    /// Keystrokes typed for the upload rate, one every 100 ms.
    static let rateKeystrokes = 50

    /// Types ``rateKeystrokes`` one-character insertions ten a second, without waiting for
    /// anything, and counts the uploads they made: the transactions a typing person causes.
    private func uploadsPerSecond(typingOn typing: SyncBenchDevice, lineCount: Int, line: String) async throws -> Double {
        let before = typing.exchange.status.uploads
        let clock = ContinuousClock()
        let start = clock.now
        var generator = SystemRandomNumberGenerator()
        for index in 0..<Self.rateKeystrokes {
            try Self.insert("x", intoARandomLineOf: typing, lineCount: lineCount, line: line, using: &generator)
            try await clock.sleep(until: start + .milliseconds(100 * (index + 1)))
        }
        let typed = Timing.milliseconds(clock.now - start) / 1_000
        _ = try await SyncBenchDevice.wait(upTo: .seconds(10), until: { !typing.exchange.status.hasPendingChanges })
        return Double(typing.exchange.status.uploads - before) / typed
    }

    /// Types `inserted` a few bytes into a random line of the document (lines of `line`'s
    /// length), in the device's own fork merged into main, as the editor does.
    private static func insert(
        _ inserted: String, intoARandomLineOf typing: SyncBenchDevice, lineCount: Int, line: String,
        using generator: inout SystemRandomNumberGenerator
    ) throws {
        let offset = Int.random(in: 0..<lineCount, using: &generator) * line.utf8.count + 6
        try typing.editInFork { text in
            text.insert(contentsOf: inserted, at: text.utf8.index(text.utf8.startIndex, offsetBy: min(offset, text.utf8.count)))
        }
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
            let typed = clock.now
            try Self.insert(marker, intoARandomLineOf: typing, lineCount: lineCount, line: line, using: &generator)
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
