import Foundation

/// Finds and runs the built `forked-edit` executable, as a user (or git) would.
enum ForkedEditBinary {
    /// The executable: `FORKED_EDIT_BINARY` if set, else the one SwiftPM built next to this
    /// test bundle (both land in the same products directory).
    static var path: String {
        get throws {
            let environment = ProcessInfo.processInfo.environment
            if let override = environment["FORKED_EDIT_BINARY"], !override.isEmpty { return override }
            let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            var directory = testBinary.deletingLastPathComponent()
            // On Linux the test binary sits directly in the products directory; on macOS it is
            // inside an .xctest bundle a few levels further down.
            for _ in 0..<4 {
                let candidate = directory.appendingPathComponent("forked-edit").path
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
                directory = directory.deletingLastPathComponent()
            }
            throw MissingBinary(searchedFrom: testBinary.path)
        }
    }

    struct MissingBinary: Error, CustomStringConvertible {
        let searchedFrom: String
        var description: String {
            "forked-edit was not built next to \(searchedFrom); run `swift build` first or set FORKED_EDIT_BINARY"
        }
    }
}

/// What a finished process left behind.
struct ProcessOutcome {
    var status: Int32
    var standardOutput: String
    var standardError: String
}

/// Runs a program to completion with standard input from `/dev/null`, killing it after
/// `timeout` so a hang fails the test instead of stalling the run.
func runProcess(
    _ executable: String,
    _ arguments: [String],
    in directory: URL? = nil,
    environment: [String: String]? = nil,
    timeout: Duration = .seconds(20)
) throws -> ProcessOutcome {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("forked-edit-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outputURL = scratch.appendingPathComponent("stdout")
    let errorURL = scratch.appendingPathComponent("stderr")
    try Data().write(to: outputURL)
    try Data().write(to: errorURL)

    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    var childEnvironment = environment ?? ProcessInfo.processInfo.environment
    childEnvironment["SWIFT_BACKTRACE"] = "interactive=no,output-to=stderr"
    process.environment = childEnvironment
    process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
    let outputHandle = try FileHandle(forWritingTo: outputURL)
    let errorHandle = try FileHandle(forWritingTo: errorURL)
    process.standardOutput = outputHandle
    process.standardError = errorHandle

    let clock = ContinuousClock()
    let start = clock.now
    try process.run()
    while process.isRunning, clock.now - start < timeout {
        usleep(2_000)
    }
    if process.isRunning {
        process.terminate()
        process.waitUntilExit()
    }
    try outputHandle.close()
    try errorHandle.close()
    return ProcessOutcome(
        status: process.terminationStatus,
        standardOutput: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
        standardError: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self)
    )
}

/// A fresh temporary directory, removed by the caller.
func makeTemporaryDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("forked-edit-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
}
