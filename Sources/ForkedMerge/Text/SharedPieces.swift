import Dispatch
import Synchronization

/// Independent pieces of work done by the calling thread and one helper thread, first come,
/// first served; when the memory the pieces read is kept alive (`owner`), the calling thread
/// never waits for the helper.
///
/// With the other core busy, the kernel gives the helper that core in slices of a few
/// milliseconds, so a caller that waited for the piece the helper held when its slice ended
/// waited for the rest of the slice. Here, once no piece is left to take, the caller does itself
/// every piece the helper has not finished, and returns when each has a result; a result the
/// helper finishes later is dropped. Pieces must therefore give the same result on either
/// thread, and everything they read must be kept alive by the work closure or `owner`: the
/// helper may still be in a piece after ``run(count:owner:launcher:work:)`` returned. Without an
/// owner, the caller only takes pieces nobody has taken, then waits for the helper to finish.
final class SharedPieces<Result: Sendable>: @unchecked Sendable {
    /// Starts the helper thread's share of the work.
    typealias Launcher = @Sendable (@escaping @Sendable () -> Void) -> Void

    /// Runs the helper's share on a thread of the global queue.
    static var globalQueue: Launcher { { share in DispatchQueue.global().async(execute: share) } }

    private let count: Int
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
    /// and the helper `launcher` starts. `work` is given the thread's own scratch memory.
    static func run(
        count: Int, owner: TextStorageOwner?, launcher: Launcher = globalQueue, work: @escaping (Int, DiffWorkspace) -> Result
    ) -> [Result] {
        let shared = SharedPieces(count: count, owner: owner, work: work)
        let helperDone = DispatchSemaphore(value: 0)
        launcher {
            shared.takePieces(finishingLate: false)
            helperDone.signal()
        }
        shared.takePieces(finishingLate: owner != nil)
        if owner == nil { helperDone.wait() }
        // Every piece has a result: the caller did whatever the helper had not finished, or
        // waited for the helper to finish what it took.
        return shared.progress.withLock { progress in progress.results.compactMap { $0 } }
    }

    /// Does pieces until none is left to take; with `finishingLate`, then every piece still
    /// without a result (the other thread's) until all have one.
    private func takePieces(finishingLate: Bool) {
        let workspace = DiffWorkspace()
        while let index = nextPiece(finishingLate: finishingLate) {
            let result = work(index, workspace)
            progress.withLock { progress in
                guard progress.results[index] == nil else { return }
                progress.results[index] = result
                progress.finished += 1
            }
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
