import Forked
@testable import ForkedEditCore
import Testing

/// What an editor tells the others about itself: its cursor and its last merge that kept both
/// versions of something, read back as sent, and never trusted beyond what a text could have.
struct PeerCursorTests {
    @Test func aCursorWithAKeptConflictsNoteReadsBackAsSent() {
        let note = KeptConflictNote(merge: 3, lines: [0..<1, 4..<6])
        let cursor = PeerCursor(name: "ann marie", position: TextPosition(line: 2, column: 7), keptConflicts: note)
        #expect(PeerCursor(presence: cursor.presence) == cursor)
        let plain = PeerCursor(name: "bob", position: TextPosition(line: 0, column: 0))
        #expect(plain.presence == "0 0 bob")
        #expect(PeerCursor(presence: plain.presence) == plain)
        // A tab in a name would start the note: it travels as a space.
        let tabbed = PeerCursor(name: "eve\t1 0-1", position: TextPosition(line: 0, column: 0))
        #expect(PeerCursor(presence: tabbed.presence)?.name == "eve 1 0-1")
        #expect(PeerCursor(presence: tabbed.presence)?.keptConflicts == nil)
    }

    @Test("a note that cannot be lines of a text is left out; the cursor stays", arguments: [
        "x 0-1", "1 ", "1 5-5", "1 6-2", "1 -1-2", "1 0-9223372036854775808", "1 a-b", "",
    ])
    func craftedNotes(_ field: String) {
        let cursor = PeerCursor(presence: "1 2 bob\t" + field)
        #expect(cursor?.position == TextPosition(line: 1, column: 2))
        #expect(cursor?.keptConflicts == nil)
    }

    @Test func aNoteCarriesAtMostSixteenRanges() {
        let many = (0..<40).map { $0 * 2..<($0 * 2 + 1) }
        let note = KeptConflictNote(merge: 1, lines: many)
        #expect(note.lines.count == KeptConflictNote.maximumRanges)
        let sent = "0 0 bob\t1 " + many.map { "\($0.lowerBound)-\($0.upperBound)" }.joined(separator: ",")
        #expect(PeerCursor(presence: sent)?.keptConflicts?.lines.count == KeptConflictNote.maximumRanges)
    }

    @Test func anAutomaticMergeThatKeptAConflictSaysWhereAndMarksTheLines() throws {
        let session = try EditorSession(text: "one\nthe cat sat\n", fileName: "notes.txt", columns: 80, rows: 24, writer: InMemoryDocumentWriter())
        try session.resource.update(.main, with: TextDocument(text: "one\nthe dog cow sat\n"))
        for fork in session.forks { try session.resource.update(fork, with: TextDocument(text: "one\nthe dog cow sat\n")) }
        var report = StoreReport(forksChanged: true)
        report.keptConflicts = [KeptConflict(utf8Range: 4..<15, lines: 1..<2)]
        #expect(session.show(report))
        #expect(session.message == "Merged with main; both versions kept at 1 conflict (line 2)")
        #expect(session.panes.allSatisfy { $0.state.isConflictLine(1) && !$0.state.isConflictLine(0) })
    }
}
