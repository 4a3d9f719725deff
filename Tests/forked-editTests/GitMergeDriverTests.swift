import Foundation
import Testing

/// `forked-edit merge` as a git merge driver, in a real repository with a real `git merge`.
@Suite("forked-edit as a git merge driver")
struct GitMergeDriverTests {
    private static let gitExecutable = ["/usr/bin/git", "/usr/local/bin/git", "/opt/homebrew/bin/git"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Runs git in `repository` with a fixed identity and no user or system configuration.
    @discardableResult
    private func git(_ arguments: [String], in repository: URL) throws -> ProcessOutcome {
        guard let gitExecutable = Self.gitExecutable else { throw GitUnavailable() }
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
        environment["GIT_AUTHOR_NAME"] = "Test"
        environment["GIT_AUTHOR_EMAIL"] = "test@example.invalid"
        environment["GIT_COMMITTER_NAME"] = "Test"
        environment["GIT_COMMITTER_EMAIL"] = "test@example.invalid"
        return try runProcess(gitExecutable, arguments, in: repository, environment: environment)
    }

    private func commitAll(_ message: String, in repository: URL) throws {
        try git(["add", "-A"], in: repository)
        let commit = try git(["commit", "-q", "-m", message], in: repository)
        #expect(commit.status == 0, "\(commit.standardError)")
    }

    /// The outcome of merging branch "theirs" into "main" with the driver.
    private struct DriverMerge {
        var merge: ProcessOutcome
        var merged: String
        var status: String
    }

    /// Makes a repository whose `*.txt` files merge with `forked-edit merge arguments`, commits
    /// `base`, then `theirs` on a branch and `ours` on main, and merges the branch into main.
    private func mergeWithDriver(_ arguments: String, base: String, ours: String, theirs: String) throws -> DriverMerge {
        let repository = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: repository) }
        let binary = try ForkedEditBinary.path
        try git(["init", "-q", "-b", "main"], in: repository)
        try git(["config", "merge.forked.name", "forked-edit three-way text merge"], in: repository)
        try git(["config", "merge.forked.driver", "'\(binary)' merge \(arguments)"], in: repository)
        try "*.txt merge=forked\n".write(to: repository.appendingPathComponent(".gitattributes"), atomically: false, encoding: .utf8)
        let note = repository.appendingPathComponent("note.txt")
        try base.write(to: note, atomically: false, encoding: .utf8)
        try commitAll("base", in: repository)
        try git(["checkout", "-q", "-b", "theirs"], in: repository)
        try theirs.write(to: note, atomically: false, encoding: .utf8)
        try commitAll("theirs", in: repository)
        try git(["checkout", "-q", "main"], in: repository)
        try ours.write(to: note, atomically: false, encoding: .utf8)
        try commitAll("ours", in: repository)
        let merge = try git(["merge", "--no-edit", "theirs"], in: repository)
        return DriverMerge(
            merge: merge, merged: try String(contentsOf: note, encoding: .utf8),
            status: try git(["status", "--porcelain"], in: repository).standardOutput
        )
    }

    /// The README's driver line.
    private static let driverArguments = "--markers -L ours -L theirs --marker-size %L --path %P %O %A %B -o %A"

    @Test("A git merge that would conflict line by line is merged cleanly by the driver",
          .enabled(if: gitExecutable != nil, "git is not installed"))
    func mergesBranches() throws {
        let result = try mergeWithDriver(
            Self.driverArguments, base: "Meet on Tuesday at the old mill.\nBring the map.\n",
            ours: "Meet on Thursday at the old mill.\nBring the map.\n", theirs: "Meet on Tuesday at the lighthouse.\nBring the map.\n"
        )
        #expect(result.merge.status == 0, "\(result.merge.standardOutput)\(result.merge.standardError)")
        #expect(result.merged == "Meet on Thursday at the lighthouse.\nBring the map.\n")
        #expect(result.status.isEmpty)
    }

    @Test("With --markers, git stops only on a true conflict, marked around just its line with git's labels",
          .enabled(if: gitExecutable != nil, "git is not installed"))
    func stopsOnTrueConflict() throws {
        let result = try mergeWithDriver(
            Self.driverArguments, base: "Meet on Tuesday at the old mill.\nBring the map.\nSee you.\n",
            ours: "Meet on Thursday at the old mill.\nBring the torch.\nSee you.\n",
            theirs: "Meet on Tuesday at the old mill.\nBring the compass.\nSee you.\n"
        )
        #expect(result.merge.status != 0, "\(result.merge.standardOutput)\(result.merge.standardError)")
        #expect(result.merged == """
            Meet on Thursday at the old mill.
            <<<<<<< ours
            Bring the torch.
            =======
            Bring the compass.
            >>>>>>> theirs
            See you.

            """)
        #expect(result.status.contains("UU note.txt"), "\(result.status)")
        // The message names the file git is merging, not git's temporary copy of it.
        #expect(result.merge.standardError.contains("forked-edit: note.txt: 1 conflict (marked) at line 2"), "\(result.merge.standardError)")
    }

    @Test("Two changes to one word stop git, and the markers hold both lines whole",
          .enabled(if: gitExecutable != nil, "git is not installed"))
    func stopsOnSameWord() throws {
        let result = try mergeWithDriver(
            Self.driverArguments, base: "Meet on Tuesday.\nBring the map.\n",
            ours: "Meet on Thursday.\nBring the map.\n", theirs: "Meet on Friday.\nBring the map.\n"
        )
        #expect(result.merge.status != 0, "\(result.merge.standardOutput)\(result.merge.standardError)")
        #expect(result.merged == """
            <<<<<<< ours
            Meet on Thursday.
            =======
            Meet on Friday.
            >>>>>>> theirs
            Bring the map.

            """)
        #expect(result.status.contains("UU note.txt"), "\(result.status)")
    }

    @Test("the git config line in merge --help can be pasted as printed: its lines fit 80 columns and set the driver",
          .enabled(if: gitExecutable != nil, "git is not installed"))
    func helpLinePastes() throws {
        let help = try runProcess(try ForkedEditBinary.path, ["merge", "--help"], environment: ["COLUMNS": "80"])
        let lines = help.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex { $0.contains("git config merge.forked.driver") }, "\(help.standardOutput)")
        var command: [String] = []
        for line in lines[start...] {
            command.append(line)
            if !line.hasSuffix("\\") { break }
        }
        #expect(command.allSatisfy { $0.count <= 80 }, "\(command)")
        let repository = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: repository) }
        try git(["init", "-q"], in: repository)
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
        let pasted = try runProcess("/bin/bash", ["-c", command.joined(separator: "\n")], in: repository, environment: environment)
        #expect(pasted.status == 0, "\(pasted.standardError)")
        let driver = try git(["config", "--get", "merge.forked.driver"], in: repository).standardOutput
        #expect(driver.split(whereSeparator: \.isWhitespace) == Self.driverLine.split(whereSeparator: \.isWhitespace), "\(driver)")
    }

    /// The driver the README and `merge --help` tell users to configure.
    static let driverLine = "forked-edit merge --markers -L ours -L theirs --marker-size %L --path %P %O %A %B -o %A"
}

struct GitUnavailable: Error, CustomStringConvertible {
    var description: String { "git is not installed" }
}
