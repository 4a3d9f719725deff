import Foundation
import Testing

/// `forked-edit merge` on true conflicts: exit status 1, where they are, git-style markers.
@Suite("forked-edit merge reports conflicts")
struct MergeConflictCommandTests {
    static let ancestor = "title\nthe cat sat\nend\n"
    static let dominant = "title\nthe dog sat\nend\n"
    static let subordinate = "Title\nthe cow sat\nend\n"

    private func writeVersions(in directory: URL) throws -> [String] {
        let paths = ["base", "ours", "theirs"].map { directory.appendingPathComponent($0).path }
        for (path, text) in zip(paths, [Self.ancestor, Self.dominant, Self.subordinate]) {
            try text.write(toFile: path, atomically: false, encoding: .utf8)
        }
        return paths
    }

    @Test("A kept conflict exits 1, still writes the merge, and says how many and where")
    func exitsOneOnConflict() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let paths = try writeVersions(in: directory)
        let outcome = try runProcess(try ForkedEditBinary.path, ["merge"] + paths)
        #expect(outcome.status == 1, "\(outcome.standardError)")
        #expect(outcome.standardOutput == "Title\nthe dog cow sat\nend\n")
        #expect(outcome.standardError == "forked-edit: 1 conflict (kept both versions) at line 2\n")
    }

    @Test("Thousands of conflicts: the message lists the first twenty lines and counts the rest")
    func longConflictListIsCounted() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // 30 conflicts, each a word both sides replaced, on every other line.
        let lines = (0..<30).map { "item \($0) cat\nkeep \($0)\n" }
        let texts = [lines.joined(), lines.joined().replacingOccurrences(of: "cat", with: "dog"),
                     lines.joined().replacingOccurrences(of: "cat", with: "cow")]
        let paths = ["base", "ours", "theirs"].map { directory.appendingPathComponent($0).path }
        for (path, text) in zip(paths, texts) { try text.write(toFile: path, atomically: false, encoding: .utf8) }
        let outcome = try runProcess(try ForkedEditBinary.path, ["merge"] + paths)
        #expect(outcome.status == 1, "\(outcome.standardError)")
        let listed = (0..<20).map { "\(2 * $0 + 1)" }.joined(separator: ", ")
        #expect(outcome.standardError == "forked-edit: 30 conflicts (kept both versions) at lines \(listed) and 10 more\n")
    }

    @Test("--markers writes git-style markers around just the conflicting line, with -L labels and --marker-size")
    func writesMarkers() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let paths = try writeVersions(in: directory)
        let output = directory.appendingPathComponent("out").path
        let outcome = try runProcess(
            try ForkedEditBinary.path,
            ["merge", "--markers", "-L", "ours", "--label", "theirs", "--marker-size", "9"] + paths + ["-o", output]
        )
        #expect(outcome.status == 1, "\(outcome.standardError)")
        #expect(try String(contentsOfFile: output, encoding: .utf8) == """
            Title
            <<<<<<<<< ours
            the dog sat
            =========
            the cow sat
            >>>>>>>>> theirs
            end

            """)
        #expect(outcome.standardError.contains("1 conflict (marked) at line 2"))
    }

    @Test("Without -L the markers are labelled with the files' paths; a clean merge has none and exits 0")
    func defaultLabelsAndCleanMerge() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let paths = try writeVersions(in: directory)
        let marked = try runProcess(try ForkedEditBinary.path, ["merge", "--markers"] + paths)
        #expect(marked.standardOutput.contains("<<<<<<< \(paths[1])\n"))
        #expect(marked.standardOutput.contains(">>>>>>> \(paths[2])\n"))
        try "the cat sat on the mat\n".write(toFile: paths[2], atomically: false, encoding: .utf8)
        try "the cat sat\n".write(toFile: paths[0], atomically: false, encoding: .utf8)
        try "a cat sat\n".write(toFile: paths[1], atomically: false, encoding: .utf8)
        let clean = try runProcess(try ForkedEditBinary.path, ["merge", "--markers"] + paths)
        #expect(clean.status == 0, "\(clean.standardError)")
        #expect(clean.standardOutput == "a cat sat on the mat\n")
        #expect(clean.standardError.isEmpty)
    }

    @Test("An edited line inside a block the other side deleted goes with the block: exit 1, and stderr says so")
    func editInsideDeletedBlock() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let paths = try writeVersions(in: directory)
        try "head\none\ntwo\nthree\ntail\n".write(toFile: paths[0], atomically: false, encoding: .utf8)
        try "head\ntail\n".write(toFile: paths[1], atomically: false, encoding: .utf8)
        try "head\none\ntwo, edited\nthree\ntail\n".write(toFile: paths[2], atomically: false, encoding: .utf8)
        let outcome = try runProcess(try ForkedEditBinary.path, ["merge"] + paths)
        #expect(outcome.status == 1, "\(outcome.standardError)")
        #expect(outcome.standardOutput == "head\ntail\n")
        #expect(outcome.standardError == "forked-edit: 1 conflict (followed the deletion of the edited lines) at line 2\n")
    }

    @Test("--stats counts conflicts")
    func statsCountConflicts() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let paths = try writeVersions(in: directory)
        let outcome = try runProcess(try ForkedEditBinary.path, ["merge", "--stats"] + paths)
        #expect(outcome.status == 1)
        #expect(outcome.standardError.split(separator: "\n").contains("conflicts: 1"), "\(outcome.standardError)")
    }

    @Test("A third label or a marker size out of range is bad input: exit 2")
    func rejectsBadOptions() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let paths = try writeVersions(in: directory)
        let labels = try runProcess(try ForkedEditBinary.path, ["merge", "-L", "a", "-L", "b", "-L", "c"] + paths)
        #expect(labels.status == 2)
        #expect(labels.standardOutput.isEmpty)
        let size = try runProcess(try ForkedEditBinary.path, ["merge", "--marker-size", "0"] + paths)
        #expect(size.status == 2)
        // A negative size is refused for what it is, not taken for a missing value.
        let negative = try runProcess(try ForkedEditBinary.path, ["merge", "--marker-size", "-1"] + paths)
        #expect(negative.status == 2)
        #expect(negative.standardError.contains("between 1 and 1000 (got -1)"), "\(negative.standardError)")
    }

    /// Under git the inputs are temporary copies (`.merge_file_a1b2c3`): `--path` (git's %P)
    /// names the file the user knows, in the conflict count and in a refusal, with which input
    /// it was and the temporary name.
    @Test("--path names the merged file in messages: the conflict count, and which input was not text")
    func pathNamesTheFileInMessages() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let paths = try writeVersions(in: directory)
        let conflict = try runProcess(try ForkedEditBinary.path, ["merge", "--path", "docs/plan.txt"] + paths)
        #expect(conflict.status == 1)
        #expect(conflict.standardError == "forked-edit: docs/plan.txt: 1 conflict (kept both versions) at line 2\n")

        try Data([0x63, 0x61, 0x66, 0xE9, 0x0A]).write(to: URL(fileURLWithPath: paths[2]))   // "café" in Latin-1
        let refused = try runProcess(try ForkedEditBinary.path, ["merge", "--path", "docs/plan.txt", "-L", "ours", "-L", "theirs"] + paths)
        #expect(refused.status == 2)
        #expect(refused.standardOutput.isEmpty)
        #expect(refused.standardError == "forked-edit: docs/plan.txt (theirs, the subordinate side, \(paths[2])): is not valid UTF-8 text\n")
    }
}
