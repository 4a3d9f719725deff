import Foundation
import Testing

/// `forked-edit merge`, run as a separate process exactly as a user or git runs it.
@Suite("forked-edit merge")
struct MergeCommandTests {
    /// Three versions of a short file where the sides changed different lines.
    static let ancestor = "apples\nbread\ncheese\ndates\n"
    static let dominant = "apples\nsourdough bread\ncheese\ndates\n"
    static let subordinate = "apples\nbread\ncheese\nfigs\n"
    static let merged = "apples\nsourdough bread\ncheese\nfigs\n"

    private func writeVersions(in directory: URL) throws -> (ancestor: URL, dominant: URL, subordinate: URL) {
        let urls = (
            directory.appendingPathComponent("base.txt"),
            directory.appendingPathComponent("ours.txt"),
            directory.appendingPathComponent("theirs.txt")
        )
        try Self.ancestor.write(to: urls.0, atomically: false, encoding: .utf8)
        try Self.dominant.write(to: urls.1, atomically: false, encoding: .utf8)
        try Self.subordinate.write(to: urls.2, atomically: false, encoding: .utf8)
        return urls
    }

    @Test("Prints the merge of both sides' changes on standard output")
    func printsMergedText() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try writeVersions(in: directory)
        let outcome = try runProcess(try ForkedEditBinary.path, ["merge", files.ancestor.path, files.dominant.path, files.subordinate.path])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput == Self.merged)
        #expect(outcome.standardError.isEmpty)
    }

    @Test("Where both sides changed the same line in different places, both changes are kept")
    func sameLineDifferentWords() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let paths = ["base", "ours", "theirs"].map { directory.appendingPathComponent($0).path }
        try "The quick brown fox jumps over the lazy dog.\n".write(toFile: paths[0], atomically: false, encoding: .utf8)
        try "The quick red fox jumps over the lazy dog.\n".write(toFile: paths[1], atomically: false, encoding: .utf8)
        try "The quick brown fox jumps over the sleepy dog.\n".write(toFile: paths[2], atomically: false, encoding: .utf8)
        let outcome = try runProcess(try ForkedEditBinary.path, ["merge"] + paths)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput == "The quick red fox jumps over the sleepy dog.\n")
    }

    @Test("-o replaces the output file atomically, keeping its permissions and leaving no temporary file")
    func writesOutputAtomically() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try writeVersions(in: directory)
        let output = directory.appendingPathComponent("result.txt")
        try "old contents\n".write(to: output, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: output.path)

        let outcome = try runProcess(
            try ForkedEditBinary.path,
            ["merge", files.ancestor.path, files.dominant.path, files.subordinate.path, "-o", output.path]
        )
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.isEmpty)
        #expect(try String(contentsOf: output, encoding: .utf8) == Self.merged)
        let permissions = try FileManager.default.attributesOfItem(atPath: output.path)[.posixPermissions] as? Int
        #expect(permissions == 0o640)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(leftovers == ["base.txt", "ours.txt", "result.txt", "theirs.txt"])
    }

    @Test("-o through a symbolic link replaces the link's target and keeps the link")
    func writesThroughSymbolicLink() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try writeVersions(in: directory)
        let target = directory.appendingPathComponent("target.txt")
        try "old\n".write(to: target, atomically: false, encoding: .utf8)
        let link = directory.appendingPathComponent("link.txt")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "target.txt")

        let outcome = try runProcess(
            try ForkedEditBinary.path,
            ["merge", files.ancestor.path, files.dominant.path, files.subordinate.path, "-o", link.path]
        )
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "target.txt")
        #expect(try String(contentsOf: target, encoding: .utf8) == Self.merged)
    }

    @Test("--stats reports each side's inserted and deleted characters on standard error")
    func reportsStatistics() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try writeVersions(in: directory)
        // Dominant inserts "sourdough " (10 characters) and deletes "dates\n" (6); subordinate
        // turns "dates" into "figs", keeping the final "s" (3 in, 4 out).
        try "apples\nsourdough bread\ncheese\n".write(to: files.dominant, atomically: false, encoding: .utf8)
        let outcome = try runProcess(
            try ForkedEditBinary.path, ["merge", "--stats", files.ancestor.path, files.dominant.path, files.subordinate.path]
        )
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let lines = outcome.standardError.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines.contains("conflicts: 0"), "\(lines)")
        #expect(lines.contains("word audit: 0 places merged again as conflicts"), "\(lines)")
        #expect(lines.first { $0.hasPrefix("dominant") }?.hasSuffix("+10 -6 characters") == true, "\(lines)")
        #expect(lines.first { $0.hasPrefix("subordinate") }?.hasSuffix("+3 -4 characters") == true, "\(lines)")
    }

    @Test("two changes to one word exit 1 with both words kept, for every row of the word-rule table",
          arguments: [
              ("meet on Tuesday", "meet on Thursday", "meet on Friday", "meet on Thursday Friday"),
              ("budget", "costs", "money", "costs money"),
              ("version 1.2.3", "version 1.2.4", "version 1.3.0", "version 1.2.4 1.3.0"),
              ("port 5432", "port 5433", "port 6432", "port 5433 6432"),
              ("x = 10", "x = 12", "x = 20", "x = 12 20"),
              ("call Bob", "call Rob", "call Bill", "call Rob Bill"),
          ])
    func sameWordConflicts(ancestor: String, dominant: String, subordinate: String, expected: String) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try writeVersions(in: directory)
        try ancestor.write(to: files.ancestor, atomically: false, encoding: .utf8)
        try dominant.write(to: files.dominant, atomically: false, encoding: .utf8)
        try subordinate.write(to: files.subordinate, atomically: false, encoding: .utf8)
        let outcome = try runProcess(try ForkedEditBinary.path, ["merge", files.ancestor.path, files.dominant.path, files.subordinate.path])
        #expect(outcome.status == 1, "\(outcome.standardError)")
        #expect(outcome.standardOutput == expected)
        #expect(outcome.standardError.contains("1 conflict"), "\(outcome.standardError)")
    }

    @Test("Chinese edited at both ends merges cleanly: each character is a word of its own")
    func chineseMergesCleanly() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try writeVersions(in: directory)
        try "我喜欢猫。".write(to: files.ancestor, atomically: false, encoding: .utf8)
        try "我非常喜欢猫。".write(to: files.dominant, atomically: false, encoding: .utf8)
        try "我喜欢猫和狗。".write(to: files.subordinate, atomically: false, encoding: .utf8)
        let outcome = try runProcess(try ForkedEditBinary.path, ["merge", files.ancestor.path, files.dominant.path, files.subordinate.path])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput == "我非常喜欢猫和狗。")
    }

    /// Each kind of unusable input, written as the subordinate side.
    enum BadInput: String, CaseIterable, CustomTestStringConvertible {
        case missing, directory, binary, notUTF8

        var testDescription: String { rawValue }

        func create(at url: URL) throws {
            switch self {
            case .missing: break
            case .directory: try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
            case .binary: try Data("text\0with a NUL byte\n".utf8).write(to: url)
            case .notUTF8: try Data([0x63, 0x61, 0x66, 0xE9, 0x0A]).write(to: url)  // "café" in Latin-1
            }
        }
    }

    @Test("Unusable input: one line naming the file, exit status 2, nothing written", arguments: BadInput.allCases)
    func rejectsBadInput(_ input: BadInput) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try writeVersions(in: directory)
        let bad = directory.appendingPathComponent("bad-\(input.rawValue)")
        try input.create(at: bad)
        let output = directory.appendingPathComponent("out.txt")

        let outcome = try runProcess(
            try ForkedEditBinary.path, ["merge", files.ancestor.path, files.dominant.path, bad.path, "-o", output.path]
        )
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasSuffix("\n"))
        #expect(outcome.standardError.split(separator: "\n").count == 1)
        #expect(outcome.standardError.contains(bad.path))
        #expect(outcome.standardOutput.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test("Unusable input leaves an existing output file untouched")
    func keepsOutputOnFailure() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try writeVersions(in: directory)
        try BadInput.binary.create(at: files.subordinate)
        let outcome = try runProcess(
            try ForkedEditBinary.path,
            ["merge", files.ancestor.path, files.dominant.path, files.subordinate.path, "-o", files.dominant.path]
        )
        #expect(outcome.status == 2)
        #expect(try String(contentsOf: files.dominant, encoding: .utf8) == Self.dominant)
    }

    @Test("A command line that cannot be read exits 2 with a message, as other bad input does")
    func rejectsBadOptions() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try writeVersions(in: directory)
        let paths = [files.ancestor.path, files.dominant.path, files.subordinate.path]
        for arguments in [["--marker-size", "abc"] + paths, ["--no-such-option"] + paths, Array(paths.prefix(2)), paths + ["extra"]] {
            let outcome = try runProcess(try ForkedEditBinary.path, ["merge"] + arguments)
            #expect(outcome.status == 2, "\(arguments): \(outcome.standardError)")
            #expect(!outcome.standardError.isEmpty, "\(arguments)")
            #expect(outcome.standardOutput.isEmpty, "\(arguments)")
        }
        let help = try runProcess(try ForkedEditBinary.path, ["merge", "--help"])
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("--markers"))
    }
}
