import Foundation
import Logging
import Synchronization

/// What an exchange remembers between runs (``ExchangeLocalState``), and the one owner of the
/// files that keep it: the state file, written lazily, and the pending-commit slot, written
/// before every publish.
///
/// Writing the state file after every fetch took a fifth of each device's time with fifty
/// devices on a document. A state file behind the server fork costs nothing but time after a
/// crash: the fork's value does not match the recorded digest, so the next fetch rebuilds it
/// from a snapshot. The commit an upload is publishing, which must be known after a crash, is
/// kept by the slot.
final class LocalLedger: Sendable {
    private struct Ledger {
        var local: ExchangeLocalState
        /// Whether ``local`` changed since the state file was last written.
        var unsaved = false
        /// When the state file was last written.
        var lastSave: ContinuousClock.Instant?
        /// Whether a write of the state file is waiting for ``LocalLedger/saveSpacing`` to pass.
        var saveScheduled = false
    }

    /// When ``update(durably:_:)`` writes the state file.
    private enum Save {
        /// At once, by the caller.
        case now
        /// By a background save already waiting.
        case scheduled
        /// By a background save after this wait.
        case after(Duration)
    }

    /// The shortest time between two writes of the state file that no pending upload asked for.
    static var saveSpacing: Duration { .seconds(1) }

    /// The commit being published, kept where a crash cannot lose it.
    let pendingSlot: PendingCommitSlot
    private let url: URL
    private let ledger: Mutex<Ledger>
    /// Held while the state file is written, so that writes do not cross.
    private let writer = Mutex(())
    private let logger: Logger

    /// Reads the state at `url` (a fresh one when there is none) and the pending slot beside it,
    /// which knows better than the lazily written file which commit was being published.
    init(url: URL, logger: Logger) throws {
        var local = try ExchangeLocalState.load(from: url)
        pendingSlot = try PendingCommitSlot(url: url.deletingPathExtension().appendingPathExtension("pending"))
        if let recorded = pendingSlot.recorded { local.pendingCommit = Data(recorded.bytes) }
        self.url = url
        self.logger = logger
        ledger = Mutex(Ledger(local: local))
    }

    /// What the exchange remembers now.
    var current: ExchangeLocalState { ledger.withLock { $0.local } }

    /// Changes what the exchange remembers and writes it to the state file: at once when
    /// `durably`, else in the background, at most once every ``saveSpacing``. Nor is a lazy write
    /// made by the caller when it is due: the caller may be in an upload's turn, and a new file,
    /// its flush, a rename and the directory's flush took about a millisecond there while every
    /// other device waited.
    func update(durably: Bool = true, _ change: (inout ExchangeLocalState) -> Void) throws {
        let now = ContinuousClock.now
        let save: Save = ledger.withLock { ledger in
            change(&ledger.local)
            ledger.unsaved = true
            guard !durably else { return .now }
            // Already scheduled: that save writes this change too.
            guard !ledger.saveScheduled else { return .scheduled }
            ledger.saveScheduled = true
            let sinceLast = ledger.lastSave.map { now - $0 } ?? Self.saveSpacing
            return .after(max(Self.saveSpacing - sinceLast, .zero))
        }
        let delay: Duration
        switch save {
        case .now: return try self.save()
        case .scheduled: return
        case .after(let wait): delay = wait
        }
        // Not on the exchange's executor: the write and its flushes would hold up its connection.
        Task(executorPreference: globalConcurrentExecutor) {
            if delay > .zero { try? await Task.sleep(for: delay) }
            self.ledger.withLock { $0.saveScheduled = false }
            do {
                try self.save()
            } catch {
                self.logger.warning("the sync state could not be saved", metadata: ["reason": "\(error)"])
            }
        }
    }

    /// Writes the state file if it is behind; one writer at a time, each writing the newest state.
    func save() throws {
        try writer.withLock { _ in
            let local: ExchangeLocalState? = ledger.withLock { ledger in
                guard ledger.unsaved else { return nil }
                ledger.unsaved = false
                ledger.lastSave = .now
                return ledger.local
            }
            guard let local else { return }
            do {
                try local.save(to: url)
            } catch {
                ledger.withLock { $0.unsaved = true }
                throw error
            }
        }
    }
}
