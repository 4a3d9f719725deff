import Forked
import ForkedEditCore
import ForkedPostgres

/// What the editor says when a merge of the shared document kept both versions of something
/// two people changed differently: its exchange's merges of other devices' versions
/// (``SyncStatus/lastKeptConflicts``), its own fork's automatic merges with main (shown by
/// the session already), and, through presence, the other editors' merges
/// (``PeerCursor/keptConflicts``), so that every screen on the document points at the
/// conflict, not only the one whose merge found it.
///
/// A value fed by the idle turn: status, merges and peers in; a message and lines to mark out.
struct KeptConflictReports {
    /// This editor's last merge that kept conflicts, for its presence.
    private(set) var ownNote: KeptConflictNote?
    /// The lines to mark once a pane holds main's text (the merge's lines are lines of it).
    private(set) var pendingMarks: [Range<Int>]?
    /// The exchange's merges that kept conflicts, as far as reported.
    private var exchangeMergesSeen = 0
    /// The last merge each peer's presence named, by name.
    private var peerMergesSeen: [String: Int] = [:]

    /// Takes in the exchange's status, this editor's automatic merge's conflicts (already on its
    /// screen) and the peers' cursors; returns the message to show, or `nil`.
    /// `source` names the device whose change was merged; asked only when there is a merge to say.
    mutating func update(
        status: SyncStatus, autoMerged: [KeptConflict], peers: [PeerCursor], mergedFrom source: @autoclosure () -> String?
    ) -> String? {
        var messages: [String] = []
        if !autoMerged.isEmpty { noteOwnMerge(autoMerged.map(\.lines)) }
        if status.mergesKeepingConflicts != exchangeMergesSeen, !status.lastKeptConflicts.isEmpty {
            exchangeMergesSeen = status.mergesKeepingConflicts
            let lines = status.lastKeptConflicts.map(\.lines)
            noteOwnMerge(lines)
            pendingMarks = lines
            messages.append("Sync: merged \(source().map { "\($0)'s" } ?? "another device's") change"
                + EditorSession.keptConflictsNote(lines))
        }
        for peer in peers {
            // A peer names its merge only while its conflicts stand unedited on its screen
            // (``presenceNote(stillMarked:)``): one heard first, at joining, still stands.
            guard let note = peer.keptConflicts, peerMergesSeen.updateValue(note.merge, forKey: peer.name) != note.merge else { continue }
            pendingMarks = note.lines
            messages.append("Sync: \(peer.name)'s merge" + EditorSession.keptConflictsNote(note.lines))
        }
        return messages.isEmpty ? nil : messages.joined(separator: "  ")
    }

    /// What this editor's presence says of its last merge that kept conflicts: its note while
    /// they stand unedited (`stillMarked`: a pane marks them) or wait to be marked, else nothing,
    /// so that an editor joining later hears only of conflicts still there.
    func presenceNote(stillMarked: Bool) -> KeptConflictNote? {
        stillMarked || pendingMarks != nil ? ownNote : nil
    }

    /// The marks waiting for a pane that holds `mainText`, handed out once `mark` finds one.
    mutating func applyPendingMarks(mainText: String?, mark: ([Range<Int>], String) -> Bool) -> Bool {
        guard let lines = pendingMarks, let mainText, mark(lines, mainText) else { return false }
        pendingMarks = nil
        return true
    }

    private mutating func noteOwnMerge(_ lines: [Range<Int>]) {
        ownNote = KeptConflictNote(merge: (ownNote?.merge ?? 0) + 1, lines: lines)
    }
}
