import Foundation
import PostgresNIO

extension PostgresExchange {
    /// The seal of this document's announcements: the writers' key (``ServerAccess``), learned
    /// once per exchange. While the document has no row, a new random key, which its first
    /// publish stores. Not asked by a login that may not write the document: its devices cannot
    /// open announcements, and fetch what they announce.
    func announcementSeal(on connection: PostgresConnection) async throws -> NotificationSeal {
        if let seal = shared.withLock({ $0.announceSeal }) { return seal }
        if let key = try await store.announceKey(on: connection) {
            guard let seal = NotificationSeal(keyBytes: key, document: document) else {
                throw PostgresSyncError.corruptDocument("'\(document)' has an announcement key of \(key.count) bytes")
            }
            shared.withLock { $0.announceSeal = seal }
            return seal
        }
        // No row yet: this device's first publish stores a new key (``forgetCandidateSeal()``
        // when another device's first publish came first).
        guard let candidate = NotificationSeal.random(for: document) else {
            throw PostgresSyncError.corruptDocument("no key could be made for '\(document)'s announcements")
        }
        shared.withLock { $0.announceSeal = candidate }
        return candidate
    }

    /// The seal of this document's presence notes (``NotificationSeal``): the key its row holds,
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

    /// Forgets the keys this device seals with: made for a document's first publish that another
    /// device's first publish beat, or made anew on the server since (a member was removed). The
    /// next ``notificationSeal(on:)`` and ``announcementSeal(on:)`` read the server's.
    func forgetCandidateSeal() {
        shared.withLock { state in
            state.seal = nil
            state.announceSeal = nil
        }
    }

    /// What became of a notification opened with one of the document's seals.
    enum NotificationOpening: Equatable {
        /// Its text.
        case opened(String)
        /// Another document's.
        case elsewhere
        /// This document's, while no key is known (the document's first publish came from
        /// elsewhere, or this login only reads it): a fetch reads the row instead.
        case keyUnknown
        /// This document's, not opening with the key known: sent by someone who may not have
        /// it (never applied), or sealed with a key made after a member was removed, which a
        /// fetch then learns (``ServerAccess``).
        case notOpening
    }

    /// Opens a notification with the seal at `seal` in the shared state: ``SharedState/announceSeal``
    /// for announcements, ``SharedState/seal`` for presence.
    func openNotification(_ payload: String, with seal: any KeyPath<SharedState, NotificationSeal?> & Sendable) -> NotificationOpening {
        guard NotificationSeal.tag(ofSealed: payload) == Substring(notificationTag) else { return .elsewhere }
        guard let key = shared.withLock({ $0[keyPath: seal] }) else { return .keyUnknown }
        return key.open(payload).map(NotificationOpening.opened) ?? .notOpening
    }
}
