import ForkedTestSupport
import Foundation
import Testing

/// Separate processes, each with its own state directory, on one server: the "machines".
@Suite(.enabled(if: PostgresTestServer.isAvailable, Comment(rawValue: PostgresTestServer.unavailableReason ?? "")))
struct MultiProcessSyncTests {
    private func runAgents(count: Int, editsEach: Int, server: PostgresTestServer, document: String) async throws -> [String] {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("forked-agents-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let agent = try builtProduct("forked-sync-agent")
        var agents: [CleanProcess] = []
        for index in 0..<count {
            agents.append(try CleanProcess(agent, [
                "--url", server.url, "--document", document,
                "--directory", root.appendingPathComponent("device-\(index)").path,
                "--name", "d\(index)", "--edits", "\(editsEach)", "--interval-ms", "2",
                "--expect-lines", "\(count * editsEach)", "--timeout", "150",
            ], environment: ProcessInfo.processInfo.environment, capturingStandardError: true))
        }
        for agent in agents {
            let status = try await agent.exit(timeout: .seconds(200))
            #expect(status == 0, "agent: \(agent.output)")
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
