import Forked
import ForkedEditCore
import ForkedEditPersistence
import Foundation

/// The editor's persistence costs on a 1 MB document: what journaling adds to a keystroke,
/// how long a keystroke takes to reach the disk, and how long reopening takes when a
/// 10,000-edit journal must be replayed.
struct PersistenceBenchmark {
    let options: BenchmarkOptions
    /// The document size the goals are stated for.
    let documentSize = 1_000_000
    let keystrokes = 2_000
    let journalEdits = 10_000

    /// Percentiles of a set of samples, in milliseconds.
    struct Percentiles {
        var p50: Double
        var p99: Double

        init(_ samples: [Double]) {
            let at = { (fraction: Double) in samples.isEmpty ? 0 : Timing.percentile(samples, fraction) }
            p50 = at(0.5)
            p99 = at(0.99)
        }

        var note: String { "p50 \(ResultTable.format(p50, decimals: 3)) ms, p99 \(ResultTable.format(p99, decimals: 3)) ms" }
    }

    func run() throws -> [BenchmarkRow] {
        var generator = TextGenerator(seed: 42)
        let text = String(decoding: generator.text(size: documentSize), as: UTF8.self)
        let size = BenchmarkOptions.label(documentSize)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("forked-bench-persist-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }

        let (plain, journaled, record, durable, snapshot) = try keystrokeCosts(text: text, in: scratch)
        let reopen = try reopenTimes(text: text, in: scratch)
        return [
            BenchmarkRow(name: "keystroke, in-memory session", size: size, milliseconds: plain.p50, note: plain.note),
            BenchmarkRow(name: "keystroke, journaled session", size: size, milliseconds: journaled.p50, note: journaled.note),
            BenchmarkRow(name: "journal record (encode + queue)", size: size, milliseconds: record.p50,
                         note: record.note + " (goal p99 < 1 ms)"),
            BenchmarkRow(name: "keystroke to disk (write + fdatasync)", size: size, milliseconds: durable.p50,
                         note: durable.note + ", off the keystroke's thread"),
            BenchmarkRow(name: "snapshot (journal folded into the repository)", size: size, milliseconds: snapshot.p50,
                         note: snapshot.note + ", every 1,000 edits when typing pauses, and on merge/save/quit"),
            BenchmarkRow(name: "reopen, replaying \(journalEdits) edits", size: size, milliseconds: reopen,
                         note: "median of \(options.runs) (goal < 200 ms)"),
        ]
    }

    /// Types the same keystrokes into an in-memory session and a journaled one.
    private func keystrokeCosts(
        text: String, in scratch: URL
    ) throws -> (Percentiles, Percentiles, Percentiles, Percentiles, Percentiles) {
        let clock = ContinuousClock()
        let keys = (0..<keystrokes).map { index -> Key in
            index % 40 == 39 ? .down : .text(String(UnicodeScalar(UInt8(0x61 + index % 26))))
        }
        func typeAll(into session: EditorSession) -> [Double] {
            keys.map { key in Timing.milliseconds(clock.measure { session.handle(.key(key)) }) }
        }
        let plainSession = try EditorSession(text: text, fileName: nil, columns: 120, rows: 40, writer: NullWriter())
        let plain = typeAll(into: plainSession)

        let file = scratch.appendingPathComponent("keystrokes.txt")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let document = try PersistentDocument.open(
            file: file, ownForks: [Fork(name: "left"), Fork(name: "right")], fileText: text,
            options: PersistentDocument.Options(snapshotInterval: .max)
        )
        let session = try document.makeSession(fileName: file.path, columns: 120, rows: 40, writer: NullWriter())
        let journaled = typeAll(into: session)

        // The journal's share of a keystroke: the observer call alone, on the same edits.
        let edit = DocumentEdit(
            fork: Fork(name: "left"), change: TextEdit(utf8Offset: 500_000, removedUTF8Count: 0, inserted: "x"),
            cursorUTF8Offset: 500_001, version: Version(count: 1)
        )
        let record = try (0..<keystrokes).map { _ in
            Timing.milliseconds(try clock.measure { try document.editorSession(session, didApply: edit) })
        }
        // How long a keystroke's record takes to be on disk: what the background thread pays.
        let durable = try (0..<200).map { _ in
            try document.editorSession(session, didApply: edit)
            return Timing.milliseconds(try clock.measure { try document.flushJournals() })
        }
        try document.flushJournals()
        // A snapshot after a few keystrokes: one fork's 1 MB value written and synced.
        let snapshot = try (0..<max(5, options.runs)).map { _ in
            for key in keys.prefix(5) { session.handle(.key(key)) }
            return Timing.milliseconds(try clock.measure { try document.synchronize() })
        }
        try document.close()
        return (Percentiles(plain), Percentiles(journaled), Percentiles(record), Percentiles(durable), Percentiles(snapshot))
    }

    /// Median time to open a 1 MB document whose fork has a 10,000-edit journal (typing in
    /// the middle of the text), replay it and be ready to edit.
    private func reopenTimes(text: String, in scratch: URL) throws -> Double {
        let original = scratch.appendingPathComponent("reopen", isDirectory: true)
        try FileManager.default.createDirectory(at: original, withIntermediateDirectories: true)
        let file = original.appendingPathComponent("big.txt")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let forks = [Fork(name: "left"), Fork(name: "right")]
        let layout = ForkedDirectoryLayout(file: file)
        do {
            // Opened as shared: the state is stored at once rather than at the first edit. Not
            // closed: a clean close removes a directory holding nothing beyond the file, and the
            // journal below is what a crash leaves.
            let document = try PersistentDocument.open(file: file, ownForks: forks, fileText: text, sharesRepository: true)
            let version = try document.resource.mostRecentVersion(of: forks[0])
            let journalURL = layout.journal(of: forks[0])
            try FileManager.default.createDirectory(at: journalURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            let journal = try AppendOnlyJournal(url: journalURL)
            try journal.reset()
            journal.append(JournalRecord.header(fork: forks[0], forkVersion: version).encoded)
            var offset = text.utf8.count / 2
            for index in 0..<journalEdits {
                let change = index % 10 == 9
                    ? TextEdit(utf8Offset: offset - 1, removedUTF8Count: 1, inserted: "")
                    : TextEdit(utf8Offset: offset, removedUTF8Count: 0, inserted: "e")
                offset += change.inserted.utf8.count - change.removedUTF8Count
                journal.append(JournalRecord.edit(change: change, cursorUTF8Offset: offset,
                                                  version: Version(count: version.count + UInt64(index) + 1)).encoded)
            }
            try journal.flush()
        }
        let clock = ContinuousClock()
        var samples: [Double] = []
        for run in 0..<max(1, options.runs) {
            let copy = scratch.appendingPathComponent("reopen-\(run)", isDirectory: true)
            try FileManager.default.copyItem(at: original, to: copy)
            let copiedFile = copy.appendingPathComponent("big.txt")
            var replayed = 0
            let elapsed = try clock.measure {
                let document = try PersistentDocument.open(file: copiedFile, ownForks: forks, fileText: text)
                _ = try document.makeSession(fileName: copiedFile.path, columns: 120, rows: 40, writer: NullWriter())
                replayed = document.report.replayedEdits[forks[0].name] ?? 0
            }
            guard replayed == journalEdits else {
                throw BenchmarkOptions.ParseError(description: "reopen replayed \(replayed) of \(journalEdits) edits")
            }
            samples.append(Timing.milliseconds(elapsed))
        }
        samples.sort()
        return samples[samples.count / 2]
    }
}

/// Saves nowhere: the benchmark never saves.
private final class NullWriter: DocumentWriter {
    func write(_ text: String, toFile path: String) throws {}
}

extension PersistenceBenchmark {
    /// The table's title.
    static let title = "Editor persistence on a 1 MB document: keystrokes (p50 in the median column) and reopening"
}
