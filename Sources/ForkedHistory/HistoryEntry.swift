import Foundation
import ForkedMerge

/// One line of a history's log: a commit and what it changed against its first parent.
public struct HistoryEntry: Sendable, Equatable {
    /// The commit.
    public let commit: HistoryCommit
    /// What the commit changed, word by word, against its first parent.
    public let difference: TextDifference

    /// Creates an entry.
    public init(commit: HistoryCommit, difference: TextDifference) {
        self.commit = commit
        self.difference = difference
    }

    /// Characters the commit added.
    public var insertedCount: Int { difference.insertedCharacterCount }
    /// Characters the commit removed.
    public var deletedCount: Int { difference.deletedCharacterCount }
    /// Whether the commit merged another line of history in.
    public var isMerge: Bool { commit.parents.count > 1 }

    /// A one-line description of the change: its first inserted words, or else its first deleted
    /// ones, at most `width` characters, line breaks shown as `⏎`.
    public func summary(width: Int = 50) -> String {
        let segments = difference.segments
        let prefix = isMerge ? "merge: " : ""
        guard let first = segments.first(where: { $0.kind == .inserted }) ?? segments.first(where: { $0.kind == .deleted })
        else { return prefix + (commit.parents.isEmpty ? "first version" : "no change to the text") }
        let sign = first.kind == .inserted ? "+" : "-"
        var text = first.text.trimmingCharacters(in: .whitespaces).replacing("\n", with: "⏎")
        if text.isEmpty { text = first.text.contains("\n") ? "⏎" : "␠" }
        let room = max(1, width - prefix.count - 3)
        if text.count > room { text = String(text.prefix(room - 1)) + "…" }
        return "\(prefix)\(sign)\"\(text)\""
    }
}
