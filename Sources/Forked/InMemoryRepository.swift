/// A repository that keeps its forks in memory: the default behind ``QuickFork``.
///
/// It is `Codable` when its values are, so a whole resource with all its forks can be
/// archived and restored in one piece.
public final class InMemoryRepository<Resource: Sendable & Equatable>: Repository {
    private let state: ProtectedValue<ForkedState<Resource>>

    /// Creates an empty repository: main with no content and no other forks.
    public init() {
        state = ProtectedValue(ForkedState())
    }

    /// Creates a repository holding `state`.
    public init(state: ForkedState<Resource>) {
        self.state = ProtectedValue(state)
    }

    /// Runs `body` with exclusive access to the state; a throwing `body` changes nothing.
    public func withState<Result>(_ body: (inout ForkedState<Resource>) throws -> Result) throws -> Result {
        try state.withLock { stored in
            var draft = stored
            let result = try body(&draft)
            stored = draft
            return result
        }
    }

    /// A copy of the current state.
    public var snapshot: ForkedState<Resource> { state.withLock { $0 } }
}

extension InMemoryRepository: Codable where Resource: Codable {
    /// Restores a repository archived with `encode(to:)`.
    public convenience init(from decoder: any Decoder) throws {
        self.init(state: try ForkedState(from: decoder))
    }

    /// Archives the whole state: main, every fork and the logical clock.
    public func encode(to encoder: any Encoder) throws {
        try snapshot.encode(to: encoder)
    }
}
