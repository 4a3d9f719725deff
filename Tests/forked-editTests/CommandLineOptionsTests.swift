import Foundation
import Testing

/// Options that make no sense are refused with one line naming the problem and exit status 2,
/// before anything is replayed, recorded or drawn.
@Suite("forked-edit command-line options")
struct CommandLineOptionsTests {
    static let sessionsDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Assets/sessions")

    private var mergeSession: String { Self.sessionsDirectory.appendingPathComponent("merge.jsonl").path }

    private func expectRefusal(_ arguments: [String], mentioning text: String) throws {
        let outcome = try runProcess(try ForkedEditBinary.path, arguments, timeout: .seconds(10))
        #expect(outcome.status == 2, "\(arguments): \(outcome.standardError)")
        #expect(outcome.standardError.hasPrefix("forked-edit: "), "\(outcome.standardError)")
        #expect(outcome.standardError.split(separator: "\n").count == 1, "\(outcome.standardError)")
        #expect(outcome.standardError.contains(text), "\(arguments): \(outcome.standardError)")
        #expect(outcome.standardOutput.isEmpty)
    }

    @Test("replay --size smaller than the editor's minimum is refused, not replayed with every key dropped")
    func replayTooSmall() throws {
        try expectRefusal(["replay", mergeSession, "--headless", "--size", "30x5"], mentioning: "40x12")
    }

    @Test("replay --speed with a negative or non-numeric value says the value is invalid")
    func replayBadSpeed() throws {
        for value in ["-1", "0", "fast"] {
            try expectRefusal(["replay", mergeSession, "--headless", "--speed", value], mentioning: "'\(value)'")
        }
        let outcome = try runProcess(try ForkedEditBinary.path, ["replay", mergeSession, "--headless", "--speed", "2.5"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
    }

    @Test("replay --print-document prints main and every fork as one JSON object; --print-main prints main alone")
    func printDocuments() throws {
        let expected = try JSONDecoder().decode(
            [String: String].self,
            from: Data(contentsOf: Self.sessionsDirectory.appendingPathComponent("merge.documents.json")))
        let outcome = try runProcess(try ForkedEditBinary.path, ["replay", mergeSession, "--headless", "--print-document"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let printed = try JSONDecoder().decode([String: String].self, from: Data(outcome.standardOutput.utf8))
        #expect(printed == expected)
        #expect(Set(printed.keys) == ["main", "left", "right"])
        let main = try runProcess(try ForkedEditBinary.path, ["replay", mergeSession, "--headless", "--print-main"])
        #expect(main.standardOutput == expected["main"])
    }

    @Test("--record and --cast refuse to replace an existing file unless --force is given")
    func recordDoesNotOverwrite() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let existing = directory.appendingPathComponent("session.jsonl")
        try "precious\n".write(to: existing, atomically: false, encoding: .utf8)
        for option in ["--record", "--cast"] {
            try expectRefusal([option, existing.path], mentioning: "--force")
            #expect(try String(contentsOf: existing, encoding: .utf8) == "precious\n")
        }
    }

    @Test("--fork together with --forks is an error, not silently ignored")
    func forkWithForks() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("notes.txt")
        try "hello\n".write(to: file, atomically: false, encoding: .utf8)
        try expectRefusal([file.path, "--fork", "a", "--forks", "b,c"], mentioning: "--forks")
    }

    @Test("--version prints the version")
    func version() throws {
        let outcome = try runProcess(try ForkedEditBinary.path, ["--version"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.split(separator: ".").count == 3, "\(outcome.standardOutput)")
    }

    @Test("opening a new file in a directory that does not exist is refused; no directory is made")
    func missingDirectory() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("no/such/place")
        try expectRefusal([missing.appendingPathComponent("notes.txt").path], mentioning: "does not exist")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("no").path))
    }
}

/// `forked-edit --help` lists each subcommand's usage by hand; every option a subcommand takes
/// must be in it, so the overview never hides one (it once omitted `merge --path`).
@Suite("forked-edit --help names every option")
struct TopLevelUsageTests {
    @Test("each subcommand's options appear in its usage line of forked-edit --help",
          arguments: ["replay", "merge", "forks", "log", "show", "diff", "restore", "history"])
    func usageNamesOptions(subcommand: String) throws {
        let top = try runProcess(try ForkedEditBinary.path, ["--help"]).standardOutput
        // The subcommand's usage: its line and the indented lines continuing it.
        var usage = ""
        var inside = false
        for line in top.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("forked-edit ") || trimmed.hasPrefix("USAGE: forked-edit ") {
                inside = trimmed.hasPrefix("forked-edit \(subcommand) ") || trimmed.hasPrefix("USAGE: forked-edit \(subcommand) ")
            } else if trimmed.isEmpty || !line.hasPrefix(" ") {
                inside = false
            }
            if inside { usage += " " + trimmed }
        }
        #expect(!usage.isEmpty, "\(top)")
        let help = try runProcess(try ForkedEditBinary.path, [subcommand, "--help"]).standardOutput
        // Each option's names: "-o, --output" is named by either.
        let options = help.split(separator: "\n").compactMap { line -> [String]? in
            guard let range = line.range(of: #"^\s+(-\w, )?--[a-z-]+"#, options: .regularExpression) else { return nil }
            return line[range].split(separator: " ").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ",")) }
        }.filter { !$0.contains("--help") && !$0.contains("--version") }
        #expect(!options.isEmpty || ["show", "restore"].contains(subcommand), "\(help)")
        for names in options {
            #expect(names.contains { usage.contains("[\($0) ") || usage.contains("[\($0)]") }, "forked-edit --help omits \(subcommand) \(names): \(usage)")
        }
    }
}
