import ForkedEditCore
import ForkedEditPersistence
import ForkedPostgres
import Foundation

/// One fuzz input: what another login can send an editor under `--sync`, decoded by the code
/// that reads it. The first byte picks the decoder: the exchange's own (announcements,
/// presence notes, commits and their rows, text deltas: ``WireInputFuzzing``), the editor's
/// presence (a peer's cursor and kept-conflict note), or a document delta as the editor's
/// repository applies it.
enum FuzzInput {
    /// The document fuzzed deltas apply to.
    static let document = TextDocument(text: "Plan\nthe budget is approved\n日本語 é\n", cursors: ["this-device": 3])

    /// Valid inputs for every decoder, the exchange's and the editor's.
    static func seeds() throws -> [Data] {
        let edited = TextDocument(text: "Plan\nthe costs are approved\n日本語 é\n", cursors: ["this-device": 9])
        let delta = try edited.delta(from: document) ?? Data()
        return try WireInputFuzzing.seeds() + [
            Data([5]) + Data(PeerCursor(name: "ann", position: TextPosition(line: 1, column: 4), keptConflicts: KeptConflictNote(merge: 2, lines: [1..<2])).presence.utf8),
            Data([6]) + delta,
            Data([7]) + (try edited.snapshot()),
        ]
    }

    static func run(_ data: Data) {
        guard let selector = data.first else { return }
        switch selector % 8 {
        case 0..<5:
            WireInputFuzzing.run(data)
        case 5:
            // A peer's presence, and a cursor drawn from it on a small screen.
            guard let cursor = PeerCursor(presence: String(decoding: data.dropFirst(), as: UTF8.self)) else { return }
            _ = cursor.presence
            _ = cursor.position.line.addingReportingOverflow(1)
        case 6:
            _ = try? document.applying(delta: Data(data.dropFirst()))
        default:
            let half = data.count / 2
            _ = try? document.applying(deltas: [Data(data[1..<max(1, half)]), Data(data[max(1, half)...])])
            _ = try? TextDocument(snapshot: Data(data.dropFirst()))
        }
    }
}
