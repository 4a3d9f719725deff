import Foundation

/// A value kept alive until a thread of its own drops it after a delay: a lock or a file that
/// another party holds for a moment.
///
/// A dedicated thread rather than a task or a dispatch queue: when every test runs at once, the
/// shared pools can be busy for longer than the delays these tests rely on.
public final class ReleasedLater<Value>: @unchecked Sendable {
    private let guardLock = NSLock()
    private var value: Value?

    /// Holds `value` until ``release(after:)`` drops it.
    public init(_ value: Value) { self.value = value }

    /// Drops the value on a new thread once `delay` has passed, and returns at once.
    public func release(after delay: Duration) {
        let seconds = Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: seconds)
            self.guardLock.withLock { self.value = nil }
        }
    }
}
