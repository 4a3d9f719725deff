import Forked
import ForkedPostgres
import Foundation
import Synchronization

/// One device of the crowd benchmark, run as its own process (`forked-bench sync-member …`):
/// it joins the document, waits for the signal to start, inserts a line of its own at a random
/// place every `interval`, notes when each other device's line first reaches its main, and once
/// its text holds every device's lines writes what it saw to `report` as JSON.
struct SyncCrowdMember {
    /// What a member writes for the benchmark to collect.
    struct Report: Codable {
        /// Wall-clock times (seconds since 1970) at which this device inserted each of its lines.
        var inserted: [String: Double] = [:]
        /// When each other device's line first reached this device's main.
        var seen: [String: Double] = [:]
        /// Main's text at the end.
        var finalText = ""
        var uploads = 0
        var conflicts = 0
        /// The document's generation this device saw last.
        var generation: Int64 = 0
        /// When its text first held every expected line.
        var convergedAt: Double?
    }

    var url = ""
    var document = ""
    var directory = URL(fileURLWithPath: "/tmp")
    var name = "member"
    var edits = 20
    var interval = Duration.milliseconds(200)
    var expectedLines = 0
    /// Whether the device keeps its repository in memory rather than on disk.
    var inMemory = false
    /// Whether the device edits in a fork merged into main, as the editor does, rather than in place.
    var editsInFork = false
    /// The exchange pacing the device runs with.
    var pacing = SyncPacing.current

    /// The file that tells every member to start, holding the start time; written once all are ready.
    static func goFile(in shared: URL) -> URL { shared.appendingPathComponent("go") }
    /// The file a member writes once it holds the document and is ready to start.
    static func readyFile(in shared: URL, name: String) -> URL { shared.appendingPathComponent("\(name).ready") }
    /// Where a member writes its report.
    static func reportFile(in shared: URL, name: String) -> URL { shared.appendingPathComponent("\(name).json") }

    /// Reads `--url U --document D --directory DIR --name N --edits E --interval-ms I --expect-lines L
    /// --in-memory yes|no --in-fork yes|no --pacing current|previous`.
    init(arguments: ArraySlice<String>) throws {
        var remaining = arguments
        while let flag = remaining.popFirst() {
            guard let value = remaining.popFirst() else { throw SyncBenchError("\(flag) needs a value") }
            switch flag {
            case "--url": url = value
            case "--document": document = value
            case "--directory": directory = URL(fileURLWithPath: value)
            case "--name": name = value
            case "--edits": edits = Int(value) ?? edits
            case "--interval-ms": interval = .milliseconds(Int(value) ?? 200)
            case "--expect-lines": expectedLines = Int(value) ?? expectedLines
            case "--in-memory": inMemory = value == "yes"
            case "--in-fork": editsInFork = value == "yes"
            case "--pacing":
                guard let chosen = SyncPacing(rawValue: value) else { throw SyncBenchError("sync-member: unknown pacing \(value)") }
                pacing = chosen
            default: throw SyncBenchError("sync-member: unknown flag \(flag)")
            }
        }
    }

    /// The arguments that make a member with these settings.
    var arguments: [String] {
        let milliseconds = Int(Timing.milliseconds(interval))
        return [
            "sync-member", "--url", url, "--document", document, "--directory", directory.path, "--name", name,
            "--edits", "\(edits)", "--interval-ms", "\(milliseconds)", "--expect-lines", "\(expectedLines)",
            "--in-memory", inMemory ? "yes" : "no", "--in-fork", editsInFork ? "yes" : "no", "--pacing", pacing.rawValue,
        ]
    }

    func run() async throws {
        let device = try SyncBenchDevice(
            directory: directory.appendingPathComponent(name), document: document,
            settings: try PostgresSettings(url: url), pacing: pacing, inMemory: inMemory
        )
        let report = ReportBox()
        let watcher = watchArrivals(on: device, into: report)
        device.exchange.start()
        guard try await SyncBenchDevice.wait(upTo: .seconds(120), every: .milliseconds(20), until: { device.exchange.status.generation > 0 }) else {
            throw SyncBenchError("\(name) never received the document")
        }
        try Data().write(to: Self.readyFile(in: directory, name: name))
        var start: Double?
        _ = try await SyncBenchDevice.wait(upTo: .seconds(300), every: .milliseconds(10)) {
            start = (try? String(contentsOf: Self.goFile(in: directory), encoding: .utf8)).flatMap { Double($0) }
            return start != nil
        }
        guard let start else { throw SyncBenchError("\(name) was never told to start") }
        var generator = SystemRandomNumberGenerator()
        // Devices start at random phases, as people do, rather than all on one tick.
        let phase = Double.random(in: 0..<Timing.milliseconds(interval) / 1000, using: &generator)
        try await Task.sleep(for: .seconds(max(0, start + phase - Date().timeIntervalSince1970)))
        for index in 0..<edits {
            let line = "\(name)-\(index)"
            // Chosen once per edit, so that an edit redone on newer text inserts at the same place.
            let place = Double.random(in: 0..<1, using: &generator)
            let insert = { (text: inout String) in
                var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                if lines.last == "" { lines.removeLast() }
                lines.insert(line, at: min(lines.count, Int(place * Double(lines.count + 1))))
                text = lines.joined(separator: "\n") + "\n"
            }
            if editsInFork { try device.editInFork(insert) } else { try device.edit(insert) }
            report.state.withLock { $0.inserted[line] = Date().timeIntervalSince1970 }
            try await Task.sleep(for: interval)
        }
        _ = try await SyncBenchDevice.wait(upTo: .seconds(120), every: .milliseconds(20)) {
            report.state.withLock { $0.convergedAt != nil } && !device.exchange.status.hasPendingChanges
        }
        // Others may still be waiting for this device's last upload's notification to be read.
        try await Task.sleep(for: .milliseconds(500))
        watcher.cancel()
        let status = device.exchange.status
        await device.exchange.stop()
        let finalText = try device.text
        let finished = report.state.withLock { report in
            report.finalText = finalText
            report.uploads = status.uploads
            report.generation = status.generation
            report.conflicts = status.conflicts
            return report
        }
        try JSONEncoder().encode(finished).write(to: Self.reportFile(in: directory, name: name))
    }

    /// Notes, on every change of main, the first time each line of another device is there.
    private func watchArrivals(on device: SyncBenchDevice, into report: ReportBox) -> Task<Void, Never> {
        let changes = device.resource.changeStream
        let own = name + "-"
        let expected = expectedLines
        return Task {
            for await change in changes where change.fork == .main {
                guard let text = try? device.text else { continue }
                let now = Date().timeIntervalSince1970
                report.state.withLock { report in
                    var count = 0
                    for line in TextSearch.lines(of: text, containing: UInt8(ascii: "-")) {
                        count += 1
                        let key = String(line)
                        if !key.hasPrefix(own), report.seen[key] == nil { report.seen[key] = now }
                    }
                    if report.convergedAt == nil, count >= expected { report.convergedAt = now }
                }
            }
        }
    }
}

/// A member's report, shared between its editing loop and the task watching arrivals.
private final class ReportBox: Sendable {
    let state = Mutex(SyncCrowdMember.Report())
}
