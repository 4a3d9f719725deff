@testable import Forked

/// A repository that lets a test slip a change of its own in after a given number of
/// transactions, as another thread or process could, to test what happens in between.
final class InterleavedTransactionRepository<Resource: Sendable & Equatable>: Repository {
    private let inner = InMemoryRepository<Resource>()
    private let interleaving = ProtectedValue<(remaining: Int, change: (@Sendable (inout ForkedState<Resource>) -> Void)?)>(
        (0, nil))

    /// After `transactions` more transactions, runs `change` on the state before the next one.
    func interleave(after transactions: Int, _ change: @escaping @Sendable (inout ForkedState<Resource>) -> Void) {
        interleaving.withLock { $0 = (transactions, change) }
    }

    func withState<Result>(_ body: (inout ForkedState<Resource>) throws -> Result) throws -> Result {
        let due = interleaving.withLock { pending -> (@Sendable (inout ForkedState<Resource>) -> Void)? in
            guard let change = pending.change else { return nil }
            if pending.remaining > 0 {
                pending.remaining -= 1
                return nil
            }
            pending.change = nil
            return change
        }
        if let due { try inner.withState { due(&$0) } }
        return try inner.withState(body)
    }
}
