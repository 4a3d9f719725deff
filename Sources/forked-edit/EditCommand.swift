import ArgumentParser
import ForkedEditCore
import ForkedEditTerminal
import Foundation

/// `forked-edit [FILE] [--forks NAME,NAME] [--record SESSION] [--cast FILE]`: the editor.
struct EditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Edit a file in two forked panes that merge live (the default command).",
        discussion: """
            Without FILE, a demo document opens (saving asks for a file name). A FILE that does \
            not exist yet is created on the first save.
            """
    )

    @Argument(help: ArgumentHelp("The UTF-8 text file to edit.", valueName: "file"))
    var filePath: String?

    @Option(help: ArgumentHelp("Names of the two forks, left pane first.", valueName: "name,name"))
    var forks = "left,right"

    @Option(help: ArgumentHelp("Record every key to this session file, for `forked-edit replay`.",
                               valueName: "session"))
    var record: String?

    @Option(help: ArgumentHelp("Record the screen as an asciicast v2 file, for asciinema.", valueName: "file"))
    var cast: String?

    func run() throws {
        try reportingFailures {
            let forkNames = forks.split(separator: ",", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            let document = try openDocument()
            // Everything that can fail without a terminal (the file, the fork names) is checked
            // before the screen changes; the app resizes the session to the terminal on start.
            let session = try EditorSession(
                text: document.text, fileName: filePath, forkNames: forkNames,
                columns: 80, rows: 24, writer: FileDocumentWriter()
            )
            let recordingSink = try record.map(FileLineSink.init(path:))
            let castSink = try cast.map(FileLineSink.init(path:))
            let terminal = try NcursesTerminal()
            defer { terminal.shutdown() }
            let size = terminal.size
            let recorder = try recordingSink.map { sink in
                try SessionRecorder(
                    header: SessionHeader(columns: size.columns, rows: size.rows, forks: forkNames,
                                          document: document.text, fileName: filePath),
                    sink: sink
                )
            }
            let castWriter = try castSink.map { sink in
                try AsciicastWriter(columns: size.columns, rows: size.rows, title: "forked-edit", sink: sink)
            }
            try EditorApp(session: session, backend: terminal, recorder: recorder, cast: castWriter).run()
        }
    }

    /// The text to edit: the file's, empty for a file still to be created, or the demo.
    private func openDocument() throws -> (text: String, origin: String?) {
        guard let filePath else {
            let demo = DemoDocument.load()
            return (demo.text, demo.path)
        }
        return (try TextFileReader.readIfPresent(filePath) ?? "", filePath)
    }
}
