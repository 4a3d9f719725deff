import Foundation
import Testing

/// Separate processes, each with its own state directory, on one server: the "machines".
@Suite(.enabled(if: PostgresTestServer.isAvailable, Comment(rawValue: PostgresTestServer.unavailableReason ?? "")))
struct MultiProcessSyncTests {
    private func runAgents(count: Int, editsEach: Int, server: PostgresTestServer, document: String) async throws -> [String] {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("forked-agents-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let agent = try builtProduct("forked-sync-agent")
        var processes: [(Process, Pipe)] = []
        for index in 0..<count {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: agent)
            process.arguments = [
                "--url", server.url, "--document", document,
                "--directory", root.appendingPathComponent("device-\(index)").path,
                "--name", "d\(index)", "--edits", "\(editsEach)", "--interval-ms", "2",
                "--expect-lines", "\(count * editsEach)", "--timeout", "150",
            ]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            process.standardInput = FileHandle.nullDevice
            try process.run()
            processes.append((process, output))
        }
        for (process, output) in processes {
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "agent: \(String(decoding: data, as: UTF8.self))")
        }
        return try (0..<count).map {
            try String(contentsOf: root.appendingPathComponent("device-\($0)/final.txt"), encoding: .utf8)
        }
    }

    @Test func threeProcessesMakingAThousandEditsEachConvergeWithNothingLostOrDoubled() async throws {
        try await withPostgresServer { server in
            let texts = try await runAgents(count: 3, editsEach: 1000, server: server, document: "crowded")
            #expect(Set(texts).count == 1)
            let lines = try #require(texts.first).split(separator: "\n").map(String.init)
            let expected = (0..<3).flatMap { device in (0..<1000).map { "d\(device)-\($0)" } }
            #expect(lines.count == expected.count)
            #expect(Set(lines) == Set(expected))
        }
    }

    @Test func twoProcessesConverge() async throws {
        try await withPostgresServer { server in
            let texts = try await runAgents(count: 2, editsEach: 50, server: server, document: "pair")
            #expect(Set(texts).count == 1)
            #expect(Set(try #require(texts.first).split(separator: "\n").map(String.init)).count == 100)
        }
    }
}
