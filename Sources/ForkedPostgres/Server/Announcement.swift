/// The payload of a `NOTIFY` on ``ServerSchema/channel``: which document reached which
/// generation, and from which device. Small by design (a payload must stay under 8000 bytes):
/// listeners fetch the data themselves.
struct Announcement: Sendable, Equatable {
    let document: String
    let generation: Int64
    let device: String

    /// `generation device document`: the document's name last, so that it may contain spaces.
    var payload: String { "\(generation) \(device) \(document)" }

    /// Reads a payload; `nil` for one this build does not understand.
    init?(payload: String) {
        let parts = payload.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, let generation = Int64(parts[0]) else { return nil }
        self.init(document: String(parts[2]), generation: generation, device: String(parts[1]))
    }

    init(document: String, generation: Int64, device: String) {
        self.document = document
        self.generation = generation
        self.device = device
    }
}
