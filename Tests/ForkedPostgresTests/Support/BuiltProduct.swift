import ForkedTestSupport
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

/// Runs `executable` to its end in `/tmp` (which any user may enter, the server's user too), with
/// a clean signal state and no standard input; its exit status and everything it printed.
func runToEnd(
    _ executable: String, _ arguments: [String], environment: [String: String]? = nil, timeout: Duration = .seconds(60)
) throws -> (status: Int32, output: String) {
    try spawnCleanly(
        executable, arguments, environment: environment ?? ProcessInfo.processInfo.environment, directory: "/tmp",
        capturingStandardError: true, timeout: timeout
    )
}
