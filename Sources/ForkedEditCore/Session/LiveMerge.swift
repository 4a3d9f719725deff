import ForkedMerge

/// The three-way merge of the two panes' texts against their common ancestor, as shown live
/// in the lower view and as produced by the merge key.
public struct LiveMerge: Sendable, Equatable {
    /// Characters one fork inserted and deleted relative to the common ancestor.
    public struct SideStatistics: Sendable, Equatable {
        /// Characters inserted.
        public var inserted: Int
        /// Characters deleted.
        public var deleted: Int
    }

    /// The merged text, joined on demand: the screen only needs the runs.
    public var text: String { runs.filter { !$0.origin.isDeletion }.map(\.text).joined() }
    /// The merged text in runs coloured by which fork the text came from, with the text either
    /// fork deleted shown where it was (runs whose origin ``MergeViewOrigin/isDeletion``).
    public let runs: [OriginRun]
    /// The index (0 left, 1 right) of the pane whose fork was edited most recently, whose
    /// changes win where both forks changed the same text.
    public let dominantPane: Int
    /// Per pane (left, right): characters inserted and deleted.
    public let statistics: [SideStatistics]
    /// True conflicts: places both forks changed differently, where the merge kept both.
    public var conflictCount: Int { conflictLines.count }
    /// The lines of ``text`` each conflict covers (0-based, never empty), in order.
    public let conflictLines: [Range<Int>]

    /// The origin the lower view uses for text coming only from pane `index`.
    public static func origin(ofPane index: Int) -> MergeViewOrigin {
        index == 0 ? .leftFork : .rightFork
    }

    /// Merges the two panes' texts.
    ///
    /// - Parameters:
    ///   - texts: The left and right texts.
    ///   - ancestor: The text both forks started from.
    ///   - dominantPane: The pane edited most recently.
    public init(texts: [String], ancestor: String, dominantPane: Int) {
        let dominant = dominantPane == 1 ? 1 : 0
        let result = TextMerger().mergeWithOrigins(
            texts[dominant], withSubordinate: texts[1 - dominant], commonAncestor: ancestor
        )
        self.init(result: result, dominant: dominant)
    }

    /// Merges the two panes' texts, reusing from `cache` the diff of a pane unchanged since the
    /// previous merge (the result equals ``init(texts:ancestor:dominantPane:)``'s).
    ///
    /// - Parameters:
    ///   - texts: The left and right texts.
    ///   - ancestor: The text both forks started from.
    ///   - dominantPane: The pane edited most recently.
    ///   - cache: The side diffs of the previous merge, updated for this one.
    package init(texts: [String], ancestor: String, dominantPane: Int, cache: inout TextMergeCache) {
        let dominant = dominantPane == 1 ? 1 : 0
        let result = cache.mergeWithOrigins(texts[dominant], withSubordinate: texts[1 - dominant], commonAncestor: ancestor)
        self.init(result: result, dominant: dominant)
    }

    /// Colours a merge of the dominant pane `dominant` with the other pane.
    private init(result: TextMergeResult, dominant: Int) {
        let runs = LiveMergeRuns.make(result, dominant: dominant)
        self.conflictLines = Self.lines(of: result.conflicts.map(\.utf8Range), in: result.text)
        let stats = result.statistics
        let dominantStatistics = SideStatistics(inserted: stats.dominantInserted, deleted: stats.dominantDeleted)
        let subordinateStatistics = SideStatistics(inserted: stats.subordinateInserted, deleted: stats.subordinateDeleted)
        self.statistics = dominant == 0
            ? [dominantStatistics, subordinateStatistics]
            : [subordinateStatistics, dominantStatistics]
        self.runs = runs
        self.dominantPane = dominant
    }

    /// The lines each of `ranges` (sorted UTF-8 ranges of `text`) touches.
    static func lines(of ranges: [Range<Int>], in text: String) -> [Range<Int>] {
        ConflictLines.lines(of: ranges, in: text)
    }
}
