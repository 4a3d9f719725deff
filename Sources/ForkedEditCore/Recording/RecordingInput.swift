/// A recorded session played back as input: each event when its time comes (scaled by
/// `speed`), or all at once when `speed` is `nil` or there is no live terminal to wait on.
///
/// While it waits it listens to `live` (the terminal the replay is shown on): a resize of that
/// terminal passes through, and Ctrl-Q or Esc stops the replay. Recorded resizes are skipped
/// when the live terminal's own size is to win.
public final class RecordingInput: InputSource {
    private let events: [(time: Double, event: InputEvent)]
    private let speed: Double?
    private let live: (any InputSource)?
    private var next = 0
    private let clock = ContinuousClock()
    private var start: ContinuousClock.Instant?

    /// Whether a key on the live terminal stopped the replay.
    public private(set) var wasStopped = false
    /// The recording's time of the event last handed out, in seconds.
    public private(set) var currentTime = 0.0

    /// Plays `recording`; with `live`, recorded resizes are skipped (the live terminal's size wins).
    public init(_ recording: Recording, speed: Double?, live: (any InputSource)? = nil) {
        events = recording.events.flatMap { event in
            event.inputEvents.filter { input in
                if live != nil, case .resize = input { return false }
                return true
            }.map { (event.time, $0) }
        }
        self.speed = speed.map { max($0, 0.000_001) }
        self.live = live
    }

    /// The longest wait for one event, in milliseconds (about 31,700 years): far past any
    /// replay, and small enough that the milliseconds left to it are counted without overflow.
    private static let longestWaitMilliseconds: Double = 1e15

    public var isExhausted: Bool { wasStopped || next >= events.count }

    public func nextEvent(timeoutMilliseconds: Int) throws -> InputEvent? {
        guard !isExhausted else { return nil }
        let (time, event) = events[next]
        if let speed, let live {
            let start = start ?? clock.now
            self.start = start
            // Clamped before it becomes an integer: an event's time may be any `Double` (a
            // recording made in code, a tiny speed), and converting past `Int.max` traps.
            let scaled = time / speed * 1000
            let due = start + .milliseconds(scaled.isNaN ? 0 : Int(min(max(scaled, 0), Self.longestWaitMilliseconds)))
            if clock.now < due {
                let wait = clock.now.duration(to: due)
                let milliseconds = Int(wait.components.seconds) * 1000 + Int(wait.components.attoseconds / 1_000_000_000_000_000) + 1
                let bounded = timeoutMilliseconds < 0 ? milliseconds : min(milliseconds, timeoutMilliseconds)
                guard let input = try live.nextEvent(timeoutMilliseconds: bounded) else { return nil }
                if input == .key(.control("q")) || input == .key(.escape) {
                    wasStopped = true
                    return nil
                }
                if case .resize = input { return input }
                return nil
            }
        }
        next += 1
        currentTime = time
        return event
    }
}
