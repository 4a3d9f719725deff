import Foundation

/// A detached tmux server on its own socket, running one command in one pane, so tests can
/// type into the real editor and read the screen back. The server is killed on `close`.
public final class TmuxSession {
    /// Where tmux is installed, or `nil` when it is not (tests then skip with that reason).
    public static let executable: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    private let tmux: String
    private let socket = "forked-edit-test-\(UUID().uuidString.prefix(8))"
    private var closed = false

    /// Starts `command` (a shell command line) in a detached `columns` x `rows` session.
    public init(command: String, columns: Int = 100, rows: Int = 30) throws {
        guard let tmux = Self.executable else { throw TmuxUnavailable() }
        self.tmux = tmux
        // -f /dev/null: the user's tmux configuration must not change what the test sees.
        try run(["-f", "/dev/null", "new-session", "-d", "-s", "editor", "-x", "\(columns)", "-y", "\(rows)", command])
    }

    deinit {
        close()
    }

    /// Runs any tmux command on this session's server (an option, `show-buffer`), returning its output.
    @discardableResult
    public func command(_ arguments: String...) throws -> String {
        try run(arguments)
    }

    /// Sends tmux key names, such as `Tab`, `F5`, `C-s`, `BSpace`.
    public func sendKeys(_ keys: String...) throws {
        try run(["send-keys", "-t", "editor"] + keys)
    }

    /// Types text literally, character by character as a terminal would send it.
    public func type(_ text: String) throws {
        try run(["send-keys", "-t", "editor", "-l", text])
    }

    /// Pastes text as a terminal does: bracketed (`-p`) when the program asked for it.
    public func paste(_ text: String) throws {
        try run(["set-buffer", "-b", "test-paste", text])
        try run(["paste-buffer", "-p", "-d", "-b", "test-paste", "-t", "editor"])
    }

    /// Changes the window size, as a user resizing their terminal would.
    public func resize(columns: Int, rows: Int) throws {
        try run(["resize-window", "-t", "editor", "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// The visible screen, one line per row.
    public func capture() throws -> String {
        try run(["capture-pane", "-p", "-t", "editor"])
    }

    /// The screen for a failure message; never throws.
    public var screenForMessage: String {
        (try? capture()) ?? "(the screen could not be captured)"
    }

    /// Polls the screen every few milliseconds until `condition` holds; returns the screen
    /// that satisfied it, or `nil` after `timeout`.
    public func waitForScreen(timeout: Duration = .seconds(5), _ condition: (String) -> Bool) throws -> String? {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while clock.now < deadline {
            let screen = try capture()
            if condition(screen) { return screen }
            usleep(7_000)
        }
        return nil
    }

    /// Whether the session still exists (it ends when the editor exits).
    public var isRunning: Bool {
        (try? run(["has-session", "-t", "editor"])) != nil
    }

    /// Waits for the editor to exit and its session to end.
    public func waitForExit(timeout: Duration = .seconds(5)) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while clock.now < deadline {
            if !isRunning { return true }
            usleep(10_000)
        }
        return false
    }

    /// Kills the tmux server and removes its socket; safe to call more than once.
    public func close() {
        guard !closed else { return }
        closed = true
        _ = try? run(["kill-server"])
        // A killed server leaves its socket file behind.
        let directory = ProcessInfo.processInfo.environment["TMUX_TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        unlink("\(directory)/tmux-\(getuid())/\(socket)")
    }

    @discardableResult
    private func run(_ arguments: [String]) throws -> String {
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "TMUX")
        let result = try spawnCleanly(tmux, ["-L", socket] + arguments, environment: environment)
        guard result.status == 0 else { throw TmuxCommandFailed(arguments: arguments) }
        return result.output
    }
}

public struct TmuxUnavailable: Error, CustomStringConvertible {
    public var description: String { "tmux is not installed" }
}

public struct TmuxCommandFailed: Error, CustomStringConvertible {
    public let arguments: [String]
    public var description: String { "tmux \(arguments.joined(separator: " ")) failed" }
}
