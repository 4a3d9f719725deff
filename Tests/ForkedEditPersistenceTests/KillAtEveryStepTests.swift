import Forked
import ForkedEditCore
import ForkedEditPersistence
import Foundation
import Testing

private let fileVariable = "FORKED_KILL_TEST_FILE"
private let acknowledgementsVariable = "FORKED_KILL_TEST_ACKNOWLEDGEMENTS"

/// A child process edits a file (journal, snapshot, merge and save, close) and is killed with
/// SIGKILL after its first system call on the file's directory, then after its second, and so on
/// through every call the work makes. After each kill the file and its state reopen to the old
/// state or the new one, never a mix, and every edit the child had acknowledged is there.
@Suite("A kill at every step")
struct KillAtEveryStepTests {
    /// What the child does; after each stage it says so in the acknowledgements directory
    /// (outside the watched one, so those writes are not counted).
    @Test(.enabled(if: ProcessInfo.processInfo.environment[fileVariable] != nil))
    func killedWorker() throws {
        let environment = ProcessInfo.processInfo.environment
        let file = URL(fileURLWithPath: try #require(environment[fileVariable]))
        let acknowledgements = URL(fileURLWithPath: try #require(environment[acknowledgementsVariable]))
        func acknowledge(_ stage: String) throws {
            try Data().write(to: acknowledgements.appendingPathComponent(stage))
        }
        let document = try PersistentDocument.open(
            file: file, ownForks: [Fork(name: "left"), Fork(name: "right")],
            fileText: try String(contentsOf: file, encoding: .utf8)
        )
        let session = try document.makeSession(fileName: file.path, columns: 80, rows: 24, writer: AtomicDocumentWriter())
        try type("ABC", into: session)
        try document.flushJournals()
        try acknowledge("journaled")
        try type("<Tab><End>!", into: session)
        try document.synchronize()
        try acknowledge("snapshotted")
        try type("<C-s>", into: session)
        try #require(session.message?.contains("saved") == true, "\(session.message ?? "")")
        try acknowledge("saved")
        try document.close()
        try acknowledge("closed")
    }

    @Test("a kill after any system call of editing, snapshotting and saving loses nothing acknowledged")
    func killAtEveryStep() throws {
        let original = "hello\n"
        let pristine = try ScratchFile(text: original)
        try pristine.open().close()
        var kills = 0
        for step in 1...2_000 {
            let copy = try pristine.copy()
            let acknowledgements = FileManager.default.temporaryDirectory.appendingPathComponent("forked-acks-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: acknowledgements, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: acknowledgements) }
            let worker = Process()
            worker.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
            worker.arguments = ["--testing-library", "swift-testing", "--filter", "killedWorker"]
            var environment = ProcessInfo.processInfo.environment
            environment[fileVariable] = copy.file.path
            environment[acknowledgementsVariable] = acknowledgements.path
            environment["FORKED_TEST_FAULTS"] = "kill:\(step):\(copy.directory.path)"
            worker.environment = environment
            worker.standardOutput = FileHandle.nullDevice
            worker.standardError = FileHandle.nullDevice
            try worker.run()
            worker.waitUntilExit()
            let acknowledged = Set(try FileManager.default.contentsOfDirectory(atPath: acknowledgements.path))
            if worker.terminationReason == .exit {
                #expect(worker.terminationStatus == 0, "the worker failed on its own at step \(step)")
                #expect(acknowledged.contains("closed"))
                break
            }
            #expect(worker.terminationStatus == SIGKILL, "step \(step)")
            kills += 1

            let disk = try #require(copy.text, "step \(step): the file is gone")
            let saved = "ABChello!\n"
            #expect(disk == original || disk == saved, "step \(step): the file is a mix: \(disk.debugDescription)")
            if acknowledged.contains("saved") { #expect(disk == saved, "step \(step)") }
            let reopened: PersistentDocument
            do {
                reopened = try copy.open()
            } catch {
                Issue.record("step \(step): the state does not reopen: \(error)")
                continue
            }
            let left = try reopened.resource.value(in: Fork(name: "left"))?.text
            let right = try reopened.resource.value(in: Fork(name: "right"))?.text
            if acknowledged.contains("journaled") {
                #expect(left?.hasPrefix("ABChello") == true, "step \(step): left lost its edits: \(left ?? "nil")")
            }
            if acknowledged.contains("snapshotted") {
                #expect(left == "ABChello\n" || left == saved, "step \(step): \(left ?? "nil")")
                #expect(right == "hello!\n" || right == saved, "step \(step): \(right ?? "nil")")
            }
            try reopened.close()
        }
        #expect(kills >= 20, "the work made at least 20 system calls on the file's directory (\(kills))")
    }
}
