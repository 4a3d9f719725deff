import CNcurses
import CTerminalSupport
import ForkedEditCore
import Foundation
import Synchronization

/// The editor's terminal: a thin adapter from ``TerminalBackend`` to ncurses.
///
/// Start-up checks everything that would otherwise hang or crash before ncurses touches the
/// terminal: both standard streams must be terminals, the locale must be UTF-8, and the
/// terminal type must be known (`newterm` is used because `initscr` exits the process on an
/// unknown type). Failures are ``TerminalStartupError``s, one line each.
///
/// ncurses keeps one current screen per process, so only one `NcursesTerminal` can run at a
/// time; ``shutdown()`` (also run on deinit) ends it and may be called any number of times.
///
/// ```swift
/// let terminal = try NcursesTerminal()
/// defer { terminal.shutdown() }
/// try terminal.draw(grid)
/// let event = try terminal.nextEvent(timeoutMilliseconds: 100)
/// ```
public final class NcursesTerminal: TerminalBackend {
    /// How long ncurses waits after ESC for the rest of an escape sequence. Short, so Escape
    /// feels immediate; long enough for a local or tmux-relayed sequence to arrive whole.
    public static let escapeDelayMilliseconds: Int32 = 25

    /// Whether an ncurses screen is alive somewhere in this process.
    private static let screenInUse = Mutex(false)

    private let screen: OpaquePointer
    /// Off-screen only: the streams ncurses reads and writes, closed when the terminal goes.
    private let offscreenStreams: NullDeviceStreams?
    /// Whether this terminal draws into memory only.
    public let isOffscreen: Bool
    private(set) var isShutDown = false
    private var decoder = TerminalInputDecoder()
    /// What the terminal shows, as of the last `draw`; `nil` forces a full redraw.
    var shownGrid: CellGrid?
    /// Colour pairs already defined, by foreground and background.
    var colorPairs: [ColorPairKey: Int16] = [:]
    /// Whether the terminal has colours and `start_color` succeeded.
    let colorsEnabled: Bool
    /// Whether the cursor is currently visible, to avoid repeating `curs_set`.
    var cursorVisible: Bool?

