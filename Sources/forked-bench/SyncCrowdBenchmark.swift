import ForkedEditCore
import ForkedPostgres
import Foundation

/// Many devices on one document: N processes (this program as `sync-member`), each inserting a
/// line at a random place `editsPerSecond` times a second. Reports how long a line takes to reach
/// every other device (p50, p99), the commits per second the server took, and whether every
/// device ends with every line exactly once.
struct SyncCrowdBenchmark {
    /// The crowd sizes of the issue's goal.
    static let defaultCounts = [10, 50]
    /// How often each device edits.
    static let editsPerSecond = 5
    /// Edits per device: four seconds of typing.
    static let editsPerDevice = 20
    /// The issue's goal for 50 devices, in milliseconds.
    static let goalP99 = 500.0

    static let title = """
    Sync through PostgreSQL on loopback: N processes on one document, each inserting a line \(editsPerSecond) times a second \
    (\(editsPerDevice) each), with this build's pacing unless the row says "pacing before" (see the table above); propagation is \
    from one device's edit to another device's main, over every pair; "vs first" is the ratio to the first crowd size \
    of the same storage; devices edit main in place (`modify`, one repository write per edit); "in memory": the devices' \
    repositories in memory, their sync state files still on disk; "in a fork": each edit made in a fork and merged into main, \
    as the editor does (three writes)
    """

    let url: String
    let counts: [Int]
    /// Whether the devices keep their repositories in memory.
    var inMemory = false
    /// Whether the devices edit in a fork merged into main, as the editor does, rather than in place.
    var editsInFork = false
    /// The exchange pacing every device runs with.
    var pacing = SyncPacing.current

    func run() async throws -> [BenchmarkRow] {
        var rows: [BenchmarkRow] = []
        var reference: (p50: Double, p99: Double)?
        for count in counts {
            let outcome = try await measure(devices: count)
            let p50 = Timing.percentile(outcome.propagation, 0.5)
            let p99 = Timing.percentile(outcome.propagation, 0.99)
            if reference == nil { reference = (p50, p99) }
            let label = "\(count) devices" + (inMemory ? ", in memory" : "") + (editsInFork ? ", in a fork" : "")
                + (pacing == .current ? "" : ", " + pacing.label)
            rows.append(BenchmarkRow(name: "propagation to every other device, p50", size: label, milliseconds: p50, reference: reference?.p50))
            rows.append(BenchmarkRow(
                name: "propagation to every other device, p99", size: label, milliseconds: p99, reference: reference?.p99,
                note: "goal < \(Int(Self.goalP99)) ms: \(p99 < Self.goalP99 ? "met" : "MISSED"); max \(ResultTable.format(outcome.propagation.max() ?? .nan, decimals: 0)) ms"
            ))
            rows.append(BenchmarkRow(
                name: "uploads held", size: label, milliseconds: .nan,
                note: "\(ResultTable.format(outcome.uploadsPerSecond, decimals: 1))/s for \(count * Self.editsPerSecond) edits/s offered; "
                    + "\(outcome.uploads) uploads in \(outcome.generations) generations, \(outcome.conflicts) met another device's; "
                    + "lost \(outcome.lost), duplicated \(outcome.duplicated) of \(count * Self.editsPerDevice) lines"
            ))
        }
        return rows
    }

    private struct Outcome {
        var propagation: [Double] = []
        var uploadsPerSecond = 0.0
        var uploads = 0
        /// Generations the uploads made: fewer when turns merged several devices' versions into one.
        var generations: Int64 = 0
        var conflicts = 0
        var lost = 0
        var duplicated = 0
    }

