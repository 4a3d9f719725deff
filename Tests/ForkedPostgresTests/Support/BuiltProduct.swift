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

/// Runs `executable` to its end in `/tmp` (which any user may enter, the server's user too) with no
/// standard input; its exit status and everything it printed.
func runToEnd(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    process.currentDirectoryURL = URL(fileURLWithPath: "/tmp")
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}
