#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One C stream, closed exactly once, when this value ends.
struct OwnedCStream: ~Copyable {
    let pointer: UnsafeMutablePointer<FILE>

    /// Opens `/dev/null` in `mode` ("r" or "w").
    init(nullDeviceMode mode: String) throws {
        guard let pointer = fopen("/dev/null", mode) else {
            throw TerminalStartupError.setupFailed("opening /dev/null")
        }
        self.pointer = pointer
    }

    deinit {
        fclose(pointer)
    }
}

/// The input and output an off-screen ncurses screen reads and writes: both `/dev/null`.
/// Owned by the terminal, so they outlive the ncurses screen that uses them.
struct NullDeviceStreams: ~Copyable {
    let input: OwnedCStream
    let output: OwnedCStream

    init() throws {
        let output = try OwnedCStream(nullDeviceMode: "w")
        let input = try OwnedCStream(nullDeviceMode: "r")
        self.output = output
        self.input = input
    }
}
