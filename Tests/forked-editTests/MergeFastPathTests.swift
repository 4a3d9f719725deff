import Foundation
import Testing

/// `forked-edit merge` reads its documented arguments without ArgumentParser (start-up time
/// for git); every argument list must give what ArgumentParser gives: the same output, file,
/// messages and exit status.
@Suite("forked-edit merge without ArgumentParser")
struct MergeFastPathTests {
    @Test("every argument list behaves the same with and without the fast path")
    func sameAsArgumentParser() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let base = directory.appendingPathComponent("base.txt").path
        let ours = directory.appendingPathComponent("ours.txt").path
        let theirs = directory.appendingPathComponent("theirs.txt").path
        let out = directory.appendingPathComponent("out.txt").path
        let binary = directory.appendingPathComponent("binary.bin").path
        try "one\ntwo cat\nthree\n".write(toFile: base, atomically: false, encoding: .utf8)
        try "one\ntwo dog\nthree\nfour\n".write(toFile: ours, atomically: false, encoding: .utf8)
        try "zero\none\ntwo cow\nthree\n".write(toFile: theirs, atomically: false, encoding: .utf8)
        try Data([0x61, 0x00, 0x62]).write(to: URL(fileURLWithPath: binary))
        let argumentLists: [[String]] = [
            ["merge", base, ours, theirs],
            ["merge", base, ours, theirs, "-o", out],
            ["merge", "--output", out, base, ours, theirs],
            ["merge", "--markers", "-L", "ours", "-L", "theirs", "--marker-size", "9", base, ours, theirs],
            ["merge", "--markers", "--label", "ours", base, ours, theirs, "--stats"],
            ["merge", "--path", "docs/notes.txt", "--markers", base, ours, theirs],
            ["merge", "--path", "docs/notes.txt", "-L", "ours", binary, ours, theirs],
            ["merge", "--marker-size", "0", "--markers", base, ours, theirs],
            ["merge", "-L", "a", "-L", "b", "-L", "c", base, ours, theirs],
            ["merge", base, base, base],
            ["merge", directory.appendingPathComponent("missing.txt").path, ours, theirs],
            ["merge", directory.path, ours, theirs],
            ["merge", binary, ours, theirs],
            ["merge", base, ours],
            ["merge", base, ours, theirs, "extra"],
            ["merge", "--marker-size", "many", base, ours, theirs],
            ["merge", "--marker-size", "-5", "--markers", base, ours, theirs],
            // ArgumentParser takes "-" as a file name, written in the current (temporary) directory.
            ["merge", "-o", "-", base, ours, theirs],
            ["merge", "--", base, ours, theirs],
            ["merge", "--unknown", base, ours, theirs],
            ["merge", "-o"],
            ["merge", "--help"],
        ]
        var environment = ProcessInfo.processInfo.environment
        for arguments in argumentLists {
            environment["FORKED_EDIT_NO_FAST_PATH"] = nil
            try? FileManager.default.removeItem(atPath: out)
            let fast = try runProcess(try ForkedEditBinary.path, arguments, in: directory, environment: environment)
            let fastFile = try? String(contentsOfFile: out, encoding: .utf8)
            environment["FORKED_EDIT_NO_FAST_PATH"] = "1"
            try? FileManager.default.removeItem(atPath: out)
            let parsed = try runProcess(try ForkedEditBinary.path, arguments, in: directory, environment: environment)
            let parsedFile = try? String(contentsOfFile: out, encoding: .utf8)
            let shown = arguments.joined(separator: " ")
            #expect(fast.status == parsed.status, "\(shown): \(fast.standardError) / \(parsed.standardError)")
            #expect(fast.standardOutput == parsed.standardOutput, "\(shown)")
            #expect(fast.standardError == parsed.standardError, "\(shown)")
            #expect(fastFile == parsedFile, "\(shown)")
        }
    }
}
