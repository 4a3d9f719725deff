import Foundation

/// Runs `git merge-file -p` on temporary files, as the reference point for merge speed.
struct GitMergeFile {
    private let directory: URL
    private let ancestorFile: URL
    private let dominantFile: URL
    private let subordinateFile: URL

    /// Writes the three versions to a fresh temporary directory.
    init(ancestor: [UInt8], dominant: [UInt8], subordinate: [UInt8]) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("forked-bench-\(ProcessInfo.processInfo.processIdentifier)-\(ancestor.count)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        ancestorFile = directory.appendingPathComponent("ancestor.txt")
        dominantFile = directory.appendingPathComponent("dominant.txt")
        subordinateFile = directory.appendingPathComponent("subordinate.txt")
        try Data(ancestor).write(to: ancestorFile)
        try Data(dominant).write(to: dominantFile)
        try Data(subordinate).write(to: subordinateFile)
    }

    /// Whether a `git` executable can be started.
    static var isAvailable: Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "--version"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus == 0
        } catch {
            return false
        }
    }

    /// Runs one merge and returns its output (with conflict markers where git found conflicts).
    @discardableResult
    func run() throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "merge-file", "-p", dominantFile.path, ancestorFile.path, subordinateFile.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data
    }

    /// Removes the temporary files.
    func cleanUp() {
        try? FileManager.default.removeItem(at: directory)
    }
}
