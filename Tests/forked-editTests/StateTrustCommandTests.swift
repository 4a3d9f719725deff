import Foundation
import Testing

/// Every command that reads the state beside a file refuses state that is a link or holds one,
/// with one line and exit 2, writing nothing.
@Suite("forked-edit: state that is not the user's own is refused")
struct StateTrustCommandTests {
    @Test("the editor, log, show, diff, restore and forks refuse a linked state directory or a linked history", arguments: [
        ["FILE"], ["log", "FILE"], ["forks", "FILE"], ["show", "FILE", "1"], ["diff", "FILE", "1"], ["restore", "FILE", "1"],
    ])
    func linkedStateIsRefused(_ arguments: [String]) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("plan.txt")
        try "plan\n".write(to: file, atomically: false, encoding: .utf8)
        let elsewhere = directory.appendingPathComponent("elsewhere", isDirectory: true)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let state = directory.appendingPathComponent(".plan.txt.forked")
        try FileManager.default.createSymbolicLink(at: state, withDestinationURL: elsewhere)
        let outcome = try runProcess(try ForkedEditBinary.path, arguments.map { $0 == "FILE" ? file.path : $0 })
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("\(state.path) is a symbolic link: refusing to use it"), "\(outcome.standardError)")
        #expect(outcome.standardError.split(separator: "\n").count == 1, "\(outcome.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)

        // A real directory whose history is a link to another file's history: refused too.
        try FileManager.default.removeItem(at: state)
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: state.appendingPathComponent("history"), withDestinationURL: elsewhere)
        let linkedHistory = try runProcess(try ForkedEditBinary.path, arguments.map { $0 == "FILE" ? file.path : $0 })
        #expect(linkedHistory.status == 2)
        #expect(linkedHistory.standardError.contains("history is a symbolic link"), "\(linkedHistory.standardError)")
    }
}
