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

    @Test("A git merge that would conflict line by line is merged cleanly by the driver",
          .enabled(if: gitExecutable != nil, "git is not installed"))
    func mergesBranches() throws {
        let repository = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: repository) }
        let binary = try ForkedEditBinary.path
        try git(["init", "-q", "-b", "main"], in: repository)
        try git(["config", "merge.forked.name", "forked-edit three-way text merge"], in: repository)
        try git(["config", "merge.forked.driver", "'\(binary)' merge %O %A %B -o %A"], in: repository)
        try "*.txt merge=forked\n".write(to: repository.appendingPathComponent(".gitattributes"), atomically: false, encoding: .utf8)
        let note = repository.appendingPathComponent("note.txt")
        try "Meet on Tuesday at the old mill.\nBring the map.\n".write(to: note, atomically: false, encoding: .utf8)
        try commitAll("base", in: repository)

        try git(["checkout", "-q", "-b", "lighthouse"], in: repository)
        try "Meet on Tuesday at the lighthouse.\nBring the map.\n".write(to: note, atomically: false, encoding: .utf8)
        try commitAll("place", in: repository)

        try git(["checkout", "-q", "main"], in: repository)
        try "Meet on Thursday at the old mill.\nBring the map.\n".write(to: note, atomically: false, encoding: .utf8)
        try commitAll("day", in: repository)

        let merge = try git(["merge", "--no-edit", "lighthouse"], in: repository)
        #expect(merge.status == 0, "\(merge.standardOutput)\(merge.standardError)")
        #expect(try String(contentsOf: note, encoding: .utf8) == "Meet on Thursday at the lighthouse.\nBring the map.\n")
        let status = try git(["status", "--porcelain"], in: repository)
        #expect(status.standardOutput.isEmpty)
    }
}

struct GitUnavailable: Error, CustomStringConvertible {
    var description: String { "git is not installed" }
}
