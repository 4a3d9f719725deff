import Foundation
import PostgresNIO

/// What another device last said about where it is in the document.
public struct PeerPresence: Sendable, Equatable {
    /// The device's id (see ``PostgresExchange/deviceID``).
    public let device: String
    /// What it shared with ``PostgresExchange/sharePresence(_:)``.
    public let value: String
    /// When this device heard it.
    public let received: Date
}

extension PostgresExchange {
    /// Tells the other devices on the document where this device is (an editor's cursor, a
    /// selection, a user name: whatever `value` encodes, up to 4,000 bytes). It travels as a
    /// `NOTIFY`, never stored; it is sent at once when connected (at most once per
    /// ``Options/uploadDelay``: changes within it go as one, the latest), and again with every
    /// poll so that devices joining later learn it. An empty value withdraws it.
    public func sharePresence(_ value: String) {
        // Cut by whole characters: a cut inside one would not be text, and sent nothing at all.
        var value = value
        while value.utf8.count > PresenceNote.maximumValueBytes { value.removeLast() }
        let changed = shared.withLock { state in
            guard state.ownPresence != value else { return false }
            state.ownPresence = value
            return true
        }
        if changed { sendPresenceWhenPaced() }
    }

    /// Wakes the session to send this device's presence, at once or at the end of the
    /// presence spacing.
    private func sendPresenceWhenPaced() {
        guard mayStart(\.presenceGate, whenDue: { self.sendPresenceWhenPaced() }) else { return }
        shared.withLock { _ = $0.wake?.yield(.presence) }
    }

    /// The other devices heard from within ``Options/presenceLifetime``, most recent first.
    public var peers: [PeerPresence] {
        let lifetime = Self.seconds(options.presenceLifetime)
        return shared.withLock { $0.peers.current(at: Date(), lifetime: lifetime) }
    }

    /// Sends this device's presence, if it has one.
    /// Sealed with the document's key (``NotificationSeal``), so that only those who may read
    /// the document learn who is in it and where; nothing is sent before the key is known.
    func sendPresence(on connection: PostgresConnection) async throws {
        guard let (value, seal) = shared.withLock({ state in state.ownPresence.flatMap { value in state.seal.map { (value, $0) } } })
        else { return }
        let note = PresenceNote(document: document, device: deviceID, value: value)
        try await connection.query("SELECT pg_notify(\(ServerSchema.presenceChannel), \(try seal.seal(note.payload)))", logger: logger)
    }

    /// Notes another device's presence from a notification's payload.
    ///
    /// Anyone who can connect can send notes, from as many made-up device ids as they like:
    /// notes over the sizes this library sends are dropped, and the rest are held within
    /// ``Options/presenceLifetime`` and ``Options/maximumPeers`` (``PeerTable``).
    func receivePresence(_ payload: String) {
        guard case .opened(let opened) = openNotification(payload, with: \.seal),
              let note = PresenceNote(payload: opened), note.document == document, note.device != deviceID,
              note.device.utf8.count <= PresenceNote.maximumDeviceBytes, note.value.utf8.count <= PresenceNote.maximumValueBytes
        else { return }
        let (lifetime, limit) = (Self.seconds(options.presenceLifetime), options.maximumPeers)
        shared.withLock { $0.peers.hear(note.value, from: note.device, at: Date(), lifetime: lifetime, limit: limit) }
        updateStatus { $0.presenceNotesReceived += 1 }
    }

    private static func seconds(_ duration: Duration) -> TimeInterval {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
