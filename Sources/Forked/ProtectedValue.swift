import Foundation

/// A value guarded by a lock, for state shared between threads.
///
/// Used instead of `Synchronization.Mutex` because transactions here return caller-chosen,
/// possibly non-`Sendable` results, which `Mutex.withLock` would require to be `sending`.
package final class ProtectedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` on the value while holding the lock. Never hold it across a merge, which runs
    /// user code of unknown length: callers pass their own bookkeeping, or a repository transaction.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