    /// Starts ncurses on the process's own terminal (standard input and output).
    ///
    /// - Parameter environment: The process environment: `TERM` names the terminal type, and the
    ///   locale variables tell whether a UTF-8 locale was meant when the one named is missing.
    /// - Throws: ``TerminalStartupError`` when standard input or output is not a terminal,
    ///   the locale is not UTF-8, the terminal type is unknown, or ncurses refuses raw mode.
    public convenience init(environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw TerminalStartupError.notATerminal
        }
        try UTF8Locale.adoptFromEnvironment(environment)
        try Self.claimScreen()
        _ = cts_save_terminal_settings(STDIN_FILENO)
        // Installed before newterm, so ncurses sees handlers in place and leaves SIGINT and
        // SIGTERM to the guard, which restores the terminal and then dies of the signal (exit
        // status 128 + n) instead of ncurses' exit(1).
        cts_install_signal_guard()
        let terminalType = environment["TERM"].flatMap { $0.isEmpty ? nil : $0 }
        guard let terminalType, let screen = newterm(terminalType, cnc_standard_output(), cnc_standard_input()) else {
            cts_remove_signal_guard()
            Self.releaseScreen()
            throw TerminalStartupError.unknownTerminal(terminalType)
        }
        self.init(screen: screen, offscreenStreams: nil)
        guard cnc_can_address_cursor() != 0 else {
            shutdown()
            throw TerminalStartupError.cannotAddressCursor(terminalType)
        }
        do {
            try configureInput()
        } catch {
            shutdown()
            throw error
        }
    }

    /// Starts ncurses without any terminal, drawing into memory only, for tests and CI.
    ///
    /// Output goes to `/dev/null` and input comes from it; ``renderedCell(row:column:)`` reads
    /// back what ncurses would have shown. Input can be supplied with ``pushInput(_:)``.
    ///
    /// - Parameters:
    ///   - columns: Screen width, at least 1.
    ///   - rows: Screen height, at least 1.
    ///   - terminalType: The terminfo entry to emulate.
    public static func offscreen(
        columns: Int, rows: Int, terminalType: String = "xterm-256color"
    ) throws -> NcursesTerminal {
        guard columns > 0, rows > 0, let columns32 = Int32(exactly: columns), let rows32 = Int32(exactly: rows) else {
            throw TerminalStartupError.setupFailed("a screen of \(columns)x\(rows)")
        }
        try UTF8Locale.adoptForOffscreenUse()
        try claimScreen()
        let streams: NullDeviceStreams
        do {
            streams = try NullDeviceStreams()
        } catch {
            releaseScreen()
            throw error
        }
        guard let screen = newterm(terminalType, streams.output.pointer, streams.input.pointer) else {
            releaseScreen()
            throw TerminalStartupError.unknownTerminal(terminalType)
        }
        let terminal = NcursesTerminal(screen: screen, offscreenStreams: streams)
        guard resizeterm(rows32, columns32) == OK else {
            terminal.shutdown()
            throw TerminalStartupError.setupFailed("resizeterm")
        }
        // resizeterm queues a KEY_RESIZE; nobody has seen the old size, so drop it.
        flushinp()
        // Raw mode needs a real terminal; keypad and timeouts work on the input queue alone.
        keypad(cnc_stdscr(), true)
        AlternateKeySequences.register()
        return terminal
    }

    private init(
        screen: OpaquePointer,
        offscreenStreams: consuming NullDeviceStreams?
    ) {
        self.screen = screen
        isOffscreen = offscreenStreams != nil
        self.offscreenStreams = offscreenStreams
        var colorsEnabled = false
        if has_colors(), start_color() == OK {
            // The editor's `.standard` colour is the terminal's own default (-1).
            colorsEnabled = use_default_colors() == OK
        }
        self.colorsEnabled = colorsEnabled
    }

    deinit {
        shutdown()
    }

    /// Raw mode: every key arrives as typed, including Ctrl-C, Ctrl-S, Ctrl-Q and Ctrl-Z.
    private func configureInput() throws {
        let window = cnc_stdscr()
        guard raw() == OK else { throw TerminalStartupError.setupFailed("raw mode") }
        guard noecho() == OK else { throw TerminalStartupError.setupFailed("noecho") }
        // Without nonl, Enter would arrive as LF and ncurses would translate output newlines.
        nonl()
        keypad(window, true)
        intrflush(window, false)
        set_escdelay(Self.escapeDelayMilliseconds)
        AlternateKeySequences.register()
        // Bracketed paste: the terminal marks pasted text, so a pasted tab is text, not Tab.
        writeControlSequence(Self.bracketedPasteOn)
        cnc_enable_mouse()
    }

    /// Sends `text` to the system clipboard with OSC 52 (xterm, kitty, iTerm2, Windows Terminal,
    /// tmux with `set-clipboard on`; others ignore it). Texts over 100 KB are not sent: many
    /// terminals drop longer sequences, and some then show the rest as garbage.
    public func copyToSystemClipboard(_ text: String) {
        guard text.utf8.count <= Self.systemClipboardLimit else { return }
        writeControlSequence("\u{1B}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{07}")
    }

    /// The longest text sent to the system clipboard, in bytes.
    static let systemClipboardLimit = 100_000

    /// Turns on bracketed paste (xterm, tmux, most terminals; others ignore it).
    static let bracketedPasteOn = "\u{1B}[?2004h"
    /// Turns it off again.
    static let bracketedPasteOff = "\u{1B}[?2004l"

    /// Writes a sequence to the terminal through ncurses' own output stream, so it stays in
    /// order with what ncurses writes.
    func writeControlSequence(_ sequence: String) {
        guard !isOffscreen else { return }
        let stream = cnc_standard_output()
        fputs(sequence, stream)
        fflush(stream)
    }

    private static func claimScreen() throws(TerminalStartupError) {
        let claimed = screenInUse.withLock { inUse in
            if inUse { return false }
            inUse = true
            return true
        }
        if !claimed { throw .alreadyActive }
    }

    private static func releaseScreen() {
        screenInUse.withLock { $0 = false }
    }

    /// The current size of the screen.
    public var size: (columns: Int, rows: Int) {
        guard !isShutDown else { return (0, 0) }
        let window = cnc_stdscr()
        return (Int(getmaxx(window)), Int(getmaxy(window)))
    }

    /// Ends ncurses and restores the terminal: attributes, cursor, main screen and settings.
    /// Safe to call more than once; only the first call does anything.
    public func shutdown() {
        guard !isShutDown else { return }
        isShutDown = true
        writeControlSequence(Self.bracketedPasteOff)
        // endwin twice would repeat the restore sequence over whatever was printed after exit.
        if !isendwin() {
            endwin()
        }
        delscreen(screen)
        if !isOffscreen {
            cts_remove_signal_guard()
        }
        Self.releaseScreen()
    }

    /// Waits up to `timeoutMilliseconds` (forever when negative) for the next key or resize.
    ///
    /// Waiting happens inside ncurses (`get_wch` with a timeout), so an idle editor uses no CPU.
    /// Printable characters already waiting behind the first are returned as one `.text`
    /// event. Off-screen, input ends when the items given to ``pushInput(_:)`` are used up, and
    /// an empty read waits out a positive timeout rather than spinning.
    public func nextEvent(timeoutMilliseconds: Int) throws -> InputEvent? {
        guard !isShutDown else { throw TerminalSessionError.shutDown }
        let timeout = Int32(clamping: timeoutMilliseconds)
        let event = decoder.nextEvent(
            readFirst: { readRawInput(timeoutMilliseconds: timeout) },
            readWaiting: { readRawInput(timeoutMilliseconds: 0) }
        )
        if event == nil, isOffscreen, timeoutMilliseconds > 0, !decoder.hasPendingInput {
            usleep(UInt32(clamping: timeoutMilliseconds) * 1000)
        }
        return event
    }

    /// Reads one item from ncurses, or `nil` when the timeout passed first.
    private func readRawInput(timeoutMilliseconds: Int32) -> RawTerminalInput? {
        let window = cnc_stdscr()
        wtimeout(window, timeoutMilliseconds < 0 ? -1 : timeoutMilliseconds)
        var value: wint_t = 0
        switch wget_wch(window, &value) {
        case OK:
            return .character(UInt32(value))
        case cnc_key_code_yes():
            if Int32(bitPattern: value) == KEY_MOUSE {
                var row: Int32 = 0
                var column: Int32 = 0
                let button = cnc_read_mouse(&row, &column)
                return button < 0 ? nil : .mouse(button: Int(button), row: Int(row), column: Int(column))
            }
            if Int32(bitPattern: value) == KEY_RESIZE {
                // The screen was resized underneath the last drawing: redraw everything.
                shownGrid = nil
                let size = size
                return .resize(columns: size.columns, rows: size.rows)
            }
            return .keyCode(Int32(bitPattern: value))
        default:
            return nil
        }
    }

    /// Queues input as if it had been typed, for the off-screen terminal (and tests): the
    /// items go through the same `get_wch` path and decoding as real keys.
    public func pushInput(_ items: [RawTerminalInput]) throws {
        guard !isShutDown else { throw TerminalSessionError.shutDown }
        // ncurses' push-back queue is last in, first out.
        for item in items.reversed() {
            let status: Int32
            switch item {
            case let .character(code):
                status = unget_wch(wchar_t(bitPattern: code))
            case let .keyCode(code):
                status = ungetch(code)
            case .resize:
                status = ungetch(KEY_RESIZE)
            case .mouse:
                status = ERR
            }
            guard status == OK else { throw TerminalSessionError.inputQueueFull }
        }
    }
}

/// A call the terminal could not carry out once running.
public enum TerminalSessionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The terminal was already shut down.
    case shutDown
    /// ncurses' queue for pushed-back input is full.
    case inputQueueFull

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .shutDown: return "the terminal was already shut down"
        case .inputQueueFull: return "too much input queued at once"
        }
    }
}
