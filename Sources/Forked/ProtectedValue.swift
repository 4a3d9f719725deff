import Foundation

/// A value guarded by a lock, for state shared between threads.
///
/// Used instead of `Synchronization.Mutex` because transactions here return caller-chosen,
/// possibly non-`Sendable` results, which `Mutex.withLock` would require to be `sending`.
final class ProtectedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` on the value while holding the lock. The lock is never held across user code:
    /// callers pass only their own bookkeeping here.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
