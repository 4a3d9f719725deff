extension ForkedResource {
    /// Replaces `fork`'s value with `value` and merges it into main, with the same result as
    /// ``update(_:with:)`` followed by ``mergeIntoMain(from:)``, in one write of the repository.
    ///
    /// A sync exchange receiving another device's version calls this: on a ``FileRepository``
    /// every write flushes the disk several times, and an exchange receives while other devices
    /// wait for it. As in ``mergeIntoMain(from:)``, the merge runs outside any lock and is redone
    /// if main or the fork changed meanwhile. Observers see the fork's update, then main's merge.
    ///
    /// ```swift
    /// try resource.restart(serverFork, with: uploaded)                    // the server holds `uploaded`
    /// try resource.mergeIntoMain(from: serverFork, receiving: fetched)    // another device's version
    /// ```
    ///
    /// - Returns: ``MergeAction/fastForward`` when main had not moved since the fork last merged
    ///   (main takes `value`), otherwise ``MergeAction/resolveConflict``. For main itself, `value`
    ///   replaces main's and the result is ``MergeAction/none``.
    /// - Throws: ``ForkedError/unknownFork(_:)`` when `fork` does not exist, or what the
    ///   repository throws.
    @discardableResult
    public func mergeIntoMain(from fork: Fork, receiving value: ResourceType) throws -> MergeAction {
        try mergeIntoMain(try preparedMerge(from: fork, receiving: value))
    }

    /// Computes what ``mergeIntoMain(from:receiving:)`` would make main, without writing anything.
    ///
    /// An exchange that must publish the merged value while other devices wait for it can
    /// publish first and write afterwards with ``mergeIntoMain(_:)``, out of their way.
    ///
    /// ```swift
    /// let merge = try resource.preparedMerge(from: serverFork, receiving: fetched)
    /// try publish(merge.mergedMain)          // while others wait: no repository write
    /// try resource.mergeIntoMain(merge)      // afterwards, the same merge, written
    /// ```
    ///
    /// - Throws: ``ForkedError/unknownFork(_:)`` when `fork` does not exist, or what the
    ///   repository or the value's merge throws.
    public func preparedMerge(from fork: Fork, receiving value: ResourceType) throws -> ReceivedMerge<ResourceType> {
        guard fork != .main else {
            let main = try repository.withState { $0.main }
            return ReceivedMerge(fork: fork, received: value, mergedMain: value, conflicts: [], main: main, record: ForkRecord())
        }
        let (main, record) = try repository.withState { state in (state.main, try state.record(of: fork)) }
        // The received value is the latest change, so it is the dominant side, as it would
        // be after a separate update.
        guard let ancestor = record.ancestor else {
            // Main has not moved since the fork last shared it: main will take the value.
            return ReceivedMerge(fork: fork, received: value, mergedMain: value, conflicts: [], main: main, record: record)
        }
        let (merged, conflicts) = try MergeConflictLog.collecting {
            try ValueMerging.merge(value, withSubordinate: main.content, commonAncestor: ancestor.content)
        }
        return ReceivedMerge(fork: fork, received: value, mergedMain: merged, conflicts: conflicts, main: main, record: record)
    }

    /// Writes a merge computed by ``preparedMerge(from:receiving:)``: the fork takes the received
    /// value and main the merge. When main or the fork changed since the merge was computed, it
    /// is computed again on their new values, as ``mergeIntoMain(from:receiving:)`` does.
    ///
    /// - Returns: as ``mergeIntoMain(from:receiving:)``.
    @discardableResult
    public func mergeIntoMain(_ prepared: ReceivedMerge<ResourceType>) throws -> MergeAction {
        try writeMerge(prepared).action
    }

    /// ``mergeIntoMain(_:)``, also saying where the merge that was written kept conflicts
    /// (``ReceivedMerge/conflicts`` of `prepared`, or of the merge computed again).
    public func writeMerge(_ prepared: ReceivedMerge<ResourceType>) throws -> (action: MergeAction, conflicts: [KeptConflict]) {
        guard prepared.fork != .main else {
            try update(.main, with: prepared.received)
            return (.none, [])
        }
        var prepared = prepared
        while true {
            if let action = try written(prepared) { return (action, action == .fastForward ? [] : prepared.conflicts) }
            prepared = try preparedMerge(from: prepared.fork, receiving: prepared.received)
        }
    }

    /// Writes `prepared` if main and its fork are as it read them; `nil` when they changed.
    private func written(_ prepared: ReceivedMerge<ResourceType>) throws -> MergeAction? {
        let fork = prepared.fork
        let main = prepared.main
        let record = prepared.record
        return try broadcaster.publishing {
            try repository.withState { state in
                guard state.main.version == main.version, let current = state.forks[fork],
                      current.ancestor?.version == record.ancestor?.version, current.head?.version == record.head?.version
                else { return (nil, []) }
                let version = state.tick()
                let head = Commit(version: version, changeTime: version, content: prepared.received)
                let updated = ForkChange(fork: fork, kind: .updated, version: version)
                guard let ancestor = record.ancestor else {
                    // Main has not moved since the fork last shared it: main takes the value.
                    state.moveMain(to: head)
                    state.forks[fork] = ForkRecord()
                    return (.fastForward, [updated, ForkChange(fork: .main, kind: .merged(.fastForward), mergingFork: fork, version: version)])
                }
                let pending = PendingMerge(main: main, head: head, ancestor: ancestor)
                if prepared.mergedMain != main.content { state.moveMain(to: pending.commit(of: prepared.mergedMain, in: &state)) }
                // As after mergeIntoMain: the fork's value is what the two last shared.
                state.forks[fork] = ForkRecord(ancestor: head, head: nil, edits: 0)
                let mergedChange = ForkChange(fork: .main, kind: .merged(.resolveConflict), mergingFork: fork, version: state.main.version)
                return (.resolveConflict, [updated, mergedChange])
            }
        }
    }
}
