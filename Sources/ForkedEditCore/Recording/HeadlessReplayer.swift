import Foundation

/// The outcome of replaying a recorded session without a terminal.
public struct ReplayResult: Sendable, Equatable {
    /// The final screen.
    public var grid: CellGrid
    /// Each fork's final text (and main's), keyed by fork name.
    public var documents: [String: String]
    /// Files the session saved, by name (kept in memory during a replay).
    public var savedFiles: [String: String]
    /// Whether the session quit.
    public var didQuit: Bool

    /// The final screen as text, one string per row.
    public var screenText: String { grid.plainTextRows().joined(separator: "\n") + "\n" }

    /// ``documents`` as pretty JSON with sorted keys, for golden files.
    public func documentsJSON() throws -> String {
        try Self.documentsJSON(documents)
    }

    /// Texts by fork name as one pretty JSON object with sorted keys and a final line break.
    public static func documentsJSON(_ documents: [String: String]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(documents), as: UTF8.self) + "\n"
    }
}

/// Replays a recorded session into an in-memory screen of the header's size.
public enum HeadlessReplayer {
    /// Replays `recording`, calling `onFrame` with each screen drawn (time, grid), as the
    /// real editor would draw them; events after a quit are ignored.
    public static func replay(
        _ recording: Recording, onFrame: ((Double, CellGrid) throws -> Void)? = nil
    ) throws -> ReplayResult {
        let header = recording.header
        let writer = InMemoryDocumentWriter()
        let session = try EditorSession(
            text: header.document, fileName: header.fileName, forkNames: header.forks,
            columns: header.columns, rows: header.rows, writer: writer
        )
        let input = RecordingInput(recording, speed: nil)
        let screen = OffscreenBackend(columns: header.columns, rows: header.rows) { grid in
            try onFrame?(input.currentTime, grid)
        }
        try EditorApp(session: session, backend: screen, clock: { input.currentTime }, input: input).run()
        return ReplayResult(
            grid: session.render(),
            documents: try session.documents(),
            savedFiles: writer.files,
            didQuit: session.isFinished
        )
    }
}

/// A terminal that is only a grid in memory: what the editor draws goes to `onDraw`.
final class OffscreenBackend: TerminalBackend {
    let size: (columns: Int, rows: Int)
    private let onDraw: (CellGrid) throws -> Void

    init(columns: Int, rows: Int, onDraw: @escaping (CellGrid) throws -> Void) {
        size = (columns, rows)
        self.onDraw = onDraw
    }

    func draw(_ grid: CellGrid) throws { try onDraw(grid) }

    /// Nothing is typed on a screen nobody sees.
    func nextEvent(timeoutMilliseconds: Int) throws -> InputEvent? { nil }

    func shutdown() {}
}
