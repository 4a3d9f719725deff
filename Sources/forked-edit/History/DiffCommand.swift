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
            With one version, compares it with the file as it is now. Changed lines are shown with \
            a few lines around them under @@ -a,b +c,d @@ line numbers, as git diff --word-diff \
            does; --whole shows the whole document. On a terminal, removed words are red and \
            struck through and added words green; piped, they are written as [-removed-] and \
            {+added+}. A line break removed or added on its own shows as [-↵-] or {+↵+}.
            """
    )

    @Argument(help: ArgumentHelp("The edited file.", valueName: "file"))
    var filePath: String

    @Argument(help: ArgumentHelp("The older version.", valueName: "version"))
    var old: String

    @Argument(help: ArgumentHelp("The newer version (default: the file as it is now).", valueName: "version"))
    var new: String?

    @Option(name: [.customShort("U"), .long], help: ArgumentHelp("Unchanged lines shown around each change.", valueName: "lines"))
    var context = 3

    @Flag(help: "Show the whole document with its changes marked, not only the changed lines.")
    var whole = false

    func validate() throws {
        guard context >= 0 else { throw ValidationError("--context must be 0 or more, not \(context).") }
    }

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
            let difference = TextDifference(from: oldText, to: newText)
            let coloured = isatty(STDOUT_FILENO) == 1
            let output = whole ? Self.render(difference, coloured: coloured) : Self.render(difference.hunks(context: context), coloured: coloured)
            try StandardStream.writeToOutput(output)
        }
    }

    /// The whole difference as text: with ANSI colours for a terminal, or with wdiff-style markers.
    static func render(_ difference: TextDifference, coloured: Bool) -> String {
        difference.segments.map { render($0, coloured: coloured, keepingLines: true) }.joined()
    }

    /// Hunks under their `@@` headers, one display line per line.
    static func render(_ hunks: [TextDifference.Hunk], coloured: Bool) -> String {
        var output = ""
        for hunk in hunks {
            output += coloured ? "\u{1B}[36m\(hunk.header)\u{1B}[0m\n" : hunk.header + "\n"
            for line in hunk.lines {
                output += line.map { render($0, coloured: coloured, keepingLines: false) }.joined() + "\n"
            }
        }
        return output
    }

    private static func render(_ segment: TextDifference.Segment, coloured: Bool, keepingLines: Bool) -> String {
        // On a terminal, control characters in the texts (which may have come from a peer)
        // are shown, not obeyed; redirected, the output keeps the texts' bytes.
        var text = coloured ? TerminalSafeText.escaped(segment.text, keepingLines: keepingLines) : segment.text
        if text.isEmpty, segment.kind != .kept { text = "↵" }  // A line break alone.
        return switch (segment.kind, coloured) {
        case (.kept, _): text
        case (.deleted, true): "\u{1B}[31;9m\(text)\u{1B}[0m"
        case (.inserted, true): "\u{1B}[32m\(text)\u{1B}[0m"
        case (.deleted, false): "[-\(text)-]"
        case (.inserted, false): "{+\(text)+}"
        }
    }
}
