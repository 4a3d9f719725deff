import Forked
import Foundation

/// Group commit for one fork's journal: the editing thread only queues a record (no system
/// call), a background thread writes and `fdatasync`s whatever has queued, so a keystroke
/// never waits for the disk and records typed during one sync share the next.
///
/// Records reach the disk as soon as the previous sync finishes (typically a few ms), well
/// within the 100 ms the editor promises.
final class JournalWriter: @unchecked Sendable {
    /// The journal file.
    let journal: AppendOnlyJournal

    // Guarded by `condition`.
    private let condition = NSCondition()
    private var queue: [Data] = []
    private var writing = false
    private var stopped = false
    private var failure: (any Error)?

    /// Serializes writing a batch and resetting, so a batch taken before a reset can never
    /// land after the reset's new header (its edits are already in the snapshot).
    private let writeLock = NSLock()

    /// Opens the journal at `url` and starts its writer thread.
    init(url: URL) throws {
        journal = try AppendOnlyJournal(url: url)
        let thread = Thread { [weak self] in self?.run() }
        thread.name = "journal \(url.lastPathComponent)"
        thread.start()
    }

    /// Queues a record for the next sync; returns at once.
    func enqueue(_ record: Data) {
        condition.lock()
        queue.append(record)
        condition.signal()
        condition.unlock()
    }

    /// The error the last write met, if any (a full disk), cleared when read.
    func takeFailure() -> (any Error)? {
        condition.lock()
        defer { condition.unlock() }
        let error = failure
        failure = nil
        return error
    }

    /// Writes and syncs everything queued before returning.
    func flush() throws {
        writeLock.lock()
        defer { writeLock.unlock() }
        try writeQueued()
    }

    /// Waits until nothing is queued or being written.
    func waitUntilIdle() {
        condition.lock()
        while !queue.isEmpty || writing { condition.wait() }
        condition.unlock()
    }

    /// Empties the journal and starts it again with `header`, dropping queued records
    /// (the snapshot that precedes a reset already contains them).
    func reset(header: Data) throws {
        writeLock.lock()
        defer { writeLock.unlock() }
        condition.lock()
        queue.removeAll()
        condition.unlock()
        try journal.reset()
        journal.append(header)
        try journal.flush()
    }

    /// Stops the writer thread after it wrote what was queued.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while queue.isEmpty && !stopped { condition.wait() }
            if queue.isEmpty && stopped {
                condition.unlock()
                return
            }
            writing = true
            condition.unlock()
            writeLock.lock()
            do {
                try writeQueued()
            } catch {
                condition.lock()
                failure = error
                condition.unlock()
            }
            writeLock.unlock()
            condition.lock()
            writing = false
            condition.broadcast()
            condition.unlock()
        }
    }

    /// Takes the queue and writes it; the caller holds `writeLock`.
    private func writeQueued() throws {
        condition.lock()
        let batch = queue
        queue.removeAll(keepingCapacity: true)
        condition.unlock()
        guard !batch.isEmpty else { return }
        for record in batch { journal.append(record) }
        try journal.flush()
    }
}
