import Foundation

/// A program started with a clean signal state, no standard input and its output in a file of
/// its own; ``wait(timeout:)`` reaps it.
///
/// Two things make Foundation's `Process` unsuitable for tests that start servers (tmux,
/// PostgreSQL): the child inherits the test thread's blocked signals (so SIGTERM, SIGHUP or a
/// server's own SIGCHLD would never arrive), and a pipe for its output is inherited by the server
/// the child leaves running, which keeps it open forever, so reading the output to its end would
/// never return.
public final class CleanProcess {
    /// The child's process id.
    public let pid: pid_t
    private let outputPath: String
    private var exitStatus: Int32?

    /// Starts `executable` in `directory` (the caller's when `nil`); standard error goes with
    /// standard output into the output file when `capturingStandardError`, else to /dev/null.
    public init(
        _ executable: String, _ arguments: [String], environment: [String: String],
        directory: String? = nil, capturingStandardError: Bool = false
    ) throws {
        outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("forked-spawn-\(UUID().uuidString)").path
        var fileActions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fileActions)
        defer { posix_spawn_file_actions_destroy(&fileActions) }
        posix_spawn_file_actions_addopen(&fileActions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&fileActions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        if capturingStandardError {
            posix_spawn_file_actions_adddup2(&fileActions, 1, 2)
        } else {
            posix_spawn_file_actions_addopen(&fileActions, 2, "/dev/null", O_WRONLY, 0)
        }
        // Nothing else is inherited: not the build lock `flock` holds open for `swift test`, nor
        // the test's own files, which a daemon started this way (postgres) would keep open.
        // (glibc 2.34 and later; Swift's Glibc module does not export it, so it is looked up.)
        if let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") {
            typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
            _ = unsafeBitCast(symbol, to: CloseFrom.self)(&fileActions, 3)
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        // posix_spawn_file_actions_addchdir_np is not in Swift's Glibc module: env changes directory.
        let command = directory.map { ["/usr/bin/env", "--chdir=\($0)", executable] } ?? [executable]
        let argv: [UnsafeMutablePointer<CChar>?] = (command + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, command[0], &fileActions, &attributes, argv, envp)
        guard spawned == 0 else {
            unlink(outputPath)
            throw SpawnFailed(executable: executable, code: spawned)
        }
        self.pid = pid
    }

    deinit {
        if exitStatus == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        unlink(outputPath)
    }

    /// Waits for the program to end, killing it after `timeout`; its exit status (128 + the
    /// signal for a program a signal ended).
    public func wait(timeout: Duration = .seconds(10)) throws -> Int32 {
        if let exitStatus { return exitStatus }
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            if clock.now >= deadline {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                exitStatus = 128 + SIGKILL
                throw SpawnFailed(executable: "process \(pid)", code: ETIMEDOUT)
            }
            usleep(1_000)
        }
        let exit = Self.exitStatus(status)
        exitStatus = exit
        return exit
    }

    /// Waits for the program to end without holding a thread (tests share a few), killing it
    /// after `timeout`; its exit status.
    public func exit(timeout: Duration) async throws -> Int32 {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while !hasExited, clock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        return try wait(timeout: .zero)
    }

    /// Whether the program has ended (reaping it when it has).
    private var hasExited: Bool {
        if exitStatus != nil { return true }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return false }
        exitStatus = Self.exitStatus(status)
        return true
    }

    /// The exit status, or 128 + the signal, from a `waitpid` status (WIFEXITED and WEXITSTATUS
    /// are macros Swift cannot import).
    private static func exitStatus(_ status: Int32) -> Int32 {
        (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }

    /// Everything the program wrote to its output file so far.
    public var output: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }
}

/// Runs a program with a clean signal state and its output in a file, waiting at most `timeout`.
public func spawnCleanly(
    _ executable: String, _ arguments: [String], environment: [String: String], directory: String? = nil,
    capturingStandardError: Bool = false, timeout: Duration = .seconds(10)
) throws -> (status: Int32, output: String) {
    let process = try CleanProcess(
        executable, arguments, environment: environment, directory: directory, capturingStandardError: capturingStandardError
    )
    let status = try process.wait(timeout: timeout)
    return (status, process.output)
}

/// A program that could not be started, or did not end in time.
public struct SpawnFailed: Error, CustomStringConvertible {
    /// The program.
    public let executable: String
    /// The `errno` of the failure.
    public let code: Int32
    /// What went wrong, in words.
    public var description: String { "\(executable) could not be run: \(String(cString: strerror(code)))" }
}
