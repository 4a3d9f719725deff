/// When a repeated piece of work (an upload, applying other devices' announcements) may run:
/// at once when it last started at least ``spacing`` ago, otherwise once at the end of that
/// spacing, for every request made meanwhile.
///
/// This is Nagle's rule for an exchange: a quiet document pays no wait, and a busy one does the
/// work at most once per spacing, each time for everything that gathered. Work already under
/// way gathers too: the exchange's session handles one wake-up at a time, so what is asked for
/// during an upload goes up in the next one.
struct PacingGate: Sendable, Equatable {
    /// The shortest time between two starts of the work.
    var spacing: Duration
    /// When the work last started.
    private var lastStart: ContinuousClock.Instant?
    /// Whether a wake-up is scheduled for the end of the spacing.
    private var waiting = false
    /// Whether that wake-up came: the next ``ask(at:)`` runs the work.
    private var due = false

    init(spacing: Duration) {
        self.spacing = spacing
    }

    /// What a request for the work gets.
    enum Answer: Equatable {
        /// Run it now (counted as a start).
        case now
        /// Schedule one wake-up after this wait, then call ``waitEnded()`` and ask again.
        case after(Duration)
        /// A wake-up is scheduled already: it will run the work for this request too.
        case alreadyWaiting
    }

    /// Asks to run the work at `now`.
    mutating func ask(at now: ContinuousClock.Instant) -> Answer {
        if due {
            due = false
            lastStart = now
            return .now
        }
        if waiting { return .alreadyWaiting }
        if let lastStart, now - lastStart < spacing {
            waiting = true
            return .after(spacing - (now - lastStart))
        }
        lastStart = now
        return .now
    }

    /// The wait an ``Answer/after(_:)`` asked for has passed: the next ``ask(at:)`` runs the work.
    mutating func waitEnded() {
        waiting = false
        due = true
    }
}
