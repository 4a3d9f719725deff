import Foundation

/// Hands each change to every live `AsyncStream` made by ``ForkedResource/changeStream``.
final class ChangeBroadcaster: Sendable {
    private let continuations = ProtectedValue<[UUID: AsyncStream<ForkChange>.Continuation]>([:])
    /// Held from the start of a transaction until its changes are sent, so that two threads'
    /// changes cannot overtake each other between their commit and their announcement.
    /// A plain lock rather than a `ProtectedValue<Void>`: there is no value to guard, only an order.
    private let publishingOrder = NSLock()

    /// A new stream that receives every change from now on.
    func makeStream() -> AsyncStream<ForkChange> {
        let (stream, continuation) = AsyncStream<ForkChange>.makeStream(bufferingPolicy: .unbounded)
        let id = UUID()
        continuations.withLock { $0[id] = continuation }
        continuation.onTermination = { [weak self] _ in
            self?.continuations.withLock { _ = $0.removeValue(forKey: id) }
        }
        return stream
    }

    /// Whether any stream made here is still alive.
    var hasSubscribers: Bool {
        continuations.withLock { !$0.isEmpty }
    }

    /// Runs `transaction`, then sends the changes it returns, before any other transaction run
    /// through here can send its own: subscribers see changes in the order they were committed.
    func publishing<Result>(_ transaction: () throws -> (result: Result, changes: [ForkChange])) rethrows -> Result {
        publishingOrder.lock()
        defer { publishingOrder.unlock() }
        let (result, changes) = try transaction()
        send(changes)
        return result
    }

    private func send(_ changes: [ForkChange]) {
        guard !changes.isEmpty else { return }
        let targets = continuations.withLock { Array($0.values) }
        for continuation in targets {
            for change in changes { continuation.yield(change) }
        }
    }

    deinit {
        continuations.withLock { $0.values.forEach { $0.finish() } }
    }
}
