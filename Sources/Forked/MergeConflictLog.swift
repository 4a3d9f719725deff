import Synchronization

/// A place where a merge kept both sides' versions because both changed the same thing
/// differently (for a text: the same word), as the merge of one value reported it.
///
/// A merged value holds such a conflict as both versions, side by side; the note says where,
/// so that whoever shows the value can point at it.
public struct KeptConflict: Sendable, Hashable {
    /// Where both versions stand in the merged text, in UTF-8 offsets.
    public var utf8Range: Range<Int>
    /// The lines of the merged text it spans, counted from 0.
    public var lines: Range<Int>

    /// Creates a note.
    public init(utf8Range: Range<Int>, lines: Range<Int>) {
        self.utf8Range = utf8Range
        self.lines = lines
    }
}

/// Collects the conflicts that value merges keep, for a caller that merges through generic
/// code (``ForkedResource``'s merges, a sync exchange) and wants to say where they are.
///
/// Merging stays a pure function of three values: a merger that keeps a conflict (the text
/// merge of ForkedMerge) tells this log, and the log hands the notes to the innermost
/// ``collecting(_:)`` around the merge on the same task; without one, nothing is recorded.
///
/// ```swift
/// let (merged, conflicts) = try MergeConflictLog.collecting {
///     try ValueMerging.merge(theirs, withSubordinate: mine, commonAncestor: base)
/// }
/// // conflicts: where `merged` holds both versions of a word both sides changed
/// ```
public enum MergeConflictLog {
    /// Runs `body` and returns its result with the conflicts the merges in it kept, in the order
    /// they were reported.
    public static func collecting<Result>(_ body: () throws -> Result) rethrows -> (result: Result, conflicts: [KeptConflict]) {
        let sink = Sink()
        let result = try $sink.withValue(sink) { try body() }
        return (result, sink.notes.withLock { $0 })
    }

    /// Whether a ``collecting(_:)`` is waiting for notes: a merger that must work harder to
    /// say where its conflicts are does so only then.
    public static var isCollecting: Bool { sink != nil }

    /// Tells the innermost ``collecting(_:)`` on this task of `conflicts`; does nothing without one.
    public static func record(_ conflicts: [KeptConflict]) {
        guard !conflicts.isEmpty, let sink else { return }
        sink.notes.withLock { $0.append(contentsOf: conflicts) }
    }

    @TaskLocal private static var sink: Sink?

    private final class Sink: Sendable {
        let notes = Mutex<[KeptConflict]>([])
    }
}
