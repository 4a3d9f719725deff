import Foundation

/// A value a ``FileRepository`` may store as its difference from another version it holds, or
/// whole in a compact form of its own, instead of as JSON.
///
/// A fork's new version of a large value usually differs from its last one by an edit; writing
/// it whole makes every write cost the value's size (a 10 MB text is 10 MB of escaped JSON,
/// checksum and disk per write). A value type that conforms is written as a delta against the
/// version it replaces, and a value with nothing to be a change to in its own bytes, beside the
/// record's JSON rather than inside it. The repository checks before writing that the bytes
/// give back exactly the value, and writes JSON when they do not.
///
/// ```swift
/// extension Notes: DeltaStorable {
///     func storedDelta(from base: Notes) -> Data? { ... }        // nil: store whole
///     func applyingStoredDelta(_ delta: Data) throws -> Notes { ... }
///     var storedBytes: Data? { ... }                             // nil: store as JSON
///     init(storedBytes: Data) throws { ... }
/// }
/// ```
public protocol DeltaStorable: Sendable {
    /// The bytes that make this value from `base` with ``applyingStoredDelta(_:)``, or `nil`
    /// when storing the value whole costs about as much.
    func storedDelta(from base: Self) -> Data?

    /// The value a delta made by ``storedDelta(from:)`` against this value describes.
    /// - Throws: When the delta does not fit this value (it was damaged or made against another).
    func applyingStoredDelta(_ delta: Data) throws -> Self

    /// The whole value in a compact form read back by ``init(storedBytes:)``, or `nil` to store
    /// it as JSON.
    var storedBytes: Data? { get }

    /// The value ``storedBytes`` describes.
    /// - Throws: When the bytes are not such a form (damaged, or another type's).
    init(storedBytes: Data) throws
}

/// A commit of a ``FileRepository``'s log stored in the bytes after the record's JSON: as a
/// change to another commit of the log, or whole in its value type's compact form.
struct StoredDeltaCommit: Codable, Equatable {
    var version: Version
    var changeTime: Version
    /// The version number of the commit the delta applies to (one the log holds by then), or
    /// `nil` when the bytes are the whole value.
    var base: UInt64?
    /// Where its bytes are in the record's attachment.
    var offset: Int
    var length: Int

    /// `commit` in the compact form of a ``DeltaStorable`` value: a change to the first of
    /// `bases` it can be stored against, else whole; `nil` when its value type stores neither
    /// or the bytes would not give back exactly the value. The bytes are appended to `attachment`.
    static func make<Resource: Equatable>(
        _ commit: Commit<Resource>, against bases: [Commit<Resource>], appendingTo attachment: inout Data
    ) -> StoredDeltaCommit? {
        guard let value = commit.content as? any DeltaStorable else { return nil }
        for base in bases {
            guard let baseValue = base.content as? any DeltaStorable,
                  let delta = Self.delta(of: value, from: baseValue),
                  let applied: Resource = try? Self.apply(delta, to: baseValue), applied == commit.content
            else { continue }
            return stored(commit, base: base.version.count, bytes: delta, in: &attachment)
        }
        guard let bytes = value.storedBytes, let read: Resource = try? Self.read(bytes, as: value), read == commit.content else { return nil }
        return stored(commit, base: nil, bytes: bytes, in: &attachment)
    }

    private static func stored<Resource>(_ commit: Commit<Resource>, base: UInt64?, bytes: Data, in attachment: inout Data) -> StoredDeltaCommit {
        defer { attachment.append(bytes) }
        return StoredDeltaCommit(version: commit.version, changeTime: commit.changeTime, base: base, offset: attachment.count, length: bytes.count)
    }

    /// The commit these bytes of `attachment` describe; `base` is the commit ``base`` names.
    func commit<Resource>(on base: Commit<Resource>?, attachment: Data) throws -> Commit<Resource> {
        guard offset >= 0, length >= 0, offset <= attachment.count - length else {
            throw StoredDeltaError(reason: "its bytes (\(length) at \(offset)) are not in the record's \(attachment.count)")
        }
        let start = attachment.startIndex + offset
        let bytes = Data(attachment[start..<(start + length)])
        let value: Resource?
        do {
            if let base {
                guard let baseValue = base.content else { throw StoredDeltaError(reason: "its base, commit \(base.version.count), holds no value") }
                guard let storable = baseValue as? any DeltaStorable else {
                    throw StoredDeltaError(reason: "it is stored as a change, and \(Resource.self) does not read changes")
                }
                value = try Self.apply(bytes, to: storable)
            } else {
                guard let storable = Resource.self as? any DeltaStorable.Type else {
                    throw StoredDeltaError(reason: "it is stored in a compact form, and \(Resource.self) does not read one")
                }
                value = try Self.read(bytes, as: storable)
            }
        } catch let error as StoredDeltaError {
            throw error
        } catch {
            throw StoredDeltaError(reason: "its bytes do not read (\(error))")
        }
        guard let value else { throw StoredDeltaError(reason: "its bytes do not give a \(Resource.self)") }
        return Commit(version: version, changeTime: changeTime, content: value)
    }

    private static func delta<Value: DeltaStorable, Base: DeltaStorable>(of value: Value, from base: Base) -> Data? {
        guard let value = value as? Base else { return nil }
        return value.storedDelta(from: base)
    }

    private static func apply<Value, Base: DeltaStorable>(_ delta: Data, to base: Base) throws -> Value? {
        try base.applyingStoredDelta(delta) as? Value
    }

    private static func read<Value, Stored: DeltaStorable>(_ bytes: Data, as _: Stored) throws -> Value? {
        try Stored(storedBytes: bytes) as? Value
    }

    private static func read<Value, Stored: DeltaStorable>(_ bytes: Data, as _: Stored.Type) throws -> Value? {
        try Stored(storedBytes: bytes) as? Value
    }
}

/// Why a commit stored in compact form could not be read.
struct StoredDeltaError: Error {
    let reason: String
}
