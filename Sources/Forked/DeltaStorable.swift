import Foundation

/// A value a ``FileRepository`` may store as its difference from another version it holds,
/// instead of whole.
///
/// A fork's new version of a large value usually differs from its last one by an edit; writing
/// it whole makes every write cost the value's size (a 10 MB text is 10 MB of JSON, checksum
/// and disk per write). A value type that conforms is written as a delta against the version
/// it replaces whenever that round-trips: the repository checks, before writing, that
/// ``applyingStoredDelta(_:)`` on the base gives back exactly the new value, and writes the
/// value whole when it does not. Reading applies the delta to the base it names, which the
/// log holds by then.
///
/// ```swift
/// extension Notes: DeltaStorable {
///     func storedDelta(from base: Notes) -> Data? { ... }        // nil: store whole
///     func applyingStoredDelta(_ delta: Data) throws -> Notes { ... }
/// }
/// ```
public protocol DeltaStorable: Sendable {
    /// The bytes that make this value from `base` with ``applyingStoredDelta(_:)``, or `nil`
    /// when storing the value whole costs about as much.
    func storedDelta(from base: Self) -> Data?

    /// The value a delta made by ``storedDelta(from:)`` against this value describes.
    /// - Throws: When the delta does not fit this value (it was damaged or made against another).
    func applyingStoredDelta(_ delta: Data) throws -> Self
}

/// A commit of a ``FileRepository``'s log stored as a change to another commit of the log.
struct StoredDeltaCommit: Codable {
    var version: Version
    var changeTime: Version
    /// The version number of the commit the delta applies to: one the log holds by then.
    var base: UInt64
    var delta: Data

    /// `commit` stored against `base`, when its value type stores deltas, the delta is smaller
    /// than the value and it gives back exactly the value.
    static func make<Resource: Equatable>(_ commit: Commit<Resource>, against base: Commit<Resource>) -> StoredDeltaCommit? {
        guard let value = commit.content, let baseValue = base.content as? any DeltaStorable else { return nil }
        guard let delta = Self.delta(of: value, from: baseValue),
              let applied: Resource = try? Self.apply(delta, to: baseValue), applied == value
        else { return nil }
        return StoredDeltaCommit(version: commit.version, changeTime: commit.changeTime, base: base.version.count, delta: delta)
    }

    /// The commit this delta describes, applied to `base` (the commit it names).
    func commit<Resource>(on base: Commit<Resource>) throws -> Commit<Resource> {
        guard let baseValue = base.content else {
            throw StoredDeltaError(reason: "its base, commit \(self.base), holds no value")
        }
        guard let storable = baseValue as? any DeltaStorable else {
            throw StoredDeltaError(reason: "it is stored as a change, and \(Resource.self) does not read changes")
        }
        let applied: Resource?
        do {
            applied = try Self.apply(delta, to: storable)
        } catch {
            throw StoredDeltaError(reason: "its change does not fit its base (\(error))")
        }
        guard let value = applied else {
            throw StoredDeltaError(reason: "its change does not give a \(Resource.self)")
        }
        return Commit(version: version, changeTime: changeTime, content: value)
    }

    private static func delta<Value, Base: DeltaStorable>(of value: Value, from base: Base) -> Data? {
        guard let value = value as? Base else { return nil }
        return value.storedDelta(from: base)
    }

    private static func apply<Value, Base: DeltaStorable>(_ delta: Data, to base: Base) throws -> Value? {
        try base.applyingStoredDelta(delta) as? Value
    }
}

/// Why a delta-stored commit could not be read.
struct StoredDeltaError: Error {
    let reason: String
}
