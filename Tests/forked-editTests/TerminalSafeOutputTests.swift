import ForkedEditCore
import ForkedEditPersistence
import ForkedHistory
import Foundation
import Testing

/// What others wrote (a peer's device name, synced text) reaches the terminal as visible
/// characters, never as escape sequences the terminal would act on.
@Suite("forked-edit: others' names and text are escaped in terminal output")
struct TerminalSafeOutputTests {
    @Test("log shows a peer's escape sequences in caret notation; show piped keeps the version's bytes")
    func logEscapesOriginAndText() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("plan.txt")
        let text = "title\u{1B}]0;pwned\u{07} here\u{9B}2J\n"
        try text.write(to: file, atomically: false, encoding: .utf8)
        let history = History<TextDocument>(store: try FileCommitStore(directory: directory.appendingPathComponent(".plan.txt.forked/history")))
        try history.record(TextDocument(text: text), head: "main", origin: "eve\u{1B}]52;c;Y3VybA==\u{07}")

        let log = try runProcess(try ForkedEditBinary.path, ["log", file.path])
        #expect(log.status == 0, "\(log.standardError)")
        #expect(!log.standardOutput.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B }, "\(log.standardOutput.debugDescription)")
        #expect(log.standardOutput.contains("eve^[]52;c;Y3VybA==^G"), "\(log.standardOutput)")
        #expect(log.standardOutput.contains("<U+009B>2J") || log.standardOutput.contains("title^[]0;pwned^G"), "\(log.standardOutput)")

        let show = try runProcess(try ForkedEditBinary.path, ["show", file.path, "@~0"])
        #expect(show.status == 0, "\(show.standardError)")
        #expect(show.standardOutput == text, "redirected, the version's bytes are written as they are")
    }
}
