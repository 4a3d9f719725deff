/// A true conflict in a merged text: both sides changed the same text differently, and the
/// merge kept both versions, the dominant one first; or one side edited lines inside a block
/// the other side deleted, and the merge followed the deletion (see ``Kept``).
///
/// ```swift
/// let result = TextMerger().mergeWithOrigins("the dog sat", withSubordinate: "the cow sat", commonAncestor: "the cat sat")
/// // result.text == "the dog cow sat"
/// // result.conflicts == [TextMergeConflict(utf8Range: 4..<11, ancestor: "cat", dominant: "dog", subordinate: "cow")]
/// ```
public struct TextMergeConflict: Sendable, Equatable, Hashable {
    /// What the merged text holds at a conflict.
    public enum Kept: Sendable, Equatable, Hashable {
        /// Both versions, the dominant one first.
        case both
        /// The deletion: one side edited lines inside a block of lines the other side deleted,
        /// and the edited lines went with the block (``dominant`` and ``subordinate`` hold the
        /// two versions, one of them without the block).
        case deletion
    }

    /// Where the conflict lies in the merged text, in UTF-8 offsets: both versions and the
    /// separator between them (a space or a line break, when one was needed), or for
    /// ``Kept/deletion`` what the merge left there (often nothing).
    public var utf8Range: Range<Int>
    /// The ancestor's text that both sides changed.
    public var ancestor: String
    /// The dominant side's version, first in the merged text.
    public var dominant: String
    /// The subordinate side's version, last in the merged text.
    public var subordinate: String
    /// What the merged text holds.
    public var kept: Kept

    /// Creates a conflict.
    public init(utf8Range: Range<Int>, ancestor: String, dominant: String, subordinate: String, kept: Kept = .both) {
        self.utf8Range = utf8Range
        self.ancestor = ancestor
        self.dominant = dominant
        self.subordinate = subordinate
        self.kept = kept
    }
}

/// A merged text with its true conflicts, without origin segments: what a command-line merge
/// needs, at the cost of a plain merge.
public struct TextMergeReport: Sendable, Equatable {
    /// The merged text.
    public var text: String
    /// The true conflicts in `text`, in order.
    public var conflicts: [TextMergeConflict]

    /// Creates a report.
    public init(text: String, conflicts: [TextMergeConflict]) {
        self.text = text
        self.conflicts = conflicts
    }
}
