import Foundation

/// A value a history can store: as a whole (a snapshot) and, where the type can, as a small
/// delta against an earlier value, so a keystroke in a long text costs a few bytes.
public protocol HistoryValue: Sendable, Equatable {
    /// The value's full encoding.
    func snapshot() throws -> Data
    /// Decodes a value from ``snapshot()``'s bytes.
    init(snapshot: Data) throws
    /// Bytes that turn `base` into this value through ``applying(delta:)``, or `nil` when the
    /// type has no delta encoding (a snapshot is stored instead).
    func delta(from base: Self) throws -> Data?
    /// The value that `delta`, made by ``delta(from:)`` against this value, describes.
    func applying(delta: Data) throws -> Self
    /// The text a difference between two versions compares, or `nil` for values without text.
    var historyText: String? { get }
}

extension HistoryValue where Self: Codable {
    /// JSON with sorted keys, so equal values have equal snapshots.
    public func snapshot() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self)
    }

    /// Decodes the JSON of ``snapshot()``.
    public init(snapshot: Data) throws {
        self = try JSONDecoder().decode(Self.self, from: snapshot)
    }

    /// No delta: every version is stored whole.
    public func delta(from base: Self) throws -> Data? { nil }

    /// Never called for a value without deltas; a stored delta for such a type is corrupt.
    public func applying(delta: Data) throws -> Self {
        throw HistoryError.corruptDelta("\(Self.self) has no delta encoding")
    }

    /// No text.
    public var historyText: String? { nil }
}

extension String: HistoryValue {
    /// The UTF-8 bytes.
    public func snapshot() throws -> Data { Data(utf8) }

    /// Decodes UTF-8 bytes; invalid UTF-8 is a corrupt snapshot, never repaired silently.
    public init(snapshot: Data) throws {
        guard let text = String(validating: snapshot, as: UTF8.self) else {
            throw HistoryError.corruptCommit("a text snapshot is not UTF-8")
        }
        self = text
    }

    /// The word-level changes from `base`, encoded by ``TextDelta``.
    public func delta(from base: String) throws -> Data? { TextDelta(from: base, to: self).encoded }

    /// Applies a ``TextDelta``.
    public func applying(delta: Data) throws -> String { try TextDelta(encoded: delta).applied(to: self) }

    /// The text itself.
    public var historyText: String? { self }
}
