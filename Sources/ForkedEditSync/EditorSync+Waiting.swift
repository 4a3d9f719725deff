import Foundation

extension EditorSync {
    /// Runs async work from the editor's synchronous loop.
    static func waitFor<Value: Sendable>(_ body: @escaping @Sendable () async throws -> Value) throws -> Value {
        let outcome = SyncOutcome<Value>()
        let done = DispatchSemaphore(value: 0)
        Task {
            do {
                outcome.set(.success(try await body()))
            } catch {
                outcome.set(.failure(error))
            }
            done.signal()
        }
        done.wait()
        return try outcome.get()
    }
}

/// The result handed from a task to the thread waiting for it.
private final class SyncOutcome<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<Value, any Error>?

    func set(_ result: Result<Value, any Error>) {
        lock.withLock { self.result = result }
    }

    func get() throws -> Value {
        guard let result = lock.withLock({ result }) else { throw CancellationError() }
        return try result.get()
    }
}
