/// Where a ``ForkedResource`` keeps its forks.
///
/// A repository owns one ``ForkedState`` and hands it out for short, exclusive transactions.
/// It never calls user code while it holds its lock: merges run outside, and a resource
/// commits their result in a second transaction only if nothing changed in between.
public protocol Repository<Resource>: AnyObject, Sendable {
    /// The type of value stored in each fork.
    associatedtype Resource: Sendable & Equatable

    /// Runs `body` with exclusive access to the state and persists whatever it changed.
    ///
    /// If `body` throws, the state is left as it was.
    func withState<Result>(_ body: (inout ForkedState<Resource>) throws -> Result) throws -> Result
}
