import Dispatch
import Synchronization

/// Independent pieces of work done by the calling thread and one helper thread, first come,
/// first served. The calling thread never waits for the helper to start: a helper that arrives
/// after every piece was taken finds nothing to do.
///
/// With the other core busy, the kernel gives the helper that core in slices of a few
/// milliseconds, so a caller that waited for the piece the helper held when its slice ended
/// waited for the rest of the slice. When the memory the pieces read is kept alive (`owner`) and
/// pieces are small enough to redo, the caller never waits at all: once no piece is left to
/// take, it does itself every piece the helper has not finished, and returns when each has a
/// result; a result the helper finishes later is dropped. Pieces must therefore give the same
/// result on either thread, and everything they read must be kept alive by the work closure or
/// `owner`: the helper may still be in a piece after ``run(count:owner:redoing:launcher:work:)``
/// returned. Otherwise the caller waits for the pieces the helper took, and only for those.
final class SharedPieces<Result: Sendable>: @unchecked Sendable {
    /// Starts the helper thread's share of the work.
    typealias Launcher = @Sendable (@escaping @Sendable () -> Void) -> Void

    /// Runs the helper's share on a thread of the global queue.
    static var globalQueue: Launcher { { share in DispatchQueue.global().async(execute: share) } }

    private let count: Int
    /// Never read: held so the texts the pieces read outlive a helper still in a piece.
    private let owner: TextStorageOwner?
    private let work: (Int, DiffWorkspace) -> Result
    private let progress: Mutex<Progress>

    /// The next piece nobody has taken, and the results so far.
    private struct Progress {
        var next = 0
        var results: [Result?]
        var finished = 0
    }

    private init(count: Int, owner: TextStorageOwner?, work: @escaping (Int, DiffWorkspace) -> Result) {
        self.count = count
        self.owner = owner
        self.work = work
        progress = Mutex(Progress(results: Array(repeating: nil, count: count)))
    }

    /// The results of `work` for the pieces `0..<count`, in order, computed on the calling thread
    /// and the helper `launcher` starts. `work` is given the thread's own scratch memory. With
    /// `owner` and `redoing`, the caller redoes the pieces the helper has not finished instead of
    /// waiting for them (for pieces small next to the whole; a large one redone could take longer
    /// than the helper needs to finish it).
    static func run(
        count: Int, owner: TextStorageOwner?, redoing: Bool = true, launcher: Launcher = globalQueue,
        work: @escaping (Int, DiffWorkspace) -> Result
    ) -> [Result] {
        let shared = SharedPieces(count: count, owner: owner, work: work)
        launcher { shared.takePieces(finishingLate: false) }
        shared.takePieces(finishingLate: owner != nil && redoing)
        // Every piece is taken now, so no more will be started; wait for those the helper holds.
        while !shared.isFinished { shared.helperStored.wait() }
        return shared.progress.withLock { progress in progress.results.compactMap { $0 } }
    }

    /// Signalled each time a result is stored, for a caller waiting for the helper's last ones.
    private let helperStored = DispatchSemaphore(value: 0)

    /// Whether every piece has a result.
    private var isFinished: Bool { progress.withLock { $0.finished == count } }

    /// Does pieces until none is left to take; with `finishingLate`, then every piece still
    /// without a result (the other thread's) until all have one.
    private func takePieces(finishingLate: Bool) {
        var workspace: DiffWorkspace? = nil
        while let index = nextPiece(finishingLate: finishingLate) {
            let scratch = workspace ?? DiffWorkspace()
            workspace = scratch
            let result = work(index, scratch)
            let stored = progress.withLock { progress in
                guard progress.results[index] == nil else { return false }
                progress.results[index] = result
                progress.finished += 1
                return true
            }
            // Wakes a caller waiting for the last results; a signal from the caller's own pieces
            // only makes it look again.
            if stored { helperStored.signal() }
        }
    }

    /// The next piece to do: an untaken one, or, with `finishingLate`, the first without a
    /// result; nil when there is none.
    private func nextPiece(finishingLate: Bool) -> Int? {
        progress.withLock { progress in
            if progress.next < count {
                defer { progress.next += 1 }
                return progress.next
            }
            guard finishingLate, progress.finished < count else { return nil }
            return progress.results.firstIndex { $0 == nil }
        }
    }
}
