import ArgumentParser
import ForkedEditCore
import ForkedMerge
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// `forked-edit diff FILE VERSION [VERSION]`: what changed, word by word.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Show what changed between two versions of a file, word by word.",
        discussion: """
            With one version, compares it with the file as it is now. On a terminal, removed words \
            are red and struck through and added words green; piped, they are written as \
            [-removed-] and {+added+}.
            """
    )

    @Argument(help: ArgumentHelp("The edited file.", valueName: "file"))
    var filePath: String

    @Argument(help: ArgumentHelp("The older version.", valueName: "version"))
    var old: String

    @Argument(help: ArgumentHelp("The newer version (default: the file as it is now).", valueName: "version"))
    var new: String?

    func run() throws {
        try reportingFailures {
            let file = try FileHistory(path: filePath)
            let oldText = try file.text(at: old)
            let newText: String
            if let new {
                newText = try file.text(at: new)
            } else {
                newText = LineEndings.normalize(try TextFileReader.read(filePath)).text
            }
            let output = Self.render(TextDifference(from: oldText, to: newText), coloured: isatty(STDOUT_FILENO) == 1)
            try StandardStream.writeToOutput(output)
        }
    }

    /// The difference as text: with ANSI colours for a terminal, or with wdiff-style markers.
    static func render(_ difference: TextDifference, coloured: Bool) -> String {
        difference.segments.map { segment in
            // On a terminal, control characters in the texts (which may have come from a peer)
            // are shown, not obeyed; redirected, the output keeps the texts' bytes.
            let text = coloured ? TerminalSafeText.escaped(segment.text, keepingLines: true) : segment.text
            return switch (segment.kind, coloured) {
            case (.kept, _): text
            case (.deleted, true): "\u{1B}[31;9m\(text)\u{1B}[0m"
            case (.inserted, true): "\u{1B}[32m\(text)\u{1B}[0m"
            case (.deleted, false): "[-\(text)-]"
            case (.inserted, false): "{+\(text)+}"
            }
        }.joined()
    }
}
