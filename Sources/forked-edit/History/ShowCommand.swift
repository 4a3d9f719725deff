import ArgumentParser
import Foundation

/// `forked-edit show FILE VERSION`: the text of a file at a version.
struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Print the text of a file at a recorded version."
    )

    @Argument(help: ArgumentHelp("The edited file.", valueName: "file"))
    var filePath: String

    @Argument(help: ArgumentHelp("A unique prefix of a version's id, or @~N.", valueName: "version"))
    var version: String

    func run() throws {
        try reportingFailures {
            let text = try FileHistory(path: filePath).text(at: version)
            // A terminal is shown control characters, not made to obey them; a pipe or a file
            // gets the version's bytes exactly.
            try StandardStream.writeToOutput(isatty(STDOUT_FILENO) == 1 ? TerminalSafeText.escaped(text, keepingLines: true) : text)
        }
    }
}
