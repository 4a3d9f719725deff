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
        guard fork != .main else {
            try update(.main, with: value)
            return .none
        }
        while true {
            let (main, record) = try repository.withState { state in (state.main, try state.record(of: fork)) }
            // The received value is the latest change, so it is the dominant side, as it would
            // be after a separate update.
            let ancestor = record.ancestor
            let merged = try ancestor.map { ancestor in
                try ValueMerging.merge(value, withSubordinate: main.content, commonAncestor: ancestor.content)
            }
            let action: MergeAction? = try broadcaster.publishing {
                try repository.withState { state in
                    guard state.main.version == main.version, let current = state.forks[fork],
                          current.ancestor?.version == record.ancestor?.version, current.head?.version == record.head?.version
                    else { return (nil, []) }
                    let version = state.tick()
                    let head = Commit(version: version, changeTime: version, content: value)
                    let updated = ForkChange(fork: fork, kind: .updated, version: version)
                    guard let merged, let ancestor else {
                        // Main has not moved since the fork last shared it: main takes the value.
                        state.moveMain(to: head)
                        state.forks[fork] = ForkRecord()
                        return (.fastForward, [updated, ForkChange(fork: .main, kind: .merged(.fastForward), mergingFork: fork, version: version)])
                    }
                    let pending = PendingMerge(main: main, head: head, ancestor: ancestor)
                    if merged != main.content { state.moveMain(to: pending.commit(of: merged, in: &state)) }
                    // As after mergeIntoMain: the fork's value is what the two last shared.
                    state.forks[fork] = ForkRecord(ancestor: head, head: nil, edits: 0)
                    let mergedChange = ForkChange(fork: .main, kind: .merged(.resolveConflict), mergingFork: fork, version: state.main.version)
                    return (.resolveConflict, [updated, mergedChange])
                }
            }
            if let action { return action }
        }
    }
}
