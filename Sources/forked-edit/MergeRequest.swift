import Foundation
import ForkedMerge

/// One `forked-edit merge`, as its arguments ask for it: what ``MergeCommand`` runs, and what
/// ``MergeFastPath`` runs without ArgumentParser.
struct MergeRequest {
    /// The common ancestor's path (git's %O).
    var ancestorPath: String
    /// The dominant side's path (git's %A).
    var dominantPath: String
    /// The subordinate side's path (git's %B).
    var subordinatePath: String
    /// Where to write the result, atomically; standard output when `nil`.
    var outputPath: String?
    /// Whether to write git-style conflict markers around true conflicts.
    var markers = false
    /// The markers' labels: the dominant side's, then the subordinate side's.
    var labels: [String] = []
    /// The markers' length (git's %L).
    var markerSize = 7
    /// Whether to print character counts and the number of conflicts to standard error.
    var stats = false
    /// The merged file's path as the user knows it (git's %P), named in messages instead of the
    /// input files', which under git are temporary copies.
    var displayPath: String?

    /// Merges, writes the result and says what happened on standard error; returns the exit
    /// status: 0 for a clean merge, ``MergeCommand/conflictStatus`` when conflicts were kept.
    /// Bad input is reported here and thrown as exit status 2.
    func run() throws -> Int32 {
        Self.keepLargeAllocationsInTheHeap()
        let conflicts = try reportingFailures { () throws -> Int in
            do {
                return try merge()
            } catch let error as TextFileError {
                throw displayPath.map { error.naming("\($0) (\(role(of: error.path)), \(error.path))") } ?? error
            }
        }
        return conflicts > 0 ? MergeCommand.conflictStatus : 0
    }

    /// Which input `path` is, for a message that names the file by ``displayPath``.
    private func role(of path: String) -> String {
        switch path {
        case dominantPath: return labels.first.map { "\($0), the dominant side" } ?? "the dominant side"
        case subordinatePath: return labels.dropFirst().first.map { "\($0), the subordinate side" } ?? "the subordinate side"
        case ancestorPath: return "the common ancestor"
        default: return "the result"
        }
    }

    /// Reads, merges and writes; returns the number of conflicts kept.
    private func merge() throws -> Int {
        if labels.count > 2 {
            throw CommandFailure("-L/--label is given at most twice: the dominant side's label, then the subordinate side's")
        }
        if markerSize < 1 || markerSize > 1_000 { throw CommandFailure("--marker-size must be between 1 and 1000 (got \(markerSize))") }
        // Read everything before writing anything: OUT is usually one of the inputs.
        let merger = TextMerger()
        let report: TextMergeReport
        var statistics: TextMergeStatistics?
        if stats {
            let ancestor = try TextFileReader.read(ancestorPath)
            let dominant = try TextFileReader.read(dominantPath)
            let subordinate = try TextFileReader.read(subordinatePath)
            let result = merger.mergeWithOrigins(dominant, withSubordinate: subordinate, commonAncestor: ancestor)
            report = TextMergeReport(text: result.text, conflicts: result.conflicts)
            statistics = result.statistics
        } else {
            report = try TextFileReader.withBytes(of: ancestorPath) { ancestor in
                try TextFileReader.withBytes(of: dominantPath) { dominant in
                    try TextFileReader.withBytes(of: subordinatePath) { subordinate in
                        merger.mergeReportingConflicts(utf8: dominant, withSubordinate: subordinate, commonAncestor: ancestor)
                    }
                }
            }
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
            try StandardStream.writeToOutput(output)
        }
        var messages = ""
        if let statistics {
            messages += """
                dominant \(dominantPath): +\(statistics.dominantInserted) -\(statistics.dominantDeleted) characters
                subordinate \(subordinatePath): +\(statistics.subordinateInserted) -\(statistics.subordinateDeleted) characters
                conflicts: \(report.conflicts.count)

                """
            let audited: Int = statistics.auditCorrections
            messages += "word audit: \(audited) places merged again as conflicts\n"
        }
        if !conflictLines.isEmpty {
            let noun = conflictLines.count == 1 ? "conflict" : "conflicts"
            let followedDeletion = report.conflicts.filter { $0.kept == .deletion }.count
            let how = markers ? "marked"
                : followedDeletion == 0 ? "kept both versions"
                : followedDeletion == report.conflicts.count ? "followed the deletion of the edited lines"
                : "kept both versions, or followed the deletion of edited lines"
            // Joined by hand: `joined(separator:)` is generic and, unspecialised, costs a
            // merge driver a runtime conformance lookup.
            var places = ""
            for (index, line) in conflictLines.prefix(Self.listedConflictLines).enumerated() { places += index == 0 ? "\(line)" : ", \(line)" }
            // A merge of two heavily edited files can keep thousands: the first lines say where
            // to start; the rest are counted, not listed over screens of standard error.
            if conflictLines.count > Self.listedConflictLines { places += " and \(conflictLines.count - Self.listedConflictLines) more" }
            let file = displayPath.map { "\($0): " } ?? ""
            messages += "forked-edit: \(file)\(conflictLines.count) \(noun) (\(how)) at line\(conflictLines.count == 1 ? "" : "s") \(places)\n"
        }
        if !messages.isEmpty { StandardStream.writeToError(messages) }
        return conflictLines.count
    }

    /// How many conflict lines the message lists before it only counts the rest.
    static let listedConflictLines = 20

    /// Tells the C allocator to serve the merge's large arrays from its heap and keep what they
    /// free there, for this short process: by default each array over 128 KB is a fresh
    /// mapping, faulted in page by page and unmapped when freed, which took about a twentieth of
    /// a 1 MB merge (measured with the equivalent `GLIBC_TUNABLES` against the defaults).
    private static func keepLargeAllocationsInTheHeap() {
        #if canImport(Glibc)
        // Swift's Glibc module leaves out <malloc.h>, so `mallopt` is found by name.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(nil, "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        let mapThreshold: Int32 = -3, trimThreshold: Int32 = -1   // M_MMAP_THRESHOLD, M_TRIM_THRESHOLD
        // 32 MB is the largest mapping threshold glibc accepts on 64-bit systems.
        _ = mallopt(mapThreshold, 32 << 20)
        _ = mallopt(trimThreshold, 256 << 20)
        #endif
    }

    /// The 1-based line on which each conflict starts in the merged text.
    static func lines(of report: TextMergeReport) -> [Int] {
        ConflictLines.lines(of: report.conflicts.map(\.utf8Range), in: report.text).map { $0.lowerBound + 1 }
    }
}
