import Foundation

/// An executable SwiftPM built next to this test binary (the products directory they share).
func builtProduct(_ name: String) throws -> String {
    var directory = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    for _ in 0..<4 {
        let candidate = directory.appendingPathComponent(name).path
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        directory = directory.deletingLastPathComponent()
    }
    throw HarnessError("\(name) was not built next to the tests; run `swift build --build-tests`")
}

/// Runs `executable` to its end in `/tmp` with no standard input; its exit status and everything it printed.
func runToEnd(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws -> (status: Int32, output: String) {
    let running = try LaunchedProcess(executable, arguments, environment: environment)
    return (running.waitForExit(), try running.output())
}

/// A process started in `/tmp` (which any user may enter, the server's user too) with no standard
/// input, printing into a file of its own.
///
/// The output goes to a file, not a pipe: `pg_ctl start` leaves a server running that inherits
/// whatever descriptors were open when it was spawned, among them other tests' pipes, and a
/// reader waiting for a pipe's end would then wait for that server to stop.
final class LaunchedProcess {
    let process = Process()
    private let outputURL = FileManager.default.temporaryDirectory.appendingPathComponent("forked-run-\(UUID().uuidString).out")

    init(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws {
        guard FileManager.default.createFile(atPath: outputURL.path, contents: nil) else {
            throw HarnessError("cannot create \(outputURL.path)")
        }
        let output = try FileHandle(forWritingTo: outputURL)
        defer { try? output.close() }
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.currentDirectoryURL = URL(fileURLWithPath: "/tmp")
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    deinit { try? FileManager.default.removeItem(at: outputURL) }

    /// Waits for the process to end; its exit status.
    func waitForExit() -> Int32 {
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Everything the process printed so far.
    func output() throws -> String { try String(contentsOf: outputURL, encoding: .utf8) }
}
