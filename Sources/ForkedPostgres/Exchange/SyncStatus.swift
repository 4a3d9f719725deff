import Forked
import Foundation

/// What an exchange is doing, for status lines and tests: ``PostgresExchange/status`` and
/// ``PostgresExchange/statusStream``.
public struct SyncStatus: Sendable, Equatable {
    /// The state of the connection to the server.
    public enum Connection: Sendable, Equatable {
        /// Connecting for the first time.
        case connecting
        /// Connected and listening for other devices' changes.
        case connected
        /// Not connected since `since`; retrying. `reason` says why, without a password.
        case offline(since: Date, reason: String)
        /// Stopped for good: retrying cannot help (a refused login, a newer model version).
        case stopped(PostgresSyncError)
        /// Stopped by ``PostgresExchange/stop()``.
        case closed
    }

    /// The connection.
    public var connection: Connection = .connecting
    /// What this login may do with the document, as the server said when the exchange last
    /// connected; `nil` before. With ``DocumentAccess/readOnly`` the exchange receives and
    /// publishes nothing: changes made to main stay on this device.
    public var access: DocumentAccess?
    /// When the server fork last matched the server: after a fetch or an upload.
    public var lastSync: Date?
    /// Whether main has changes the server does not have yet.
    public var hasPendingChanges = false
    /// The document's generation as last seen on the server.
    public var generation: Int64 = 0
    /// Uploads that reached the server: became the document's head, or were merged into one
    /// with other devices' by whoever held the document's turn.
    public var uploads = 0
    /// Versions, this device's and others', that this device merged into one generation while
    /// it held the document's turn: many devices' uploads land as one commit.
    public var stagedVersionsMerged = 0
    /// Versions from other devices merged into main.
    public var remoteChangesApplied = 0
    /// The device (its ``PostgresExchange/deviceID``, the origin of its commits) that made the
    /// newest of the versions last merged into main: who the last change from elsewhere came
    /// from, for an app to name in its history. `nil` until one is merged.
    public var lastRemoteDevice: String?
    /// Other devices' commits applied straight from their announcements, without asking the
    /// server: each announcement of a small commit carries it.
    public var commitsFromAnnouncements = 0
    /// Announcements of this device's own uploads, recognised and not fetched.
    public var ownEchoesIgnored = 0
    /// Uploads that found another device's generation first and were merged and retried.
    public var conflicts = 0
    /// Merges of other devices' versions (into main, or of staged versions in this device's
    /// turn) that kept both versions of something two devices changed differently: a word
    /// both replaced, say. The merged value holds both, for the people to choose from.
    public var mergesKeepingConflicts = 0
    /// Where the last of those merges kept both versions (for a text: the lines).
    public var lastKeptConflicts: [KeptConflict] = []
    /// Bytes of commit payload uploaded, for measuring what a change costs on the wire.
    public var payloadBytesUploaded = 0
    /// Presence notes heard from other devices (see ``PostgresExchange/peers``).
    public var presenceNotesReceived = 0
    /// Commits of a local history uploaded to the server (see ``PostgresExchange/uploadsHistory(from:)``).
    public var historyCommitsUploaded = 0

    /// Whether the exchange is connected.
    public var isConnected: Bool { connection == .connected }

    /// Counts a merge that kept `conflicts` (none: nothing to count).
    mutating func noteKept(_ conflicts: [KeptConflict]) {
        guard !conflicts.isEmpty else { return }
        mergesKeepingConflicts += 1
        lastKeptConflicts = conflicts
    }
}
