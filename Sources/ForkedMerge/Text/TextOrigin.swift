/// Which version a run of merged text comes from, so an editor can colour a merge by origin.
public enum TextOrigin: Sendable, Hashable {
    /// Text of the common ancestor that both sides kept.
    case ancestor
    /// Text only the dominant side introduced.
    case dominant
    /// Text only the subordinate side introduced (including a separator that keeps its
    /// replacement apart from the dominant side's in a widened conflict).
    case subordinate
    /// Text both sides introduced identically, applied once.
    case both

    init(_ origin: MergeOrigin) {
        switch origin {
        case .ancestor: self = .ancestor
        case .dominant: self = .dominant
        case .subordinate: self = .subordinate
        case .both: self = .both
        }
    }
}

/// A maximal run of merged text with a single origin.
public struct TextMergeSegment: Sendable, Equatable {
    /// The text of the run.
    public var text: String
    /// Where the run comes from.
    public var origin: TextOrigin

    /// Creates a segment.
    public init(text: String, origin: TextOrigin) {
        self.text = text
        self.origin = origin
    }
}

/// How much each side changed relative to the common ancestor, in `Character`s.
public struct TextMergeStatistics: Sendable, Equatable {
    /// Characters the dominant side inserted.
    public var dominantInserted: Int
    /// Ancestor characters the dominant side deleted (replaced characters count as deleted and inserted).
    public var dominantDeleted: Int
    /// Characters the subordinate side inserted.
    public var subordinateInserted: Int
    /// Ancestor characters the subordinate side deleted.
    public var subordinateDeleted: Int
    /// Places where the merge's final word audit found a word that none of the three texts
    /// has there and merged that place again as a conflict (see ``TextMerger``). Zero when the
    /// steps before the audit already kept every word whole.
    public var auditCorrections: Int

    /// Creates statistics.
    public init(
        dominantInserted: Int = 0, dominantDeleted: Int = 0, subordinateInserted: Int = 0, subordinateDeleted: Int = 0,
        auditCorrections: Int = 0
    ) {
        self.dominantInserted = dominantInserted
        self.dominantDeleted = dominantDeleted
        self.subordinateInserted = subordinateInserted
        self.subordinateDeleted = subordinateDeleted
        self.auditCorrections = auditCorrections
    }
}

/// A merged text as runs attributed to their origin, with per-side change statistics and the
/// true conflicts in it.
public struct TextMergeResult: Sendable, Equatable {
    /// The merged text, in order; adjacent segments always differ in origin.
    public var segments: [TextMergeSegment]
    /// Per-side change counts.
    public var statistics: TextMergeStatistics
    /// The places where both sides changed the same text differently and both versions were
    /// kept, in text order.
    public var conflicts: [TextMergeConflict]

    /// The ancestor text the merge left out (what either side deleted), in text order, each
    /// at its place in the merged text.
    public var deletions: [TextMergeDeletion]

    /// The merged text: all segments joined.
    public var text: String { segments.lazy.map(\.text).joined() }

    /// Creates a result.
    public init(
        segments: [TextMergeSegment], statistics: TextMergeStatistics, conflicts: [TextMergeConflict] = [],
        deletions: [TextMergeDeletion] = []
    ) {
        self.segments = segments
        self.statistics = statistics
        self.conflicts = conflicts
        self.deletions = deletions
    }
}
