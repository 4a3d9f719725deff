import Forked

/// What a store (the editor's persistence) did between two input events. The store only
/// reports; the session decides what to show (``EditorSession/show(_:)``).
public struct StoreReport: Sendable, Equatable {
    /// The resource's forks changed under the session (a merge, another process's edits): the
    /// panes must show them as they now are.
    public var forksChanged = false
    /// The fork a read-only pane should show (the other process's fork changed most recently,
    /// or the server's version under sync), when sharing.
    public var forkBeside: Fork?
    /// Storing failed, and why: retried, with everything typed still in memory.
    public var failure: String?
    /// Storing works again; why it had failed.
    public var recoveredFrom: String?
    /// Something to say once on the status line (the history of versions could not be kept).
    public var notice: String?
    /// Where an automatic merge with main kept both versions of something this process's fork
    /// and main changed differently (lines of main's merged text).
    public var keptConflicts: [KeptConflict] = []

    /// Creates a report.
    public init(forksChanged: Bool = false, forkBeside: Fork? = nil, failure: String? = nil, recoveredFrom: String? = nil) {
        self.forksChanged = forksChanged
        self.forkBeside = forkBeside
        self.failure = failure
        self.recoveredFrom = recoveredFrom
    }
}

extension EditorSession {
    /// Shows what the store did: the forks as they now are, the fork beside, a failure that
    /// stays on the status line until storing works again. Returns whether the screen changed.
    /// A fork that cannot be shown is reported on the status line, not thrown: the editor goes on.
    @discardableResult
    public func show(_ report: StoreReport) -> Bool {
        var changed = false
        do {
            if report.forksChanged {
                try reloadFromResource()
                changed = true
            }
            if !report.keptConflicts.isEmpty {
                let lines = report.keptConflicts.map(\.lines)
                if let main = try resource.resource(of: .main)?.text { _ = markKeptConflicts(lines, inPanesHolding: main) }
                message = "Merged with main" + Self.keptConflictsNote(lines)
                changed = true
            }
            if let fork = report.forkBeside, readOnlyPanes.contains(1), fork != forks[1] {
                try showReadOnly(fork, inPane: 1)
                changed = true
            }
        } catch {
            message = "Error: \(error)"
            changed = true
        }
        if let reason = report.recoveredFrom {
            warning = nil
            message = "Edits are stored again (after: \(reason))"
            changed = true
        }
        if let notice = report.notice {
            message = notice
            changed = true
        }
        if let failure = report.failure {
            warning = "Could not store edits: \(failure). Retrying; everything typed is still here."
            changed = true
        }
        return changed
    }
}
