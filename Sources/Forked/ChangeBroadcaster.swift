import Foundation

/// Hands each change to every live `AsyncStream` made by ``ForkedResource/changeStream``.
final class ChangeBroadcaster: Sendable {
    private let continuations = ProtectedValue<[UUID: AsyncStream<ForkChange>.Continuation]>([:])

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

    func send(_ changes: [ForkChange]) {
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
