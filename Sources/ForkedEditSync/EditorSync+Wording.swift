import ForkedEditCore
import ForkedPostgres
import Foundation

/// What the editor says about sync: the status line's standing notice, the server pane's title,
/// the merge key's message and the history's name for another device. Pure functions of the
/// exchange's ``SyncStatus``, so every wording is tested without a server.
extension EditorSync {
    /// The status line's words for a connection that is not (yet, or any more) working; `nil`
    /// when connected or closed.
    public static func standingNotice(_ status: SyncStatus, document: String) -> String? {
        switch status.connection {
        case .connecting: return "Sync: connecting for '\(document)'"
        case .connected, .closed: return nil
        case .offline(let since, let reason):
            return "Sync: offline since \(clockTime(since)), reconnecting (\(reason)); edits are kept"
        case .stopped(let error):
            guard case .documentTooLarge = error else { return "Sync stopped: \(error); edits are kept here" }
            return "Sync stopped: \(error) (--sync-limit MB raises it); edits are kept here"
        }
    }

    /// The server pane's state in its title: the pane shows the server's version, so its state
    /// against this device's main says less than whether it is live.
    public static func serverPaneNote(_ status: SyncStatus) -> String {
        switch status.connection {
        case .connecting: return "connecting"
        case .connected where status.access == .readOnly:
            // A read-only member publishes nothing: changes made before its access was lowered
            // stay here, and "publishing" would promise what never happens.
            return status.hasPendingChanges ? "live; your changes stay here (read-only access)" : "live"
        case .connected: return status.hasPendingChanges ? "publishing" : "live"
        case .offline(let since, _): return "offline since \(clockTime(since))"
        case .stopped: return "sync stopped"
        case .closed: return "closed"
        }
    }

    /// What happens to main after the merge key, for its message.
    public static func publishingNote(_ status: SyncStatus, mainChanged: Bool) -> String {
        switch status.connection {
        case .connected where status.access == .readOnly:
            return mainChanged || status.hasPendingChanges ? "kept here: read-only access publishes nothing" : "the server has it too"
        case .connected:
            return mainChanged || status.hasPendingChanges ? "publishing to the server" : "the server has it too"
        case .connecting, .offline: return "published when the server is back"
        case .stopped, .closed: return "not published: sync stopped"
        }
    }

    /// How the history names the device that made the last version merged in from the server:
    /// its user, as its presence says (it is typing, so it is present), else "another device";
    /// `nil` before any was merged.
    public static func historyOrigin(device: String?, peers: [PeerPresence]) -> String? {
        guard let device else { return nil }
        return peers.first { $0.device == device }.flatMap { PeerCursor(presence: $0.value)?.name } ?? "another device"
    }

    private static func clockTime(_ date: Date) -> String {
        date.formatted(date: .omitted, time: .standard)
    }
}
