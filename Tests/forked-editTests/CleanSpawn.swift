import Foundation

/// Runs a program with a clean signal state and its output in a file, waiting at most `timeout`.
///
/// Two things make Foundation's `Process` unsuitable for starting tmux from a test: the child
/// inherits the test thread's blocked signals (so SIGTERM and SIGHUP would never reach the
/// editor), and a pipe for its output is inherited by the tmux server, which keeps it open
/// forever, so reading the output to its end would never return.
func spawnCleanly(
    _ executable: String, _ arguments: [String], environment: [String: String], timeout: Duration = .seconds(10)
) throws -> (status: Int32, output: String) {
    let outputPath = FileManager.default.temporaryDirectory
        .appendingPathComponent("forked-edit-spawn-\(UUID().uuidString)").path
    defer { unlink(outputPath) }

    var fileActions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&fileActions)
    defer { posix_spawn_file_actions_destroy(&fileActions) }
    posix_spawn_file_actions_addopen(&fileActions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&fileActions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&fileActions, 2, "/dev/null", O_WRONLY, 0)

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

    let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
        argv.forEach { free($0) }
        envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable, &fileActions, &attributes, argv, envp)
    guard spawned == 0 else { throw SpawnFailed(executable: executable, code: spawned) }

    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    var status: Int32 = 0
    while waitpid(pid, &status, WNOHANG) == 0 {
        if clock.now >= deadline {
            kill(pid, SIGKILL)
            waitpid(pid, &status, 0)
            throw SpawnFailed(executable: executable, code: ETIMEDOUT)
        }
        usleep(1_000)
    }
    let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    // WIFEXITED / WEXITSTATUS are macros Swift cannot import.
    let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    return (exitStatus, output)
}

struct SpawnFailed: Error, CustomStringConvertible {
    let executable: String
    let code: Int32
    var description: String { "\(executable) could not be run: \(String(cString: strerror(code)))" }
}
