import ForkedTestSupport
import Foundation
import Testing

/// A device killed at every step of its sync (issue 45, item 1): the n-th file system call it
/// makes under its directory, for every n, while it edits, uploads, takes staged turns beside a
/// second device, and fetches. After a restart, every line that survived on its disk reaches the
/// server and the other device exactly once, and the other device's lines are all there once.
///
/// The kill points are the agent's file system calls (`FORKED_TEST_FAULTS`, ``FileFaults``):
/// every write of its repository, state file and pending slot, which is where an upload, a
/// turn or a fetch records what the server did. By default a seeded sample of steps runs;
/// `FORKED_SYNC_KILL_STEPS=all` runs every step until the device finishes unkilled, and
/// `FORKED_SYNC_KILL_STEPS=118,120` those steps.
@Suite(.enabled(if: PostgresTestServer.isAvailable, Comment(rawValue: PostgresTestServer.unavailableReason ?? "")))
struct SyncKillAtEveryStepTests {
    /// One kill: the victim (4 edits, beside `other` making 12) killed at `step`, restarted, and
    /// a fresh reader joining. Returns whether the victim was killed (false: it finished first).
    private func killRun(step: Int, server: PostgresTestServer, withOther: Bool) async throws -> Bool {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("forked-kill-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let agent = try builtProduct("forked-sync-agent")
        let document = "kill-\(step)-\(withOther ? "pair" : "alone")-\(UUID().uuidString.prefix(8))"
        let victimDirectory = root.appendingPathComponent("victim")
        func start(_ name: String, directory: URL, edits: Int, expect: Int, faults: String? = nil) throws -> CleanProcess {
            var environment = ProcessInfo.processInfo.environment
            environment["SWIFT_BACKTRACE"] = "enable=no"
            environment["FORKED_TEST_FAULTS"] = faults
            return try CleanProcess(agent, [
                "--url", server.url, "--document", document, "--directory", directory.path, "--name", name,
                "--edits", "\(edits)", "--interval-ms", "15", "--expect-lines", "\(expect)", "--timeout", "20",
            ], environment: environment, capturingStandardError: true)
        }
        let other = withOther ? try start("other", directory: root.appendingPathComponent("other"), edits: 12, expect: 12) : nil
        let victim = try start("victim", directory: victimDirectory, edits: 4, expect: 4, faults: "kill:\(step):\(victimDirectory.path)")
        let victimStatus = try await victim.exit(timeout: .seconds(60))
        #expect(victimStatus == 0 || victimStatus == 128 + SIGKILL, "victim at step \(step): \(victim.output)")
        if let other {
            let status = try await other.exit(timeout: .seconds(60))
            #expect(status == 0, "other beside a kill at step \(step): \(other.output)")
        }
        // Restarted: what survived on its disk is merged into main (start.txt) and published.
        let restarted = try start("victim", directory: victimDirectory, edits: 0, expect: 0)
        _ = try await restarted.exit(timeout: .seconds(60))
        let survived = try lines(victimDirectory.appendingPathComponent("start.txt")).filter { $0.hasPrefix("victim-") }
        let expected = Set(survived).union(withOther ? (0..<12).map { "other-\($0)" } : [])
        // A device joining afterwards reads what the server holds.
        let readerDirectory = root.appendingPathComponent("reader")
        let reader = try start("reader", directory: readerDirectory, edits: 0, expect: expected.count)
        let readerStatus = try await reader.exit(timeout: .seconds(60))
        let final = try lines(readerDirectory.appendingPathComponent("final.txt"))
        #expect(readerStatus == 0, "killed at step \(step): the server holds \(final.count) of \(expected.count) lines: \(reader.output)")
        #expect(Set(final) == expected, "killed at step \(step): missing \(expected.subtracting(final).sorted()), extra \(Set(final).subtracting(expected).sorted())")
        #expect(final.count == Set(final).count, "killed at step \(step): doubled \(Dictionary(grouping: final, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted())")
        if final.count != Set(final).count, let dump = ProcessInfo.processInfo.environment["FORKED_SYNC_KILL_DUMP"] {
            try? "victim:\n\(victim.output)\nrestarted:\n\(restarted.output)\nreader:\n\(reader.output)\nstart:\n\(survived)\nfinal:\n\(final)\n".write(toFile: dump, atomically: true, encoding: .utf8)
        }
        #expect(Set(survived).count == survived.count, "killed at step \(step): the victim's own disk doubled a line")
        return victimStatus == 128 + SIGKILL
    }

    private func lines(_ url: URL) throws -> [String] {
        try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    /// The steps to kill at: every one with `FORKED_SYNC_KILL_STEPS=all`, else a seeded sample
    /// spread over the run.
    private static var steps: [Int]? {
        let chosen = ProcessInfo.processInfo.environment["FORKED_SYNC_KILL_STEPS"]
        if chosen == "all" { return nil }
        return chosen.map { $0.split(separator: ",").compactMap { Int($0) } } ?? [1, 3, 7, 12, 18, 25, 33, 42, 55, 70, 90, 118]
    }

    @Test func aDeviceKilledAtAnyStepOfItsSyncLosesAndDoublesNothing() async throws {
        try await withPostgresServer { server in
            if let sample = Self.steps {
                for step in sample {
                    _ = try await killRun(step: step, server: server, withOther: step % 2 == 0)
                }
            } else {
                var step = 1
                var killed = 0
                while try await killRun(step: step, server: server, withOther: step % 2 == 0) {
                    killed += 1
                    step += 1
                }
                print("sync kill steps: killed at \(killed) steps, finished unkilled at step \(step)")
            }
        }
    }
}
