import Foundation

/// The other devices' presence, as heard: the one owner of the bounds on what peers can make a
/// device hold. Anyone who can connect can send presence from as many made-up device ids as
/// they like: notes past the lifetime are forgotten as new ones come, and at most `limit` devices
/// are kept, the longest-silent going first.
struct PeerTable: Sendable {
    private var peers: [String: PeerPresence] = [:]

    /// How many devices are held.
    var count: Int { peers.count }

    /// Notes `value` from `device`, heard at `now`, keeping at most `limit` devices (at least
    /// one) and dropping those not heard within `lifetime` when over it.
    mutating func hear(_ value: String, from device: String, at now: Date, lifetime: TimeInterval, limit: Int) {
        peers[device] = PeerPresence(device: device, value: value, received: now)
        let limit = max(limit, 1)
        guard peers.count > limit else { return }
        let oldest = now.addingTimeInterval(-lifetime)
        peers = peers.filter { $0.value.received >= oldest }
        while peers.count > limit, let silent = peers.min(by: { $0.value.received < $1.value.received }) {
            peers[silent.key] = nil
        }
    }

    /// The devices heard within `lifetime` before `now` that said something, most recent first.
    func current(at now: Date, lifetime: TimeInterval) -> [PeerPresence] {
        let oldest = now.addingTimeInterval(-lifetime)
        return peers.values.filter { $0.received >= oldest && !$0.value.isEmpty }.sorted { $0.received > $1.received }
    }
}