    private func measure(devices count: Int) async throws -> Outcome {
        let shared = FileManager.default.temporaryDirectory.appendingPathComponent("forked-bench-crowd-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: shared) }
        // Under the login's name, the only names a login that is not the tables' owner may publish.
        let document = "\(try PostgresSettings(url: url).user)/forked-bench-crowd-\(UUID().uuidString.prefix(8))"
        try await publishSeed(document: document, in: shared)

        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let names = (0..<count).map { "d\($0)" }
        var processes: [Process] = []
        defer { for process in processes where process.isRunning { process.terminate() } }
        for name in names {
            var member = try SyncCrowdMember(arguments: [])
            member.url = url
            member.document = document
            member.directory = shared
            member.name = name
            member.edits = Self.editsPerDevice
            member.interval = .milliseconds(1000 / Self.editsPerSecond)
            member.expectedLines = count * Self.editsPerDevice
            member.inMemory = inMemory
            member.editsInFork = editsInFork
            member.pacing = pacing
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = member.arguments
            let log = shared.appendingPathComponent("\(name).log")
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            let handle = try FileHandle(forWritingTo: log)
            process.standardOutput = handle
            process.standardError = handle
            try process.run()
            processes.append(process)
        }
        let ready = try await SyncBenchDevice.wait(upTo: .seconds(180), every: .milliseconds(50)) {
            names.allSatisfy { FileManager.default.fileExists(atPath: SyncCrowdMember.readyFile(in: shared, name: $0).path) }
                || processes.contains { !$0.isRunning }
        }
        guard ready, processes.allSatisfy(\.isRunning) else {
            throw SyncBenchError("the \(count) devices did not all join the document: \(firstLog(in: shared, names: names))")
        }
        let start = Date().timeIntervalSince1970 + 0.5
        try Data(String(start).utf8).write(to: SyncCrowdMember.goFile(in: shared), options: .atomic)
        _ = try await SyncBenchDevice.wait(upTo: .seconds(300), every: .milliseconds(100)) { processes.allSatisfy { !$0.isRunning } }
        let reports = try names.map { name in
            let file = SyncCrowdMember.reportFile(in: shared, name: name)
            guard let data = try? Data(contentsOf: file) else {
                throw SyncBenchError("device \(name) wrote no report: \(firstLog(in: shared, names: [name]))")
            }
            return try JSONDecoder().decode(SyncCrowdMember.Report.self, from: data)
        }
        return Self.outcome(of: reports, start: start, expected: count * Self.editsPerDevice)
    }

    /// Uploads the document's first version, so that every member starts by fetching it.
    private func publishSeed(document: String, in shared: URL) async throws {
        let seed = try SyncBenchDevice(
            directory: shared.appendingPathComponent("seed"), document: document,
            settings: try PostgresSettings(url: url), pacing: .current
        )
        try seed.edit { $0 = "crowd\n" }
        seed.exchange.start()
        let published = try await SyncBenchDevice.wait(upTo: .seconds(60), every: .milliseconds(10)) { seed.exchange.status.uploads > 0 }
        await seed.exchange.stop()
        guard published else { throw SyncBenchError("the document could not be published on \(url)") }
    }

    private static func outcome(of reports: [SyncCrowdMember.Report], start: Double, expected: Int) -> Outcome {
        var outcome = Outcome()
        var inserted: [String: Double] = [:]
        for report in reports { inserted.merge(report.inserted) { first, _ in first } }
        for report in reports {
            for (line, seen) in report.seen {
                guard let typed = inserted[line] else { continue }
                outcome.propagation.append(max(0, seen - typed) * 1000)
            }
            var counts: [Substring: Int] = [:]
            for line in TextSearch.lines(of: report.finalText, containing: UInt8(ascii: "-")) { counts[line, default: 0] += 1 }
            outcome.lost += inserted.keys.filter { counts[Substring($0)] == nil }.count
            outcome.duplicated += counts.values.filter { $0 > 1 }.count
            outcome.uploads += report.uploads
            outcome.conflicts += report.conflicts
            // The seed made the first generation.
            outcome.generations = max(outcome.generations, report.generation - 1)
        }
        // Every pair that never arrived counts as lost above; the time it took the last device to converge bounds the run.
        let end = reports.compactMap(\.convergedAt).max() ?? start
        outcome.uploadsPerSecond = Double(outcome.uploads) / max(end - start, 0.001)
        return outcome
    }

    private func firstLog(in shared: URL, names: [String]) -> String {
        for name in names {
            let text = (try? String(contentsOf: shared.appendingPathComponent("\(name).log"), encoding: .utf8)) ?? ""
            if !text.isEmpty { return "\(name): \(text.prefix(400))" }
        }
        return "no device printed anything"
    }
}

/// Both sync tables, printed.
enum SyncBenchmarks {
    static func print(url: String, devices: [Int]) async throws {
        let latency = try await SyncLatencyBenchmark(settings: PostgresSettings(url: url)).run()
        Swift.print(ResultTable.render(latency, title: SyncLatencyBenchmark.title, referenceHeader: "vs before"))
        Swift.print("")
        // On disk, then in memory: N devices on one machine share one disk that N machines would
        // not, and the second figure leaves that cost out. Last, on disk the editor's way.
        let onDisk = try await SyncCrowdBenchmark(url: url, counts: devices).run()
        let inMemory = try await SyncCrowdBenchmark(url: url, counts: devices, inMemory: true).run()
        let inFork = try await SyncCrowdBenchmark(url: url, counts: devices, editsInFork: true).run()
        // The pacing before, on disk, for the side-by-side comparison.
        let before = try await SyncCrowdBenchmark(url: url, counts: devices, pacing: .previous).run()
        Swift.print(ResultTable.render(onDisk + inMemory + inFork + before, title: SyncCrowdBenchmark.title, referenceHeader: "vs first"))
    }
}
