import Foundation

/// Threads of the exchanges' own on which their tasks run.
///
/// Swift's cooperative pool has one thread per core. A host program that blocks those threads
/// (a synchronous wait, a long computation, a test polling a terminal) would otherwise stall
/// every exchange in the process: no upload, no merge of another device's change, and a refused
/// connection noticed only seconds later. With their tasks preferring this executor, exchanges
/// keep syncing whatever the rest of the program does with the pool. Several threads, so that
/// one exchange waiting on its disk (every state change is flushed) does not hold up the others.
final class ExchangeExecutor: TaskExecutor, @unchecked Sendable {
    /// The one executor every exchange in the process shares; its threads live as long as the process.
    static let shared = ExchangeExecutor(threads: 4)

    // Guarded by `condition`: jobs waiting for a thread, oldest first.
    private let condition = NSCondition()
    private var waiting: [UnownedJob] = []
    private var first = 0

    private init(threads: Int) {
        for index in 0..<threads {
            let thread = Thread { [unowned self] in self.runJobs() }
            thread.name = "forked.postgres.exchange.\(index)"
            thread.start()
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        waiting.append(job)
        condition.signal()
        condition.unlock()
    }

    private func runJobs() {
        while true {
            condition.lock()
            while first == waiting.count { condition.wait() }
            let job = waiting[first]
            first += 1
            if first == waiting.count {
                // Everything queued has been taken: start the array again rather than let it grow.
                waiting.removeAll(keepingCapacity: true)
                first = 0
            }
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
