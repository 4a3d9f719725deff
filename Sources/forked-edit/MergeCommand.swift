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
              git config merge.forked.driver "forked-edit merge --markers -L ours -L theirs --marker-size %L %O %A %B -o %A"
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

    @Option(help: ArgumentHelp("Length of the conflict markers (git's %L).", valueName: "n"))
    var markerSize: Int = 7

    @Flag(help: "Print how many characters each side inserted and deleted, and how many conflicts remain, to standard error.")
    var stats = false

    func run() throws {
        let conflicts = try reportingFailures { () throws -> Int in
            if labels.count > 2 {
                throw CommandFailure("-L/--label is given at most twice: the dominant side's label, then the subordinate side's")
            }
            if markerSize < 1 || markerSize > 1_000 { throw CommandFailure("--marker-size must be between 1 and 1000 (got \(markerSize))") }
            // Read everything before writing anything: OUT is usually one of the inputs.
            let ancestor = try TextFileReader.read(ancestorPath)
            let dominant = try TextFileReader.read(dominantPath)
            let subordinate = try TextFileReader.read(subordinatePath)
            let merger = TextMerger()
            let report: TextMergeReport
            var statistics: TextMergeStatistics?
            if stats {
                let result = merger.mergeWithOrigins(dominant, withSubordinate: subordinate, commonAncestor: ancestor)
                report = TextMergeReport(text: result.text, conflicts: result.conflicts)
                statistics = result.statistics
            } else {
                report = merger.mergeReportingConflicts(dominant, withSubordinate: subordinate, commonAncestor: ancestor)
            }
            let output: String
            let conflictLines: [Int]
            if markers {
                let marked = report.withConflictMarkers(
                    dominantLabel: labels.first ?? dominantPath, subordinateLabel: labels.dropFirst().first ?? subordinatePath,
                    markerSize: markerSize
                )
                output = marked.text
                conflictLines = marked.blockLines
            } else {
                output = report.text
                conflictLines = Self.lines(of: report)
            }
            if let outputPath {
                try AtomicFileWriter.write(output, to: outputPath)
            } else {
                var output = output
                output.withUTF8 { FileHandle.standardOutput.write(Data(buffer: $0)) }
            }
            var messages = ""
            if let statistics {
                messages += """
                    dominant \(dominantPath): +\(statistics.dominantInserted) -\(statistics.dominantDeleted) characters
                    subordinate \(subordinatePath): +\(statistics.subordinateInserted) -\(statistics.subordinateDeleted) characters
                    conflicts: \(report.conflicts.count)

                    """
            }
            if !conflictLines.isEmpty {
                let noun = conflictLines.count == 1 ? "conflict" : "conflicts"
                let followedDeletion = report.conflicts.filter { $0.kept == .deletion }.count
                let how = markers ? "marked"
                    : followedDeletion == 0 ? "kept both versions"
                    : followedDeletion == report.conflicts.count ? "followed the deletion of the edited lines"
                    : "kept both versions, or followed the deletion of edited lines"
                let places = conflictLines.map(String.init).joined(separator: ", ")
                messages += "forked-edit: \(conflictLines.count) \(noun) (\(how)) at line\(conflictLines.count == 1 ? "" : "s") \(places)\n"
            }
            if !messages.isEmpty { FileHandle.standardError.write(Data(messages.utf8)) }
            return conflictLines.count
        }
        if conflicts > 0 { throw ExitCode(Self.conflictStatus) }
    }

    /// The 1-based line on which each conflict starts in the merged text.
    static func lines(of report: TextMergeReport) -> [Int] {
        var lines: [Int] = []
        var line = 1
        var offset = 0
        let bytes = report.text.utf8
        var iterator = bytes.makeIterator()
        for conflict in report.conflicts {
            while offset < conflict.utf8Range.lowerBound, let byte = iterator.next() {
                if byte == 0x0A { line += 1 }
                offset += 1
            }
            lines.append(line)
        }
        return lines
    }
}
