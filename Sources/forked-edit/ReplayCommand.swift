import ArgumentParser
import ForkedEditCore
import ForkedEditTerminal
import Foundation

/// `forked-edit replay SESSION [...]`: plays a recorded session back, on the terminal or headless.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Play back a session recorded with --record.",
        discussion: """
            On the terminal, the replay runs at the recorded pace (see --speed, --instant) and waits \
            for a key at the end; Ctrl-Q or Esc stops it early. With --headless no terminal is \
            used and nothing is written to disk: saves stay in memory.
            """
    )

    @Argument(help: ArgumentHelp("The session file.", valueName: "session"))
    var sessionPath: String

    // Unconditional, so "--speed -1" reaches the check below instead of reading as an unknown option.
    @Option(parsing: .unconditional, help: "Play this many times faster than recorded.")
    var speed: String = "1"

    @Flag(help: "Play every event at once, without the recorded pauses.")
    var instant = false

    @Flag(help: "Replay without a terminal (as in CI).")
    var headless = false

    @Option(help: ArgumentHelp("Replay on a screen of this size instead of the recorded one (headless only).",
                               valueName: "columnsxrows"))
    var size: ScreenSize?

    @Flag(help: "Print the final screen as text when done.")
    var printScreen = false

    @Flag(help: "Print the final texts of main and every fork as one JSON object when done.")
    var printDocument = false

    @Flag(help: "Print the final text of main alone when done.")
    var printMain = false

    @Option(help: ArgumentHelp("Write the replayed screens as an asciicast v2 file.", valueName: "file"))
    var cast: String?

    @Flag(help: "Let --cast replace a file that already exists.")
    var force = false

    /// The playback speed, checked: a positive, finite number.
    private func playbackSpeed() throws -> Double {
        guard let value = Double(speed), value > 0, value.isFinite else {
            throw CommandFailure("--speed must be a positive number, such as 2 or 0.5 (got '\(speed)')")
        }
        return value
    }

    func run() throws {
        try reportingFailures {
            let speed = try playbackSpeed()
            if size != nil, !headless { throw CommandFailure("--size needs --headless") }
            if let size, size.columns < EditorLayout.minimumColumns || size.rows < EditorLayout.minimumRows {
                throw CommandFailure(
                    "--size \(size.columns)x\(size.rows) is smaller than the editor's minimum of "
                        + "\(EditorLayout.minimumColumns)x\(EditorLayout.minimumRows)")
            }
            var recording: Recording
            do {
                recording = try RecordingReader.read(try TextFileReader.read(sessionPath))
            } catch let error as RecordingReadError {
                throw CommandFailure("\(sessionPath): \(error)")
            }
            if let size {
                recording.header.columns = size.columns
                recording.header.rows = size.rows
            }
            let result: ReplayOutcome
            if headless {
                result = try replayHeadless(recording)
            } else {
                // The cast is created once the terminal is up: without one, no empty cast is left
                // (and none replaced with --force); a name already taken is refused before that.
                if let cast { try FileLineSink.checkAvailable(cast, replacing: force) }
                result = try TerminalReplay(recording: recording, speed: instant ? nil : speed, makeCastSink: castSink).run()
            }
            if printScreen {
                try StandardStream.writeToOutput(result.screenText)
            }
            if printDocument {
                try StandardStream.writeToOutput(try ReplayResult.documentsJSON(result.documents))
            }
            if printMain {
                try StandardStream.writeToOutput(result.documents["main"] ?? "")
            }
        }
    }

    /// The file `--cast` names, created (or replaced, only with `--force`) before the first
    /// frame; a name already taken is refused.
    private func castSink() throws -> FileLineSink? {
        try cast.map { try FileLineSink(path: $0, replacing: force) }
    }

    private func replayHeadless(_ recording: Recording) throws -> ReplayOutcome {
        let castWriter = try castSink().map { sink in
            try AsciicastWriter(columns: recording.header.columns, rows: recording.header.rows,
                                title: "forked-edit replay", sink: sink)
        }
        let result = try HeadlessReplayer.replay(recording) { time, grid in
            try castWriter?.frame(grid, at: time)
        }
        return ReplayOutcome(screenText: result.screenText, documents: result.documents)
    }
}

/// `--size 100x30`.
struct ScreenSize: ExpressibleByArgument {
    var columns: Int
    var rows: Int

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]),
              (1...1000).contains(columns), (1...1000).contains(rows) else { return nil }
        self.columns = columns
        self.rows = rows
    }
}
