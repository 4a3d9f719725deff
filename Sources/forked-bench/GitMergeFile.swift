import Foundation

/// Runs `git merge-file -p` on temporary files, as the reference point for merge speed.
struct GitMergeFile {
    private let directory: URL
    /// The common ancestor's file; other merge tools are timed on the same three files.
    let ancestorFile: URL
    /// The dominant (git's "current") version's file.
    let dominantFile: URL
    /// The subordinate (git's "other") version's file.
    let subordinateFile: URL

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
        (try? spawnAndWait(["git", "--version"])) == 0
    }

    /// Runs one merge, its output discarded, and returns git's exit status (the number of
    /// conflicts, capped at 127). Started with `posix_spawnp` rather than Foundation's `Process`,
    /// whose start-up on Linux costs tens of milliseconds and would flatter TextMerger.
    @discardableResult
    func run() throws -> Int32 {
        try GitMergeFile.spawnAndWait(["git", "merge-file", "-p", dominantFile.path, ancestorFile.path, subordinateFile.path])
    }

    /// A process that could not be started.
    struct SpawnError: Error, CustomStringConvertible {
        var code: Int32
        var program = "git"
        var description: String { "could not start \(program) (error \(code))" }
    }

    /// Starts `arguments` with standard output and error sent to /dev/null and waits for it.
    static func spawnAndWait(_ arguments: [String]) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var cArguments: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        cArguments.append(nil)
        defer { for argument in cArguments { free(argument) } }
        var pid = pid_t()
        let status = posix_spawnp(&pid, arguments[0], &actions, nil, cArguments, environ)
        guard status == 0 else { throw SpawnError(code: status, program: arguments[0]) }
        var exitStatus: Int32 = 0
        while waitpid(pid, &exitStatus, 0) == -1 {
            guard errno == EINTR else { throw SpawnError(code: errno, program: arguments[0]) }
        }
        // WEXITSTATUS, spelled out since the C macro is not imported.
        return (exitStatus >> 8) & 0xFF
    }

    /// Removes the temporary files.
    func cleanUp() {
        try? FileManager.default.removeItem(at: directory)
    }
}
