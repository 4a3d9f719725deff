/// What opening a file's stored state found and did, for the status line and for tests.
public struct OpenReport: Sendable, Equatable {
    /// Whether the state directory was created now (the file was never edited forked before).
    public var createdRepository = false
    /// Per fork name: how many journaled edits were replayed on top of the repository.
    public var replayedEdits: [String: Int] = [:]
    /// Journals whose edits were already in the repository (a crash between a snapshot and
    /// the journal's reset), so they were not applied again.
    public var skippedJournals: [String] = []
    /// Bytes of torn last records dropped from journals.
    public var droppedJournalBytes = 0
    /// Whether the file changed outside the editor since it was last opened or saved, and the
    /// change was merged into main and the forks.
    public var mergedExternalChange = false
    /// How many entries of the state directory others could read, made private now.
    public var madePrivate = 0
    /// Journals whose edits could not all be recovered (damage other than a torn last record,
    /// or a repository that lost the version a journal follows), each kept aside.
    public var unrecovered: [UnrecoveredEdits] = []
    /// Journals written for another state directory (copied or planted into this one), set
    /// aside unreplayed.
    public var foreignJournals: [UnrecoveredEdits] = []

    /// Edits of one fork a damaged journal held that opening could not recover.
    public struct UnrecoveredEdits: Sendable, Equatable {
        /// The fork the journal belongs to.
        public var fork: String
        /// How many edits were lost, at least.
        public var edits: Int
        /// Where the damaged journal was kept.
        public var keptAt: String
    }

    /// Creates a report; empty but for the entries made private.
    public init(madePrivate: Int = 0) {
        self.madePrivate = madePrivate
    }

    /// A line for the status bar, or `nil` when there is nothing worth saying.
    public var statusMessage: String? {
        var parts: [String] = []
        for lost in unrecovered {
            parts.append(lost.edits == 0
                ? "Could not recover the latest stored version of \(lost.fork): the stored state lost it (its journal is kept in \(lost.keptAt))"
                : "Could not recover \(lost.edits) edit\(lost.edits == 1 ? "" : "s") of \(lost.fork) (its journal is damaged; kept in \(lost.keptAt))"
            )
        }
        for foreign in foreignJournals {
            parts.append(
                "Did not replay the journal of \(foreign.fork) (\(foreign.edits) edit\(foreign.edits == 1 ? "" : "s")): it was written for another file's state (kept in \(foreign.keptAt))"
            )
        }
        if mergedExternalChange { parts.append("The file changed on disk: merged into main and your forks") }
        let replayed = replayedEdits.values.reduce(0, +)
        if replayed > 0 { parts.append("Recovered \(replayed) unsaved edit\(replayed == 1 ? "" : "s")") }
        if madePrivate > 0 {
            parts.append("Made \(madePrivate) stored file\(madePrivate == 1 ? "" : "s") private (others could read them)")
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }
}
