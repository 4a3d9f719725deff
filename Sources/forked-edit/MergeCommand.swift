import ArgumentParser
import Foundation
import ForkedMerge

/// `forked-edit merge ANCESTOR DOMINANT SUBORDINATE [-o OUT] [--stats]`: a three-way text merge
/// that never leaves conflict markers, usable on its own or as a git merge driver.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge two edited versions of a text file against their common ancestor.",
        discussion: """
            Changes from both sides are kept and no conflict markers are written: where both sides \
            rewrote the same words differently, both versions are kept, the dominant one first. The \
            result goes to standard output, or with -o replaces OUT atomically.

            As a git merge driver (OUT is git's %A, so the result lands where git expects it):
              git config merge.forked.driver "forked-edit merge %O %A %B -o %A"
              echo "*.txt merge=forked" >> .gitattributes
            """
    )

    @Argument(help: ArgumentHelp("The common ancestor (git's %O).", valueName: "ancestor"))
    var ancestorPath: String

    @Argument(help: ArgumentHelp("The dominant side, placed first where both sides rewrote the same text (git's %A).",
                                 valueName: "dominant"))
    var dominantPath: String

    @Argument(help: ArgumentHelp("The subordinate side (git's %B).", valueName: "subordinate"))
    var subordinatePath: String

    @Option(name: [.customShort("o"), .customLong("output")],
            help: ArgumentHelp("Write the result to this file, atomically, instead of standard output.",
                               valueName: "out"))
    var outputPath: String?

    @Flag(help: "Print how many characters each side inserted and deleted to standard error.")
    var stats = false

    func run() throws {
        try reportingFailures {
            // Read everything before writing anything: OUT is usually one of the inputs.
            let ancestor = try TextFileReader.read(ancestorPath)
            let dominant = try TextFileReader.read(dominantPath)
            let subordinate = try TextFileReader.read(subordinatePath)
            let merger = TextMerger()
            let merged: String
            var statistics: TextMergeStatistics?
            if stats {
                let result = merger.mergeWithOrigins(dominant, withSubordinate: subordinate, commonAncestor: ancestor)
                merged = result.text
                statistics = result.statistics
            } else {
                merged = try merger.merge(dominant, withSubordinate: subordinate, commonAncestor: ancestor)
            }
            if let outputPath {
                try AtomicFileWriter.write(merged, to: outputPath)
            } else {
                FileHandle.standardOutput.write(Data(merged.utf8))
            }
            if let statistics {
                let report = """
                    dominant \(dominantPath): +\(statistics.dominantInserted) -\(statistics.dominantDeleted) characters
                    subordinate \(subordinatePath): +\(statistics.subordinateInserted) -\(statistics.subordinateDeleted) characters

                    """
                FileHandle.standardError.write(Data(report.utf8))
            }
        }
    }
}
