import Forked
import ForkedEditCore

extension PersistentDocument {
    /// How long the editor should wait for input between calls to ``idle()``: short
    /// when sharing, so other processes' edits show within half a second.
    public var suggestedInputTimeoutMilliseconds: Int { sharesRepository ? 150 : 1000 }

    /// A session on ``resource`` that reports to this document.
    ///
    /// Without sharing, the panes show the two own forks. When sharing, the left pane edits
    /// the (single) own fork and the right pane shows, read-only, ``forkShownBeside()``.
    public func makeSession(
        fileName: String?, columns: Int, rows: Int, writer: any DocumentWriter
    ) throws -> EditorSession {
        let names: [String]
        let readOnly: Set<Int>
        if sharesRepository {
            guard let own = ownForks.first else { throw EditorSessionError.invalidForkNames([]) }
            names = [own.name, try forkShownBeside().name]
            readOnly = [1]
        } else {
            names = ownForks.map(\.name)
            readOnly = []
        }
        let session = try EditorSession(
            resource: resource, forkNames: names, readOnlyPanes: readOnly, fileName: fileName,
            lineEndings: lineEndings, savedText: lastSavedText, columns: columns, rows: rows, writer: writer
        )
        session.observer = self
        if let opened = report.statusMessage { session.report(.message(opened)) }
        return session
    }

    /// The fork the read-only pane shows when sharing: ``Options/shownFork`` when it exists,
    /// else ``mostRecentlyChangedOtherFork()``.
    public func forkShownBeside() throws -> Fork {
        if let shown = options.shownFork, try resource.has(shown) { return shown }
        return try mostRecentlyChangedOtherFork()
    }

    /// The fork, other than this process's and main, whose value changed last; main when
    /// there is none.
    public func mostRecentlyChangedOtherFork() throws -> Fork {
        let others = try resource.currentForks().filter { $0 != .main && !ownForks.contains($0) }
        let times = try others.map { (fork: $0, time: try resource.lastChange(in: $0)) }
        return times.max { ($0.time, $1.fork) < ($1.time, $0.fork) }?.fork ?? .main
    }

    /// Housekeeping between input events; returns what it did, for the session to show (``EditorSession/show(_:)``).
    ///
    /// Snapshots once enough edits are journaled and typing pauses; when sharing, publishes
    /// this process's edits at least every ``Options/publishInterval`` and takes in other
    /// processes' changes; with ``Options/autoMerge``, merges through main once a burst of
    /// edits ends.
    ///
    /// A disk that fails (full, or an I/O error) does not stop the editor: the failure is
    /// reported on the status line, everything typed stays in memory (and in the journal where
    /// it could be written), and the write is retried, waiting longer after each failure.
    public func idle() throws -> StoreReport {
        let now = clock.now
        if schedule.isWaitingToRetry(at: now) { return StoreReport() }
        do {
            if schedule.failure != nil {
                if !isStored { try store() }
                try flushJournals()
            }
            try journals.rethrowFailure()
            if !isStored, lastSavedText.utf8.count >= options.earlyStoreSize { try store() }
            var report = try storeAndShare(now: now)
            report.notice = pendingNotice
            pendingNotice = nil
            report.recoveredFrom = schedule.noteRecovered()
            return report
        } catch {
            schedule.noteFailure("\(error)", at: now, retryDelay: options.retryDelay)
            return StoreReport(failure: "\(error)")
        }
    }


    private func storeAndShare(now: ContinuousClock.Instant) throws -> StoreReport {
        var report = StoreReport()
        let changedElsewhere = try sharesRepository && repositoryChangedElsewhere()
        switch schedule.step(
            at: now, pendingEdits: pendingEditCount, sharesRepository: sharesRepository, changedElsewhere: changedElsewhere, options
        ) {
        case .autoMerge(let takingInFirst):
            // The history credits each change to its maker: main's change from elsewhere is
            // recorded before the forks take it, this process's forks' versions before the merge
            // that publishes them (as the merge key does). A merge that changes nothing writes
            // nothing, so two auto-merging processes do not wake each other up forever.
            if takingInFirst { try synchronize() }
            recordHistory()
            let (_, kept) = try MergeConflictLog.collecting {
                try synchronize(merging: true) { try resource.syncMain(with: ownForks) }
            }
            report.keptConflicts = kept
            schedule.noteMerged()
            report.forksChanged = true
        case .publish(let recordingHistory):
            try synchronize(merging: false, recordingHistory: recordingHistory) {}
            report.forksChanged = true
        case .snapshot(let recordingHistory):
            try synchronize(merging: false, recordingHistory: recordingHistory) {}
        case .nothing:
            break
        }
        if schedule.lateVersionDue(at: now, options) {
            recordHistory()
            schedule.noteVersionRecorded()
        }
        if sharesRepository { report.forkBeside = try forkShownBeside() }
        return report
    }
}
