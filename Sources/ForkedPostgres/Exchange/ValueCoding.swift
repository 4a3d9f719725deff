import ForkedHistory
import ForkedModel
import Foundation

/// How a resource's value travels, in ForkedHistory's terms so that the server's commits and a
/// local history are one format: a value that is a ``HistoryValue`` uses its own snapshot and
/// deltas (a keystroke in a long text is a few bytes); any other value is JSON with sorted keys
/// (the same value gives the same bytes on every device, so its digest can be checked) and
/// always travels whole. The model version is read from the value when it is a ``VersionedModel``.
struct ValueCoding<Value: Codable>: Sendable {
    func snapshot(of value: Value) throws -> Data {
        if let historyValue = value as? any HistoryValue { return try historyValue.snapshot() }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(value)
    }

    func value(fromSnapshot data: Data) throws -> Value {
        do {
            if let type = Value.self as? any HistoryValue.Type, let value = try type.init(snapshot: data) as? Value {
                return value
            }
            return try JSONDecoder().decode(Value.self, from: data)
        } catch {
            throw PostgresSyncError.corruptDocument("a snapshot does not decode as \(Value.self): \(error)")
        }
    }

    /// The bytes that turn `base` into `value`, or `nil` when the type has no delta encoding.
    func delta(of value: Value, from base: Value) throws -> Data? {
        guard let historyValue = value as? any HistoryValue else { return nil }
        return try Self.delta(historyValue, from: base)
    }

    /// The value a run of stored deltas makes of `base`, each made against the value before it.
    ///
    /// One call for the whole run: a type whose deltas compose applies them in one pass (a text
    /// is copied once, not once per delta, and a document decodes only the last one's cursors).
    func applying(deltas: [Data], to base: Value) throws -> Value {
        guard let historyBase = base as? any HistoryValue else {
            throw PostgresSyncError.corruptDocument("a delta was stored for \(Value.self), which has no delta encoding")
        }
        do {
            return try Self.apply(deltas, to: historyBase)
        } catch let error as PostgresSyncError {
            throw error
        } catch {
            throw PostgresSyncError.corruptDocument("a delta does not apply: \(error)")
        }
    }

    /// The value `commit` makes from `base` (its first parent's value), checked against the
    /// commit's digest.
    ///
    /// - Throws: ``PostgresSyncError/corruptDocument(_:)`` for an anchored delta (its base is an
    ///   older version than the parent), a delta that does not apply, or a digest that does not match.
    func value(of commit: HistoryCommit, madeFrom base: Value) throws -> Value {
        let value: Value
        switch commit.body {
        case .snapshot(let data): value = try self.value(fromSnapshot: data)
        case .delta(let data): value = try applying(deltas: [data], to: base)
        case .anchored: throw PostgresSyncError.corruptDocument("commit \(commit.id.hex) is a delta against an older version")
        }
        try check(value, against: commit)
        return value
    }

    /// Whether `value` is the value `commit` records the digest of.
    func holds(_ value: Value, of commit: HistoryCommit) throws -> Bool {
        SHA256Digest.digest(of: try snapshot(of: value)) == commit.valueDigest
    }

    /// Throws unless `value` is the value `commit` records the digest of.
    func check(_ value: Value, against commit: HistoryCommit) throws {
        guard try holds(value, of: commit) else {
            throw PostgresSyncError.corruptDocument("the value of commit \(commit.id.hex) does not match its digest")
        }
    }

    private static func delta<Typed: HistoryValue>(_ value: Typed, from base: Value) throws -> Data? {
        guard let base = base as? Typed else { return nil }
        return try value.delta(from: base)
    }

    private static func apply<Typed: HistoryValue>(_ deltas: [Data], to base: Typed) throws -> Value {
        guard let value = try base.applying(deltas: deltas) as? Value else {
            throw PostgresSyncError.corruptDocument("a delta does not make a \(Value.self)")
        }
        return value
    }

    /// The model version recorded with a value: its own for a ``VersionedModel``, 0 otherwise.
    func modelVersion(of value: Value) -> Int {
        (value as? any VersionedModel)?.forkedModelVersion ?? 0
    }

    /// The newest model version this build can merge; `nil` when the type is not versioned.
    var supportedModelVersion: Int? {
        (Value.self as? any VersionedModel.Type)?.modelVersion
    }

    /// Refuses data written by a newer model than this build's, before it is decoded or merged.
    func checkModelVersion(_ version: Int) throws {
        guard let supported = supportedModelVersion, version > supported else { return }
        throw PostgresSyncError.newerModelVersion(dataVersion: version, supportedVersion: supported)
    }
}
