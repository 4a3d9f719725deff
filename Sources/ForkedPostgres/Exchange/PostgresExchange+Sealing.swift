import Foundation
import PostgresNIO

extension PostgresExchange {
    /// The seal of this document's notifications (``NotificationSeal``): the key its row holds,
    /// learned once per exchange. A document with no row yet gets a new random key, which its
    /// first publish stores (``forgetCandidateSeal()`` when another device's publish came first).
    func notificationSeal(on connection: PostgresConnection) async throws -> NotificationSeal {
        if let seal = shared.withLock({ $0.seal }) { return seal }
        guard let candidate = NotificationSeal.random(for: document) else {
            throw PostgresSyncError.corruptDocument("no key could be made for '\(document)'s notifications")
        }
        let seal = try await store.notificationSeal(settingIfMissing: candidate, on: connection) ?? candidate
        shared.withLock { $0.seal = seal }
        return seal
    }

    /// Forgets a key made for a document's first publish that another device's first publish
    /// beat: the row holds that device's, which the next ``notificationSeal(on:)`` reads.
    func forgetCandidateSeal() {
        shared.withLock { $0.seal = nil }
    }

    /// The text of a notification for this document, opened with its seal: `nil` for another
    /// document's, or one that does not open (sent by someone who cannot read the document's
    /// row: never applied). `unopened` is set when it names this document but no key is known
    /// yet (the document's first publish came from elsewhere): a fetch then reads the row.
    func openNotification(_ payload: String, unopened: inout Bool) -> String? {
        guard NotificationSeal.tag(ofSealed: payload) == Substring(notificationTag) else { return nil }
        guard let seal = shared.withLock({ $0.seal }) else {
            unopened = true
            return nil
        }
        return seal.open(payload)
    }
}
