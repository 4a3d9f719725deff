import Foundation
import Testing

/// How the editor refuses to start where it cannot run, as in CI: one line, exit status 2,
/// and never a hang.
@Suite("forked-edit start-up without a usable terminal")
struct EditorStartupTests {
    private func expectOneLineFailure(_ outcome: ProcessOutcome, mentioning text: String) {
        #expect(outcome.status == 2, "stderr: \(outcome.standardError)")
        #expect(outcome.standardError.hasPrefix("forked-edit: "))
        #expect(outcome.standardError.hasSuffix("\n"))
        #expect(outcome.standardError.split(separator: "\n").count == 1, "stderr: \(outcome.standardError)")
        #expect(outcome.standardError.contains(text), "stderr: \(outcome.standardError)")
        #expect(outcome.standardOutput.isEmpty)
    }

    @Test("With standard input from /dev/null the editor exits at once with status 2")
    func noTerminal() throws {
        let outcome = try runProcess(try ForkedEditBinary.path, [], timeout: .seconds(10))
        expectOneLineFailure(outcome, mentioning: "terminal")
    }

    @Test("A file that is not UTF-8 text is refused before the terminal is touched")
    func notUTF8File() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("latin1.txt")
        try Data([0x63, 0x61, 0x66, 0xE9, 0x0A]).write(to: file)
        let outcome = try runProcess(try ForkedEditBinary.path, [file.path], timeout: .seconds(10))
        expectOneLineFailure(outcome, mentioning: file.path)
    }

    @Test("A binary file is refused")
    func binaryFile() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("image.bin")
        try Data([0x89, 0x50, 0x4E, 0x47, 0x00, 0x01]).write(to: file)
        let outcome = try runProcess(try ForkedEditBinary.path, [file.path], timeout: .seconds(10))
        expectOneLineFailure(outcome, mentioning: file.path)
    }

    @Test("Fork names that cannot work are refused before the terminal is touched")
    func invalidForkNames() throws {
        for names in ["alice,alice", "alice", "main,bob", "a,b,c"] {
            let outcome = try runProcess(try ForkedEditBinary.path, ["--forks", names], timeout: .seconds(10))
            expectOneLineFailure(outcome, mentioning: "fork")
        }
    }

    @Test("A directory is refused")
    func directoryArgument() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outcome = try runProcess(try ForkedEditBinary.path, [directory.path], timeout: .seconds(10))
        expectOneLineFailure(outcome, mentioning: directory.path)
    }
}

/// The demo document ships twice, as `Assets/demo.txt` and compiled into the binary; the two
/// must not drift apart.
@Suite("Demo document")
struct DemoDocumentTests {
    private static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("The embedded copy matches Assets/demo.txt")
    func embeddedCopyMatchesAsset() throws {
        let asset = try String(
            contentsOf: Self.repositoryRoot.appendingPathComponent("Assets/demo.txt"), encoding: .utf8
        )
        let source = try String(
            contentsOf: Self.repositoryRoot.appendingPathComponent("Sources/forked-edit/Support/DemoDocument.swift"),
            encoding: .utf8
        )
        let opening = try #require(source.range(of: "static let embeddedText = \"\"\"\n"))
        let closing = try #require(source.range(of: "\n        \"\"\"", range: opening.upperBound..<source.endIndex))
        let literal = source[opening.upperBound..<closing.lowerBound]
        let embedded = literal.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("        ") ? $0.dropFirst(8) : $0 }
            .joined(separator: "\n")
        #expect(embedded == asset)
    }
}
