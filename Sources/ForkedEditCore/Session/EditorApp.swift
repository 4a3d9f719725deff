/// Runs an ``EditorSession`` on a ``TerminalBackend`` until the user quits: reads events,
/// applies them, draws, and records them when asked.
public final class EditorApp {
    /// The session being run.
    public let session: EditorSession
    private let backend: any TerminalBackend
    private let input: any InputSource
    private let onInputEnd: ((EditorSession) throws -> Void)?
    private let recorder: RecordingWriter?
    private let cast: AsciicastWriter?
    private let clock: () -> Double
    private let inputTimeout: Int
    private let onIdle: ((EditorSession) throws -> Bool)?

    /// How long one wait for input lasts. Waiting blocks in the backend, so the loop
    /// wakes at most this often when nothing happens and never spins.
    public static let inputTimeoutMilliseconds = 1000

    /// Creates an app.
    ///
    /// - Parameters:
    ///   - session: The editor model.
    ///   - backend: The terminal.
    ///   - recorder: Receives every input event, when recording a session.
    ///   - cast: Receives every drawn screen, when recording an asciicast.
    ///   - clock: Seconds since the session started; defaults to a monotonic clock.
    ///   - inputTimeoutMilliseconds: How long one wait for input lasts, which bounds how
    ///     late `onIdle` runs when no key arrives.
    ///   - onIdle: Runs after every event and every input timeout (to store edits, refresh
    ///     forks other processes changed); returns whether the screen must be redrawn.
    ///   - input: Where events come from: the backend (the default), or a recording played back.
    ///   - onInputEnd: Runs when `input` runs out before the session finishes (a replay's end),
    ///     before the backend is shut down.
    public init(
        session: EditorSession, backend: any TerminalBackend, recorder: RecordingWriter? = nil,
        cast: AsciicastWriter? = nil, clock: (() -> Double)? = nil,
        inputTimeoutMilliseconds: Int = EditorApp.inputTimeoutMilliseconds,
        onIdle: ((EditorSession) throws -> Bool)? = nil,
        input: (any InputSource)? = nil, onInputEnd: ((EditorSession) throws -> Void)? = nil
    ) {
        self.input = input ?? backend
        self.onInputEnd = onInputEnd
        self.inputTimeout = inputTimeoutMilliseconds
        self.onIdle = onIdle
        self.session = session
        self.backend = backend
        self.recorder = recorder
        self.cast = cast
        self.clock = clock ?? EditorApp.monotonicSecondsSinceNow()
    }

    /// Runs until the session finishes. The backend is shut down on the way out, also when
    /// drawing or reading fails.
    public func run() throws {
        defer { backend.shutdown() }
        let size = backend.size
        if size.columns != session.size.columns || size.rows != session.size.rows {
            session.handle(.resize(columns: size.columns, rows: size.rows))
        }
        try draw()
        // The first idle moment is right after the first frame, not after the first input
        // timeout: work the start leaves (a large file's state directory) is then done while
        // the screen is read, instead of in the first keystroke.
        if try onIdle?(session) == true { try draw() }
        var consecutiveEmptyPolls = 0
        while !session.isFinished {
            let started = clock()
            guard let event = try input.nextEvent(timeoutMilliseconds: inputTimeout) else {
                if input.isExhausted {
                    try onInputEnd?(session)
                    return
                }
                if try onIdle?(session) == true { try draw() }
                // A backend that returns at once without waiting would make this loop spin;
                // back off by drawing nothing and counting, and give up after a long streak.
                if clock() - started < 0.001 {
                    consecutiveEmptyPolls += 1
                    if consecutiveEmptyPolls > 100_000 { throw EditorAppError.backendDoesNotWait }
                } else {
                    consecutiveEmptyPolls = 0
                }
                continue
            }
            consecutiveEmptyPolls = 0
            try recorder?.record(event, at: clock())
            session.handle(event)
            if let copied = session.takeSystemClipboardText() { backend.copyToSystemClipboard(copied) }
            guard session.defersLiveMerge else {
                _ = try onIdle?(session)
                try draw()
                continue
            }
            // What the key did shows first; the live merge and the idle work (storing the edit)
            // follow, and a second frame shows what they changed.
            try draw()
            let merged = try session.settleLiveMerge()
            if try onIdle?(session) == true || merged { try draw() }
        }
    }

    private func draw() throws {
        let grid = session.render()
        try backend.draw(grid)
        try cast?.frame(grid, at: clock())
    }

    /// A clock reading seconds since the moment it was made.
    public static func monotonicSecondsSinceNow() -> () -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        return {
            let elapsed = start.duration(to: clock.now).components
            return Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        }
    }
}

/// Problems running the editor loop.
public enum EditorAppError: Error, Equatable, CustomStringConvertible {
    /// The backend kept returning "no event" immediately instead of waiting.
    case backendDoesNotWait

    /// A message for the user.
    public var description: String {
        switch self {
        case .backendDoesNotWait: return "the terminal backend returned from nextEvent without waiting"
        }
    }
}
