import Forked
import ForkedPostgres
import Foundation
import Logging

/// `forked-sync-agent measure --url URL [--size BYTES] [--edits N]`: two devices in this process,
/// each with its own repository, on one document. The first types single characters into a
/// document of `size` bytes; for each, the time until the second device's main holds it, and
/// the bytes the first uploaded. Prints p50 / p90 / p99 latency and bytes per keystroke.
struct MeasureArguments {
    var url = ""
    var size = 1_000_000
    var edits = 40
    var pauseMilliseconds = 50

    init(_ arguments: ArraySlice<String>) throws {
        var iterator = arguments.makeIterator()
        while let flag = iterator.next() {
            guard let value = iterator.next() else { throw AgentError("\(flag) needs a value") }
            switch flag {
            case "--url": url = value
            case "--size": size = Int(value) ?? size
            case "--edits": edits = Int(value) ?? edits
            case "--pause-ms": pauseMilliseconds = Int(value) ?? pauseMilliseconds
            default: throw AgentError("unknown flag \(flag)")
            }
        }
    }
}

func measureLatency(_ arguments: MeasureArguments) async throws -> Int32 {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("forked-measure-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let settings = try PostgresSettings(url: arguments.url)
    let document = "measure-\(UUID().uuidString.prefix(8))"
    var options = PostgresExchange<FileRepository<AgentText>>.Options()
    options.uploadDelay = .milliseconds(150)    // the editor's debounce, included in what is measured
    func device(_ name: String) throws -> (ForkedResource<FileRepository<AgentText>>, PostgresExchange<FileRepository<AgentText>>) {
        let directory = root.appendingPathComponent(name)
        let resource = try ForkedResource(repository: FileRepository<AgentText>(directory: directory.appendingPathComponent("repository")))
        let exchange = try PostgresExchange(
            resource: resource, document: document, settings: settings,
            stateDirectory: directory.appendingPathComponent("sync"), options: options,
            logger: Logger(label: "measure.\(name)", factory: { _ in SwiftLogNoOpLogHandler() })
        )
        return (resource, exchange)
    }
    let (typing, typingExchange) = try device("typing")
    let (watching, watchingExchange) = try device("watching")
    // Lines of 80 characters up to `size` bytes, so a character typed has words on both sides.
    let line = "lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor in\n"
    let initial = String(repeating: line, count: max(arguments.size / 80, 1))
    try typing.update(.main, with: AgentText(text: initial))
    typingExchange.start()
    watchingExchange.start()
    let clock = ContinuousClock()
    func waitUntil(_ timeout: Duration, _ condition: () throws -> Bool) async throws -> Bool {
        let deadline = clock.now + timeout
        while clock.now < deadline {
            if try condition() { return true }
            try await Task.sleep(for: .milliseconds(1))
        }
        return false
    }
    guard try await waitUntil(.seconds(60), { try watching.value(in: .main)?.text.utf8.count == initial.utf8.count }) else {
        throw AgentError("the second device never received the first version")
    }
    let bytesBefore = typingExchange.status.payloadBytesUploaded
    let uploadsBefore = typingExchange.status.uploads
    var latencies: [Duration] = []
    var generator = SystemRandomNumberGenerator()
    for index in 0..<arguments.edits {
        var text = try typing.value(in: .main)?.text ?? ""
        let marker = "§\(index)§"
        let offset = Int.random(in: 0..<(text.utf8.count / 80), using: &generator) * 80 + 6
        text.insert(contentsOf: marker, at: text.utf8.index(text.utf8.startIndex, offsetBy: offset))
        let typed = clock.now
        try typing.update(.main, with: AgentText(text: text))
        guard try await waitUntil(.seconds(30), { try watching.value(in: .main)?.text.contains(marker) == true }) else {
            throw AgentError("edit \(index) never reached the second device")
        }
        latencies.append(clock.now - typed)
        try await Task.sleep(for: .milliseconds(arguments.pauseMilliseconds))
    }
    _ = try await waitUntil(.seconds(10)) { !typingExchange.status.hasPendingChanges }
    let bytes = typingExchange.status.payloadBytesUploaded - bytesBefore
    let uploads = typingExchange.status.uploads - uploadsBefore
    await typingExchange.stop()
    await watchingExchange.stop()
    let sorted = latencies.sorted()
    func percentile(_ fraction: Double) -> String {
        let duration = sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)]
        return String(format: "%.1f ms", Double(duration.components.attoseconds) / 1e15 + Double(duration.components.seconds) * 1000)
    }
    print("document \(initial.utf8.count) bytes, \(arguments.edits) edits of one insertion each, upload delay 150 ms")
    print("latency edit -> visible on the other device: p50 \(percentile(0.5)), p90 \(percentile(0.9)), p99 \(percentile(0.99)), max \(percentile(1))")
    print("uploaded \(bytes) payload bytes in \(uploads) commits: \(uploads == 0 ? 0 : bytes / uploads) bytes per commit (\(String(format: "%.5f", Double(bytes) / Double(max(uploads, 1)) / Double(initial.utf8.count))) of the document)")
    return 0
}
