import Foundation
@_spi(FaultInjection) @testable import Forked
import Testing

@Suite("Atomic file writes")
struct AtomicFileTests {
    @Test("a failure at every step of a write leaves the old file and no temporary file", arguments: [ENOSPC, EIO])
    func faultAtEveryStep(code: Int32) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("notes.txt")
        try Data("old text\n".utf8).write(to: target)
        let dryRun = FileFaults.run(FileFaults.Plan(directory: directory, step: nil)) {
            try AtomicFile.write("new text\n".utf8, to: target, options: .keepsExistingFile)
        }
        try dryRun.result.get()
        #expect(dryRun.outcome.steps >= 4, "open, write, attributes, sync, rename: \(dryRun.outcome.calls)")
        try Data("old text\n".utf8).write(to: target)
        for step in 1...dryRun.outcome.steps {
            let run = FileFaults.run(FileFaults.Plan(directory: directory, step: step, action: .fail(code))) {
                try AtomicFile.write("new text\n".utf8, to: target, options: .keepsExistingFile)
            }
            #expect(run.outcome.fired)
            let text = try String(contentsOf: target, encoding: .utf8)
            switch run.result {
            case .success:
                // Only the directory flush after the rename may fail without failing the write.
                #expect(text == "new text\n", "step \(step)")
                try Data("old text\n".utf8).write(to: target)
            case .failure(let error):
                #expect(text == "old text\n", "step \(step): \(error)")
                #expect("\(error)".contains(target.path), "the error names the file: \(error)")
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["notes.txt"], "step \(step)")
        }
    }

    @Test("a user's file keeps its permissions and its symbolic link")
    func keepsModeAndLink() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("real.sh")
        let link = directory.appendingPathComponent("link.sh")
        try Data("echo old\n".utf8).write(to: target)
        chmod(target.path, 0o750)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real.sh")
        try AtomicFile.write("echo new\n".utf8, to: link, options: .keepsExistingFile)
        #expect(try String(contentsOf: target, encoding: .utf8) == "echo new\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "real.sh")
        var status = stat()
        #expect(stat(target.path, &status) == 0)
        #expect(status.st_mode & 0o7777 == 0o750)
    }

    @Test("a file nobody may write is refused, not replaced, even for root")
    func refusesReadOnly() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("locked.txt")
        try Data("keep me\n".utf8).write(to: target)
        chmod(target.path, 0o444)
        #expect(!AtomicFile.isWritable(target.path))
        #expect {
            try AtomicFile.write("replaced\n".utf8, to: target, options: .keepsExistingFile)
        } throws: { error in
            "\(error)".contains("read-only")
        }
        #expect(try String(contentsOf: target, encoding: .utf8) == "keep me\n")
        var status = stat()
        #expect(stat(target.path, &status) == 0 && status.st_mode & 0o777 == 0o444)
    }
}
