import ForkedEditCore
import ForkedEditTerminal
import Foundation

/// What a replay leaves behind, for `--print-screen`, `--print-document` and `--print-main`.
struct ReplayOutcome {
    var screenText: String
    /// Main's and every fork's final text, by fork name.
    var documents: [String: String]
}

/// Plays a recording on the real terminal at the recorded pace (scaled by `speed`, or at once
/// when `speed` is `nil`). The terminal's own size wins over the recorded one, so recorded
/// resizes are skipped. Saves stay in memory: a replay never writes the user's files.
struct TerminalReplay {
    let recording: Recording
    let speed: Double?
    /// Makes where the replayed screens are written as an asciicast, if anywhere: called once
    /// the terminal started, so a replay that cannot start leaves no file behind.
    let makeCastSink: () throws -> FileLineSink?

    func run() throws -> ReplayOutcome {
        let header = recording.header
        let terminal = try NcursesTerminal()
        defer { terminal.shutdown() }
        let size = terminal.size
        let session = try EditorSession(
            text: header.document, fileName: header.fileName, forkNames: header.forks,
            columns: size.columns, rows: size.rows, writer: InMemoryDocumentWriter()
        )
        let cast = try makeCastSink().map { sink in
            try AsciicastWriter(columns: size.columns, rows: size.rows, title: "forked-edit replay", sink: sink)
        }
        let clock = ContinuousClock()
        let start = clock.now
        func elapsedSeconds() -> Double {
            let components = start.duration(to: clock.now).components
            return Double(components.seconds) + Double(components.attoseconds) / 1e18
        }
        let input = RecordingInput(recording, speed: speed, live: terminal)
        let app = EditorApp(
            session: session, backend: terminal, cast: cast, clock: elapsedSeconds, inputTimeoutMilliseconds: 100,
            input: input,
            onInputEnd: { session in
                guard !input.wasStopped else { return }
                // Played to the end: the screen stays until the user has seen it.
                try Self.waitForAnyKey(on: terminal, session: session)
            }
        )
        try app.run()
        return ReplayOutcome(
            screenText: session.render().plainTextRows().joined(separator: "\n") + "\n",
            documents: try session.documents()
        )
    }

    /// Shows the final screen with a banner until a key other than a resize arrives.
    private static func waitForAnyKey(on terminal: NcursesTerminal, session: EditorSession) throws {
        let banner = "Replay finished: press any key to leave"
        func draw() throws {
            var grid = session.render()
            overlayBanner(banner, on: &grid)
            try terminal.draw(grid)
        }
        try draw()
        while true {
            guard let input = try terminal.nextEvent(timeoutMilliseconds: -1) else { continue }
            guard case .resize = input else { return }
            session.handle(input)
            try draw()
        }
    }

    /// Writes `text` over the bottom row, so the user knows the replay is waiting for them.
    private static func overlayBanner(_ text: String, on grid: inout CellGrid) {
        let row = grid.rows - 1
        guard row >= 0 else { return }
        let style = CellStyle(bold: true, reverse: true)
        for column in 0..<grid.columns {
            grid[row, column] = Cell(character: " ", width: 1, style: style)
        }
        var column = 0
        for character in text where column < grid.columns {
            grid[row, column] = Cell(character: character, width: 1, style: style)
            column += 1
        }
    }
}
