// A "machine" for the multi-process sync tests: its own repository and state directory, an
// exchange on a shared document, and a burst of edits. It prints its final text's line count
// and writes the text next to its repository, for the test to compare across processes.
import Forked
import ForkedHistory
import ForkedMerge
import ForkedPostgres
import Foundation
import Logging

/// A text merged like the editor's, and sent as text deltas like the editor's document.
struct AgentText: Codable, Equatable, Sendable, Mergeable, HistoryValue {
    var text: String

    func merged(withSubordinate other: AgentText, commonAncestor: AgentText) throws -> AgentText {
        AgentText(text: try TextMerger().merge(text, withSubordinate: other.text, commonAncestor: commonAncestor.text))
    }

    /// Two texts started independently (two devices typing into a document nobody had published
    /// yet) both keep everything: merged as two insertions into the empty text. The default
    /// salvage keeps only the dominant side, which lost every line typed before the first upload.
    func salvaging(from other: AgentText) throws -> AgentText {
        AgentText(text: try TextMerger().merge(text, withSubordinate: other.text, commonAncestor: ""))
    }

    func snapshot() throws -> Data { try text.snapshot() }
    init(text: String) { self.text = text }
    init(snapshot: Data) throws { text = try String(snapshot: snapshot) }
    func delta(from base: AgentText) throws -> Data? { try text.delta(from: base.text) }
    func applying(delta: Data) throws -> AgentText { AgentText(text: try text.applying(delta: delta)) }
    var historyText: String? { text }
}

struct AgentArguments {
    var url = ""
    var document = "shared"
    var directory = URL(fileURLWithPath: "/tmp")
    var name = "agent"
    var edits = 100
    var intervalMilliseconds = 2
    var expectedLines = 100
    var timeoutSeconds = 120.0

    init(_ arguments: [String]) throws {
        var iterator = arguments.dropFirst().makeIterator()
        while let flag = iterator.next() {
            guard let value = iterator.next() else { throw AgentError("\(flag) needs a value") }
            switch flag {
            case "--url": url = value
            case "--document": document = value
            case "--directory": directory = URL(fileURLWithPath: value)
            case "--name": name = value
            case "--edits": edits = Int(value) ?? edits
            case "--interval-ms": intervalMilliseconds = Int(value) ?? intervalMilliseconds
            case "--expect-lines": expectedLines = Int(value) ?? expectedLines
            case "--timeout": timeoutSeconds = Double(value) ?? timeoutSeconds
            default: throw AgentError("unknown flag \(flag)")
            }
        }
    }
}

struct AgentError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

func runAgent() async throws -> Int32 {
    let arguments = try AgentArguments(CommandLine.arguments)
    let resource = try ForkedResource(
        repository: FileRepository<AgentText>(directory: arguments.directory.appendingPathComponent("repository"))
    )
    var options = PostgresExchange<FileRepository<AgentText>>.Options()
    options.uploadDelay = .milliseconds(30)
    options.pollInterval = .seconds(3)
    options.initialReconnectDelay = .milliseconds(50)
    options.maximumReconnectDelay = .seconds(1)
    let exchange = try PostgresExchange(
        resource: resource, document: arguments.document, settings: PostgresSettings(url: arguments.url),
        stateDirectory: arguments.directory.appendingPathComponent("sync"), options: options,
        logger: {
            var logger = Logger(label: "agent.\(arguments.name)")
            // FORKED_AGENT_DEBUG=1: every step of the exchange, for a test that failed.
            if ProcessInfo.processInfo.environment["FORKED_AGENT_DEBUG"] != nil { logger.logLevel = .debug }
            return logger
        }()
    )
    // As the editor does at start with --auto-merge: edits that reached the agent's fork but not
    // main before it was killed are merged now, and published. What main holds then is what
    // survived (start.txt, for the kill tests to compare with what the server ends with).
    let edits = Fork(name: "agent-edits")
    if try resource.has(edits), try resource.status(of: edits) != .inSync { try resource.mergeIntoMain(from: edits) }
    try Data((try resource.value(in: .main)?.text ?? "").utf8).write(to: arguments.directory.appendingPathComponent("start.txt"))
    if ProcessInfo.processInfo.environment["FORKED_AGENT_DEBUG"] != nil {
        let server = PostgresExchange<FileRepository<AgentText>>.serverFork
        let sync = arguments.directory.appendingPathComponent("sync")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: sync.path)) ?? []
        let state = files.filter { $0.hasSuffix(".json") || $0.hasSuffix(".pending") }.map {
            "\($0): \((try? Data(contentsOf: sync.appendingPathComponent($0)))?.base64EncodedString() ?? "-") \((try? String(contentsOf: sync.appendingPathComponent($0), encoding: .utf8)) ?? "")"
        }
        FileHandle.standardError.write(Data("""
            main: \(try resource.value(in: .main)?.text.debugDescription ?? "nil")
            server fork: \((try? resource.value(in: server))??.text.debugDescription ?? "nil")
            server ancestor: \((try? resource.commonAncestor(of: server))??.text.debugDescription ?? "nil")
            edits fork: \((try? resource.value(in: edits))??.text.debugDescription ?? "nil")
            state: \(state)

            """.utf8))
    }
    exchange.start()
    var generator = SystemRandomNumberGenerator()
    // Edits go into a fork of the agent's own and are merged into main, like the editor's
    // `this-device` fork: main also takes the exchange's merges of other devices' changes, and
    // reading main and writing an edited value back over it would undo a merge made in between.
    if try !resource.has(edits) { try resource.create(edits) }
    for index in 0..<arguments.edits {
        try resource.mergeFromMain(into: edits)
        var lines = (try resource.value(in: edits)?.text ?? "").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        lines.insert("\(arguments.name)-\(index)", at: Int.random(in: 0...lines.count, using: &generator))
        try resource.update(edits, with: AgentText(text: lines.joined(separator: "\n") + "\n"))
        try resource.mergeIntoMain(from: edits)
        try await Task.sleep(for: .milliseconds(arguments.intervalMilliseconds))
    }
    let deadline = Date().addingTimeInterval(arguments.timeoutSeconds)
    var text = ""
    while Date() < deadline {
        text = try resource.value(in: .main)?.text ?? ""
        let lineCount = text.split(separator: "\n").count
        if lineCount >= arguments.expectedLines, !exchange.status.hasPendingChanges { break }
        try await Task.sleep(for: .milliseconds(50))
    }
    // Stay a little longer so the others see this device's last upload before it leaves.
    try await Task.sleep(for: .milliseconds(300))
    text = try resource.value(in: .main)?.text ?? ""
    let status = exchange.status
    await exchange.stop()
    try Data(text.utf8).write(to: arguments.directory.appendingPathComponent("final.txt"))
    print("lines=\(text.split(separator: "\n").count) uploads=\(status.uploads) conflicts=\(status.conflicts) applied=\(status.remoteChangesApplied)")
    return text.split(separator: "\n").count >= arguments.expectedLines ? 0 : 1
}

do {
    exit(try await runAgent())
} catch {
    FileHandle.standardError.write(Data("forked-sync-agent: \(error)\n".utf8))
    exit(2)
}
