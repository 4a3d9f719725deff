import Foundation

/// Runs the built `forked-edit merge` as a process on the same three files git merges, so
/// the comparison with `git merge-file -p` includes start-up, reading and writing on both sides.
struct ForkedEditMergeProcess {
    /// The `forked-edit` executable.
    let executable: URL

    /// Finds `forked-edit` in the build products directory forked-bench itself runs from,
    /// or returns `nil` when it was not built there.
    static func locate() -> URL? {
        guard let bench = Bundle.main.executableURL?.resolvingSymlinksInPath() else { return nil }
        let candidate = bench.deletingLastPathComponent().appendingPathComponent("forked-edit")
        return FileManager.default.isExecutableFile(atPath: candidate.path) ? candidate : nil
    }

    /// A `forked-edit merge` run that did not succeed.
    struct FailedMerge: Error, CustomStringConvertible {
        var status: Int32
        var description: String { "forked-edit merge exited with status \(status)" }
    }

    /// Runs one merge of `files` with its output discarded; forked-edit takes the ancestor
    /// first, where git takes it second.
    func run(on files: GitMergeFile) throws {
        let status = try GitMergeFile.spawnAndWait([
            executable.path, "merge", files.ancestorFile.path, files.dominantFile.path, files.subordinateFile.path,
        ])
        // 0 is a clean merge and 1 one that kept both versions of a true conflict (as git's
        // status counts conflicts); anything else is a failure.
        guard status == 0 || status == 1 else { throw FailedMerge(status: status) }
    }

    /// The row for `forked-edit merge` on `files`, median of `runs` runs after a warm-up, or a
    /// row saying why it was skipped when the executable is missing.
    static func row(on files: GitMergeFile, label: String, runs: Int, gitTime: Double) throws -> BenchmarkRow {
        let name = "forked-edit merge (process)"
        guard let executable = locate() else {
            return BenchmarkRow(name: name, size: label, milliseconds: .nan, reference: nil,
                                note: "skipped: no forked-edit next to forked-bench (build it in the same configuration)")
        }
        let process = ForkedEditMergeProcess(executable: executable)
        try process.run(on: files)   // warm-up, as for git
        let time = try Timing.medianMilliseconds(runs: runs) { try process.run(on: files) }
        return BenchmarkRow(name: name, size: label, milliseconds: time, reference: gitTime)
    }
}
