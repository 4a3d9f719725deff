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
    let recording: SessionRecording
    let speed: Double?
    let castPath: String?

    func run() throws -> ReplayOutcome {
        let header = recording.header
        let terminal = try NcursesTerminal()
        defer { terminal.shutdown() }
        let size = terminal.size
        let session = try EditorSession(
            text: header.document, fileName: header.fileName, forkNames: header.forks,
            columns: size.columns, rows: size.rows, writer: InMemoryDocumentWriter()
        )
        let cast = try castPath.map { path in
            try AsciicastWriter(columns: size.columns, rows: size.rows, title: "forked-edit replay",
                                sink: FileLineSink(path: path))
        }
        let clock = ContinuousClock()
        let start = clock.now
        func elapsedSeconds() -> Double {
            let components = start.duration(to: clock.now).components
            return Double(components.seconds) + Double(components.attoseconds) / 1e18
        }
        func draw(_ banner: String? = nil) throws {
            var grid = session.render()
            if let banner { Self.overlayBanner(banner, on: &grid) }
            try terminal.draw(grid)
            try cast?.frame(grid, at: elapsedSeconds())
        }

        try draw()
        var stopped = false
        var previousTime = 0.0
        replaying: for event in recording.events {
            if let speed {
                let deadline = clock.now + .milliseconds(max(0, Int((event.time - previousTime) / speed * 1000)))
                while clock.now < deadline {
                    let remaining = clock.now.duration(to: deadline).components
                    let milliseconds = Int(remaining.seconds) * 1000 + Int(remaining.attoseconds / 1_000_000_000_000_000) + 1
                    guard let input = try terminal.nextEvent(timeoutMilliseconds: milliseconds) else { continue }
                    if Self.stopsReplay(input) {
                        stopped = true
                        break replaying
                    }
                    if case .resize = input {
                        session.handle(input)
                        try draw()
                    }
                }
            }
            previousTime = event.time
            for input in event.inputEvents where !session.isFinished {
                if case .resize = input { continue }
                session.handle(input)
            }
            try draw()
            if session.isFinished { break }
        }

        if !stopped, !session.isFinished {
            try draw("Replay finished: press any key to leave")
            while true {
                guard let input = try terminal.nextEvent(timeoutMilliseconds: -1) else { continue }
                guard case .resize = input else { break }
                session.handle(input)
                try draw("Replay finished: press any key to leave")
            }
        }
        return ReplayOutcome(
            screenText: session.render().plainTextRows().joined(separator: "\n") + "\n",
            documents: try session.documents()
        )
    }

    private static func stopsReplay(_ event: InputEvent) -> Bool {
        event == .key(.control("q")) || event == .key(.escape)
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
