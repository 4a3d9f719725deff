import Forked
import ForkedEditCore
@testable import ForkedEditSync
@testable import ForkedPostgres
import Testing

/// What the editor says when a merge of the shared document kept both versions, whoever's
/// merge it was, and which lines it marks; without a server.
struct KeptConflictReportsTests {
    private func status(merges: Int, lines: [Range<Int>]) -> SyncStatus {
        var status = SyncStatus()
        status.mergesKeepingConflicts = merges
        status.lastKeptConflicts = lines.map { KeptConflict(utf8Range: 0..<1, lines: $0) }
        return status
    }

    @Test func theExchangesMergeIsSaidOnceMarkedOnceAndToldToThePeers() {
        var reports = KeptConflictReports()
        #expect(reports.update(status: SyncStatus(), autoMerged: [], peers: [], mergedFrom: nil) == nil)
        let merged = status(merges: 1, lines: [2..<3])
        #expect(reports.update(status: merged, autoMerged: [], peers: [], mergedFrom: "bob")
            == "Sync: merged bob's change; both versions kept at 1 conflict (line 3)")
        #expect(reports.ownNote == KeptConflictNote(merge: 1, lines: [2..<3]))
        #expect(reports.update(status: merged, autoMerged: [], peers: [], mergedFrom: "bob") == nil)
        // The marks wait until a pane holds main's text.
        #expect(!reports.applyPendingMarks(mainText: "text") { _, _ in false })
        var marked: [Range<Int>] = []
        #expect(reports.applyPendingMarks(mainText: "text") { lines, _ in marked = lines; return true })
        #expect(marked == [2..<3] && reports.pendingMarks == nil)
        // This device's automatic merge is on its screen already: only the peers hear of it.
        let auto = [KeptConflict(utf8Range: 0..<1, lines: 0..<1)]
        #expect(reports.update(status: merged, autoMerged: auto, peers: [], mergedFrom: nil) == nil)
        #expect(reports.ownNote == KeptConflictNote(merge: 2, lines: [0..<1]) && reports.pendingMarks == nil)
        // Presence names it only while the conflicts stand marked.
        #expect(reports.presenceNote(stillMarked: true) == reports.ownNote)
        #expect(reports.presenceNote(stillMarked: false) == nil)
    }

    @Test func aPeersMergeIsSaidOncePerNote() {
        var reports = KeptConflictReports()
        let position = TextPosition(line: 0, column: 0)
        let earlier = PeerCursor(name: "ann", position: position, keptConflicts: KeptConflictNote(merge: 4, lines: [0..<1]))
        // Heard at joining: its conflicts still stand on ann's screen, so they are said here too.
        #expect(reports.update(status: SyncStatus(), autoMerged: [], peers: [earlier], mergedFrom: nil)
            == "Sync: ann's merge; both versions kept at 1 conflict (line 1)")
        let newer = PeerCursor(name: "ann", position: position, keptConflicts: KeptConflictNote(merge: 5, lines: [1..<2, 3..<4]))
        #expect(reports.update(status: SyncStatus(), autoMerged: [], peers: [newer], mergedFrom: nil)
            == "Sync: ann's merge; both versions kept at 2 conflicts (lines 2, 4)")
        #expect(reports.pendingMarks == [1..<2, 3..<4])
        #expect(reports.update(status: SyncStatus(), autoMerged: [], peers: [newer], mergedFrom: nil) == nil)
        // A peer first heard without a note, then with one: its merge is new.
        let bob = PeerCursor(name: "bob", position: position)
        #expect(reports.update(status: SyncStatus(), autoMerged: [], peers: [bob], mergedFrom: nil) == nil)
        var merged = bob
        merged.keptConflicts = KeptConflictNote(merge: 1, lines: [0..<1])
        #expect(reports.update(status: SyncStatus(), autoMerged: [], peers: [merged], mergedFrom: nil)
            == "Sync: bob's merge; both versions kept at 1 conflict (line 1)")
    }
}
