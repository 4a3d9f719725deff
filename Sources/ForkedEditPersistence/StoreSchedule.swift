/// When a ``PersistentDocument`` stores, publishes, merges and records versions: the clock
/// readings and counts it has seen in, a decision out. A value without a disk, so that every
/// rule of timing is tested with made-up instants.
struct StoreSchedule: Equatable {
    /// What the idle turn does with the repository.
    enum Step: Equatable {
        /// Nothing is due.
        case nothing
        /// Merge this process's forks through main (``PersistentDocument/Options/autoMerge``):
        /// after a burst of edits, or to take in main's changes from elsewhere between bursts
        /// (`takingInFirst`: another process changed the repository).
        case autoMerge(takingInFirst: Bool)
        /// Store the journaled edits where other processes see them, or take in theirs.
        case publish(recordingHistory: Bool)
        /// Store the journaled edits (a snapshot), alone on the repository.
        case snapshot(recordingHistory: Bool)
    }

    /// A failure to store edits (a full disk, an I/O error), retried with a growing delay.
    struct Failure: Equatable {
        var reason: String
        var delay: Duration
        var retryAt: ContinuousClock.Instant
    }

    /// When the journaled edits were last stored in the repository.
    private(set) var lastSynchronization: ContinuousClock.Instant
    /// When this process last edited.
    private(set) var lastEdit: ContinuousClock.Instant
    /// Whether this process edited since it last merged through main.
    private(set) var editedSinceMerge: Bool
    /// Whether edits were stored while typing went on without recording a version in the
    /// history: it is recorded at the next pause, so typing never waits for a version.
    private(set) var historyBehind = false
    /// The last failure to store edits, and when to try again.
    private(set) var failure: Failure?

    /// A schedule starting at `now`; `editedSinceMerge` when the document opened with edits of
    /// its own not merged yet (recovered from the last run), which merge like a burst just typed.
    init(at now: ContinuousClock.Instant, editedSinceMerge: Bool) {
        lastSynchronization = now
        lastEdit = now
        self.editedSinceMerge = editedSinceMerge
    }

    // MARK: Decisions

    /// Whether a failed store is waiting for its retry at `now`.
    func isWaitingToRetry(at now: ContinuousClock.Instant) -> Bool {
        failure.map { now < $0.retryAt } ?? false
    }

    /// Whether typing has paused at `now` for at least `options.burstPause`.
    func typingPaused(at now: ContinuousClock.Instant, _ options: PersistentDocument.Options) -> Bool {
        now - lastEdit >= options.burstPause
    }

    /// What to do at `now` with `pendingEdits` journaled edits not stored yet;
    /// `changedElsewhere`: another process changed the shared repository.
    func step(
        at now: ContinuousClock.Instant, pendingEdits: Int, sharesRepository: Bool, changedElsewhere: Bool,
        _ options: PersistentDocument.Options
    ) -> Step {
        let paused = typingPaused(at: now, options)
        // Auto-merge after this process's burst, and take in main's changes from other
        // processes between bursts.
        if options.autoMerge, (editedSinceMerge && paused) || (changedElsewhere && !editedSinceMerge) {
            return .autoMerge(takingInFirst: changedElsewhere)
        }
        let sinceStored = now - lastSynchronization
        if sharesRepository {
            let publishDue = pendingEdits > 0 && sinceStored >= options.publishInterval
            return publishDue || changedElsewhere ? .publish(recordingHistory: paused) : .nothing
        }
        // A long burst is stored four times as rarely as edits that end in a pause.
        if pendingEdits >= options.snapshotInterval * (paused ? 1 : 4) || (pendingEdits > 0 && sinceStored >= options.historyInterval) {
            return .snapshot(recordingHistory: paused)
        }
        return .nothing
    }

    /// Whether a version left for the next pause (``historyBehind``) is due at `now`.
    func lateVersionDue(at now: ContinuousClock.Instant, _ options: PersistentDocument.Options) -> Bool {
        historyBehind && typingPaused(at: now, options)
    }

    // MARK: What happened

    /// This process edited at `now`.
    mutating func noteEdit(at now: ContinuousClock.Instant) {
        lastEdit = now
        editedSinceMerge = true
    }

    /// This process merged its forks through main.
    mutating func noteMerged() {
        editedSinceMerge = false
    }

    /// The journaled edits were stored at `now`, with their version in the history or not.
    mutating func noteStored(at now: ContinuousClock.Instant, recordedVersion: Bool) {
        lastSynchronization = now
        historyBehind = !recordedVersion
    }

    /// The version left for the pause was recorded.
    mutating func noteVersionRecorded() {
        historyBehind = false
    }

    /// Storing failed at `now`: the next try waits `retryDelay` after a first failure, twice the
    /// last wait after another, at most 30 seconds.
    mutating func noteFailure(_ reason: String, at now: ContinuousClock.Instant, retryDelay: Duration) {
        let delay = min(failure.map { $0.delay * 2 } ?? retryDelay, .seconds(30))
        failure = Failure(reason: reason, delay: delay, retryAt: now + delay)
    }

    /// Storing works again: returns why it had failed, if it had.
    mutating func noteRecovered() -> String? {
        defer { failure = nil }
        return failure?.reason
    }
}
