import Foundation

/// A thread of the exchanges' own on which their tasks run.
///
/// Swift's cooperative pool has one thread per core. A host program that blocks those threads
/// (a synchronous wait, a long computation, a test polling a terminal) would otherwise stall
/// every exchange in the process: no upload, no merge of another device's change, and a refused
/// connection noticed only seconds later. With their tasks preferring this executor, exchanges
/// keep syncing whatever the rest of the program does with the pool.
final class ExchangeExecutor: TaskExecutor, @unchecked Sendable {
    /// The one executor every exchange in the process shares; its thread lives as long as the process.
    static let shared = ExchangeExecutor()

    // Guarded by `condition`: jobs waiting for the thread, oldest first.
    private let condition = NSCondition()
    private var waiting: [UnownedJob] = []

    private init() {
        let thread = Thread { [unowned self] in self.runJobs() }
        thread.name = "forked.postgres.exchange"
        thread.start()
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
            while waiting.isEmpty { condition.wait() }
            let batch = waiting
            waiting.removeAll(keepingCapacity: true)
            condition.unlock()
            for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
        }
    }
}
