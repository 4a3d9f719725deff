import ArgumentParser
import Foundation
import ForkedMerge

/// `forked-edit merge ANCESTOR DOMINANT SUBORDINATE [-o OUT] [--markers] [-L LABEL]... [--stats]`:
/// a three-way text merge, usable on its own or as a git merge driver.
///
/// Exit status: 0 for a clean merge, 1 when the result keeps both versions of at least one true
/// conflict (the result is still written), 2 for bad input.
struct MergeCommand: ParsableCommand {
    /// Exit status of a merge that kept both versions of a true conflict (as `git merge-file`).
    static let conflictStatus: Int32 = 1

    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge two edited versions of a text file against their common ancestor.",
        discussion: """
            Changes from both sides are kept. Where both sides rewrote the same text differently \
            (a true conflict), both versions are kept, the dominant one first, and the exit status \
            is 1; standard error says how many conflicts and on which lines. With --markers such \
            conflicts are written between git-style markers instead, around just the lines \
            holding them. The result goes to standard output, or with -o replaces OUT atomically. \
            Exit status: 0 clean, 1 conflicts kept, 2 bad input.

            As a git merge driver (OUT is git's %A, so the result lands where git expects it; git \
            stops only where a true conflict remains):
              git config merge.forked.driver \\
                "forked-edit merge --markers -L ours -L theirs \\
                 --marker-size %L --path %P %O %A %B -o %A"
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

    @Flag(help: "Write git-style conflict markers around the lines of each true conflict.")
    var markers = false

    @Option(name: [.customShort("L"), .customLong("label")],
            help: ArgumentHelp("Marker label: the first for the dominant side, the second for the subordinate side (default: their paths).",
                               valueName: "label"))
    var labels: [String] = []

    // Unconditional, so that "-1" is read as the (refused) size, not as a missing value.
    @Option(parsing: .unconditional, help: ArgumentHelp("Length of the conflict markers (git's %L).", valueName: "n"))
    var markerSize: Int = 7

    @Flag(help: "Print how many characters each side inserted and deleted, and how many conflicts remain, to standard error.")
    var stats = false

    @Option(name: .customLong("path"),
            help: ArgumentHelp("The merged file's path as you know it (git's %P), named in messages instead of the inputs' (git's temporary copies).",
                               valueName: "path"))
    var displayPath: String?

    func run() throws {
        let request = MergeRequest(
            ancestorPath: ancestorPath, dominantPath: dominantPath, subordinatePath: subordinatePath, outputPath: outputPath,
            markers: markers, labels: labels, markerSize: markerSize, stats: stats, displayPath: displayPath
        )
        let status = try request.run()
        if status != 0 { throw ExitCode(status) }
    }
}
