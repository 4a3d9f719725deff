import ForkedModel
import Foundation

/// How a resource's value travels: a snapshot is its JSON with sorted keys (the same value gives
/// the same bytes on every device, so its digest can be checked), and its model version is
/// read from the value when it is a ``VersionedModel``.
struct ValueCoding<Value: Codable>: Sendable {
    func snapshot(of value: Value) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(value)
    }

    func value(fromSnapshot data: Data) throws -> Value {
        do {
            return try JSONDecoder().decode(Value.self, from: data)
        } catch {
            throw PostgresSyncError.corruptDocument("a snapshot does not decode as \(Value.self): \(error)")
        }
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
