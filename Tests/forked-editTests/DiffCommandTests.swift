import ForkedEditCore
import ForkedEditPersistence
import ForkedHistory
import Foundation
import Testing

/// `forked-edit diff` prints what changed as `git diff --word-diff` does: changed lines with a few
/// around them, under `@@` line numbers, not the whole document.
@Suite("forked-edit diff")
struct DiffCommandTests {
    @Test("a two-word change in a long document prints its hunk with context; --context and --whole")
    func hunksWithContext() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("notes.txt")
        let old = (1...40).map { "Line \($0) of the notes." }.joined(separator: "\n") + "\n"
        let new = old.replacingOccurrences(of: "Line 20 of the", with: "Line twenty of these")
            .replacingOccurrences(of: "Line 30 of the notes.\n", with: "Line 30 of the notes.\nA line added after 30.\n")
        try new.write(to: file, atomically: false, encoding: .utf8)
        let history = History<TextDocument>(store: try FileCommitStore(directory: directory.appendingPathComponent(".notes.txt.forked/history")))
        try history.record(TextDocument(text: old), head: "main", origin: "this-device")
        try history.record(TextDocument(text: new), head: "main", origin: "this-device")

        let diff = try runProcess(try ForkedEditBinary.path, ["diff", file.path, "@~1", "@"])
        #expect(diff.status == 0, "\(diff.standardError)")
        #expect(diff.standardOutput == """
            @@ -17,7 +17,7 @@
            Line 17 of the notes.
            Line 18 of the notes.
            Line 19 of the notes.
            Line [-20-]{+twenty+} of [-the-]{+these+} notes.
            Line 21 of the notes.
            Line 22 of the notes.
            Line 23 of the notes.
            @@ -28,6 +28,7 @@
            Line 28 of the notes.
            Line 29 of the notes.
            Line 30 of the notes.
            {+A line added after 30.+}
            Line 31 of the notes.
            Line 32 of the notes.
            Line 33 of the notes.

            """, "\(diff.standardOutput)")

        let tight = try runProcess(try ForkedEditBinary.path, ["diff", file.path, "@~1", "@", "--context", "0"])
        #expect(tight.standardOutput == "@@ -20,1 +20,1 @@\nLine [-20-]{+twenty+} of [-the-]{+these+} notes.\n@@ -30,0 +31,1 @@\n{+A line added after 30.+}\n",
                "\(tight.standardOutput)")

        let whole = try runProcess(try ForkedEditBinary.path, ["diff", file.path, "@~1", "@", "--whole"])
        #expect(whole.standardOutput.split(separator: "\n").count == 41)

        let negative = try runProcess(try ForkedEditBinary.path, ["diff", file.path, "@~1", "--context", "-1"])
        #expect(negative.status != 0)
        #expect(negative.standardError.contains("--context"), "\(negative.standardError)")
    }
}
