import Foundation
import Testing

/// `forked-edit replay --headless`, checked against the recorded sessions and golden screens
/// in `Assets/sessions`.
@Suite("forked-edit replay")
struct ReplayCommandTests {
    static let sessionsDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Assets/sessions")

    static var sessionNames: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: sessionsDirectory.path)) ?? []
        return files.filter { $0.hasSuffix(".jsonl") }.map { String($0.dropLast(".jsonl".count)) }.sorted()
    }

    @Test("There are recorded sessions to replay")
    func sessionsExist() {
        #expect(Self.sessionNames.count >= 5)
    }

    @Test("A headless replay prints the golden screen, then main's text", arguments: sessionNames)
    func replaysGolden(_ name: String) throws {
        let session = Self.sessionsDirectory.appendingPathComponent("\(name).jsonl")
        let screen = try String(contentsOf: Self.sessionsDirectory.appendingPathComponent("\(name).screen.txt"), encoding: .utf8)
        let documentsData = try Data(contentsOf: Self.sessionsDirectory.appendingPathComponent("\(name).documents.json"))
        let documents = try JSONDecoder().decode([String: String].self, from: documentsData)
        let main = try #require(documents["main"])

        let outcome = try runProcess(
            try ForkedEditBinary.path, ["replay", session.path, "--headless", "--print-screen", "--print-main"]
        )
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput == screen + main)
    }

    @Test("--size replays on a screen of another size, and --cast records it")
    func resizedWithCast() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let name = try #require(Self.sessionNames.first { $0 == "merge" } ?? Self.sessionNames.first)
        let cast = directory.appendingPathComponent("replay.cast")
        let outcome = try runProcess(try ForkedEditBinary.path, [
            "replay", Self.sessionsDirectory.appendingPathComponent("\(name).jsonl").path,
            "--headless", "--size", "64x20", "--print-screen", "--cast", cast.path,
        ])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let rows = outcome.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(rows.count == 20)
        #expect(rows.allSatisfy { $0.count <= 64 })
        let header = try #require(try String(contentsOf: cast, encoding: .utf8).split(separator: "\n").first)
        let fields = try JSONSerialization.jsonObject(with: Data(header.utf8)) as? [String: Any]
        #expect(fields?["version"] as? Int == 2)
        #expect(fields?["width"] as? Int == 64)
        #expect(fields?["height"] as? Int == 20)
    }

    @Test("--cast keeps an existing file unless --force is given")
    func castRefusesToReplace() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let session = Self.sessionsDirectory.appendingPathComponent("\(try #require(Self.sessionNames.first)).jsonl").path
        let cast = directory.appendingPathComponent("kept.cast")
        try "KEEP\n".write(to: cast, atomically: false, encoding: .utf8)
        let refused = try runProcess(try ForkedEditBinary.path, ["replay", session, "--headless", "--cast", cast.path])
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("--force"), "\(refused.standardError)")
        #expect(try String(contentsOf: cast, encoding: .utf8) == "KEEP\n")
        let forced = try runProcess(try ForkedEditBinary.path, ["replay", session, "--headless", "--cast", cast.path, "--force"])
        #expect(forced.status == 0, "\(forced.standardError)")
        #expect(try String(contentsOf: cast, encoding: .utf8).hasPrefix("{"))
    }

    @Test("A replay on the terminal without one: exit status 2, and --cast leaves no file, nor empties one with --force")
    func castWithoutATerminalLeavesNoFile() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let session = Self.sessionsDirectory.appendingPathComponent("\(try #require(Self.sessionNames.first)).jsonl").path
        let cast = directory.appendingPathComponent("new.cast")
        let refused = try runProcess(try ForkedEditBinary.path, ["replay", session, "--cast", cast.path])
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("terminal"), "\(refused.standardError)")
        #expect(!FileManager.default.fileExists(atPath: cast.path), "an empty cast was left behind")
        try "KEEP\n".write(to: cast, atomically: false, encoding: .utf8)
        let forced = try runProcess(try ForkedEditBinary.path, ["replay", session, "--cast", cast.path, "--force"])
        #expect(forced.status == 2)
        #expect(try String(contentsOf: cast, encoding: .utf8) == "KEEP\n")
    }

    @Test("A file that is not a session: one line naming it, exit status 2")
    func rejectsBadSession() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let notASession = directory.appendingPathComponent("notes.jsonl")
        try "just some notes\n".write(to: notASession, atomically: false, encoding: .utf8)
        for path in [notASession.path, directory.appendingPathComponent("missing.jsonl").path] {
            let outcome = try runProcess(try ForkedEditBinary.path, ["replay", path, "--headless"])
            #expect(outcome.status == 2)
            #expect(outcome.standardError.split(separator: "\n").count == 1)
            #expect(outcome.standardError.contains(path), "\(outcome.standardError)")
        }
    }

    @Test("Replaying on the terminal without one fails at once with status 2")
    func terminalReplayWithoutTerminal() throws {
        let session = try #require(Self.sessionNames.first)
        let outcome = try runProcess(
            try ForkedEditBinary.path, ["replay", Self.sessionsDirectory.appendingPathComponent("\(session).jsonl").path],
            timeout: .seconds(10)
        )
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("terminal"))
    }
}
