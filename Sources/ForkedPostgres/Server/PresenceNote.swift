import Foundation

/// The payload of a `NOTIFY` on ``ServerSchema/presenceChannel``: a device saying where it is
/// in a document (an editor's cursor, say). Never stored: a device that is not listening
/// misses it, and the next one (sent at least every poll interval) tells it again.
struct PresenceNote: Codable, Sendable, Equatable {
    /// The document's name.
    let document: String
    /// The sending device.
    let device: String
    /// What the device shares, as the application chose to write it.
    let value: String

    /// The largest `value` sent, in bytes: `NOTIFY` payloads must stay under 8000 bytes.
    static let maximumValueBytes = 4000
    /// The longest device id kept from a note: ids this library makes are far shorter.
    static let maximumDeviceBytes = 200

    /// The JSON text sent.
    var payload: String {
        let data = (try? JSONEncoder().encode(self)) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// Reads a payload; `nil` for one this build does not understand.
    init?(payload: String) {
        guard let note = try? JSONDecoder().decode(PresenceNote.self, from: Data(payload.utf8)) else { return nil }
        self = note
    }

    init(document: String, device: String, value: String) {
        self.document = document
        self.device = device
        self.value = value
    }
}
