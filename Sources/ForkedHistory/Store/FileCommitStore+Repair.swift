import Forked
import Foundation

/// What a check of a history on disk found (``FileCommitStore/check(directory:as:)``).
public struct HistoryCheckReport: Sendable, Equatable {
    /// Versions whose value rebuilt and matched its digest.
    public var verified: [CommitID]
    /// Records of the log that could not be read at all (damaged bytes, or records after them).
    public var unreadableRecords: Int
    /// Versions read but whose value does not rebuild, each with the reason.
    public var failing: [CommitID: String]
    /// Heads naming a version that is not among the verified ones.
    public var brokenHeads: [String: CommitID]
    /// Why the heads file could not be read, when it could not.
    public var headsProblem: String?

    /// Whether nothing is damaged.
    public var isClean: Bool {
        unreadableRecords == 0 && failing.isEmpty && brokenHeads.isEmpty && headsProblem == nil
    }

    /// One line per finding, for people.
    public var lines: [String] {
        var lines = ["\(verified.count) version\(verified.count == 1 ? "" : "s") verified"]
        if unreadableRecords > 0 { lines.append("\(unreadableRecords) record\(unreadableRecords == 1 ? "" : "s") of the log cannot be read") }
        for (id, reason) in failing.sorted(by: { $0.key.hex < $1.key.hex }) { lines.append("version \(id.short) does not rebuild: \(reason)") }
        if let headsProblem { lines.append(headsProblem) }
        for (head, id) in brokenHeads.sorted(by: { $0.key < $1.key }) { lines.append("\(head) names version \(id.short), which cannot be read") }
        return lines
    }
}

extension FileCommitStore {
    /// Reads the history in `directory` as far as it can, without the refusal a damaged log
    /// gets when opened: every version is rebuilt as `Value` and checked against its digest.
    public static func check<Value: HistoryValue>(directory: URL, as value: Value.Type) throws -> HistoryCheckReport {
        try salvage(directory: directory, as: value).report
    }

    /// Keeps what verifies and sets the rest aside: the log is rewritten with the verified
    /// versions only (as they were, ids unchanged), heads that named lost versions move to main's
    /// newest verified version (main's own, or the newest kept) or are dropped (a fork's is
    /// recorded again when the fork is next edited), and the old log and heads are moved into
    /// `aside` first, never deleted. Returns what the check found before repairing; does
    /// nothing to a clean history.
    @discardableResult
    public static func repair<Value: HistoryValue>(directory: URL, as value: Value.Type, settingAsideIn aside: URL) throws -> HistoryCheckReport {
        try FileLock.withLock(on: lockURL(in: directory)) {
            let found = try salvage(directory: directory, as: value)
            guard !found.report.isClean else { return found.report }
            try PrivateFiles.createDirectory(at: aside)
            for file in [logURL(in: directory), headsURL(in: directory)] where FileManager.default.fileExists(atPath: file.path) {
                try FileManager.default.copyItem(at: file, to: aside.appendingPathComponent(file.lastPathComponent))
            }
            let kept = found.commits.filter { found.report.verified.contains($0.id) }
            try write(commits: kept, in: directory)
            let keptIDs = Set(kept.map(\.id))
            var heads = found.heads.filter { keptIDs.contains($0.value) }
            if heads["main"] == nil, let newest = kept.last { heads["main"] = newest.id }
            try write(heads: heads, in: directory)
            return found.report
        }
    }

    /// The commits readable from the log, the heads, and the check of both.
    private static func salvage<Value: HistoryValue>(
        directory: URL, as value: Value.Type
    ) throws -> (commits: [HistoryCommit], heads: [String: CommitID], report: HistoryCheckReport) {
        let log = logURL(in: directory)
        let contents = FileManager.default.fileExists(atPath: log.path)
            ? try AppendOnlyJournal.read(log)
            : AppendOnlyJournal.Contents(records: [], droppedBytes: 0)
        var commits: [HistoryCommit] = []
        var coder = CommitLog()
        var unreadable = contents.unreadableRecords
        for (index, record) in contents.records.enumerated() {
            // Each record may refer back to the ones before it: the first that cannot be decoded
            // leaves the rest unreadable too.
            guard let commit = try? coder.decode(record) else {
                unreadable += contents.records.count - index
                break
            }
            commits.append(commit)
        }
        var headsProblem: String?
        var heads: [String: CommitID] = [:]
        let headsFile = headsURL(in: directory)
        if let data = try? Data(contentsOf: headsFile) {
            do {
                heads = try decodedHeads(data)
            } catch {
                headsProblem = "\(headsFile.lastPathComponent) cannot be read: \(error)"
            }
        }
        let store = InMemoryCommitStore()
        _ = try store.add(commits, moving: [])
        let history = History<Value>(store: store)
        var verified: [CommitID] = []
        var failing: [CommitID: String] = [:]
        for commit in commits {
            do {
                _ = try history.value(at: commit.id)
                verified.append(commit.id)
            } catch {
                failing[commit.id] = "\(error)"
            }
        }
        let verifiedIDs = Set(verified)
        let report = HistoryCheckReport(
            verified: verified, unreadableRecords: unreadable, failing: failing,
            brokenHeads: heads.filter { !verifiedIDs.contains($0.value) }, headsProblem: headsProblem
        )
        return (commits, heads, report)
    }
}
