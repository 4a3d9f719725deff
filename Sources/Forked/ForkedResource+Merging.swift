extension ForkedResource {
    /// A merge's inputs, read in one transaction so they are consistent with each other.
    struct PendingMerge {
        let main: Commit<ResourceType>
        let head: Commit<ResourceType>
        let ancestor: Commit<ResourceType>

        /// Whether main and `fork` are still as they were read, so that the merge computed from
        /// them may be committed.
        func isCurrent(in state: ForkedState<ResourceType>, for fork: Fork) -> Bool {
            guard let record = state.forks[fork] else { return false }
            return state.main.version == main.version
                && record.head?.version == head.version
                && record.ancestor?.version == ancestor.version
        }

        /// A new commit holding `merged`. It is as recent as the later of its two sides, so
        /// merging never makes a value look newer than the edits in it.
        func commit(of merged: ResourceType?, in state: inout ForkedState<ResourceType>) -> Commit<ResourceType> {
            Commit(version: state.tick(), changeTime: max(main.changeTime, head.changeTime), content: merged)
        }
    }

    private enum Step {
        case finished(MergeAction)
        case merge(PendingMerge)
    }

    /// Merges `fork`'s changes into main. Only main changes: the fork keeps its value and
    /// version until main is merged into it.
    ///
    /// - Returns: ``MergeAction/none`` when the fork has no changes of its own,
    ///   ``MergeAction/fastForward`` when main had not moved since the fork last merged, and
    ///   ``MergeAction/resolveConflict`` when both had changed and a three-way merge was made.
    @discardableResult
    public func mergeIntoMain(from fork: Fork) throws -> MergeAction {
        guard fork != .main else { return .none }
        return try runMerge(
            into: .main, from: fork,
            prepare: { state in
                let record = try state.record(of: fork)
                guard let head = record.head else { return .finished(.none) }
                guard let ancestor = record.ancestor else {
                    state.moveMain(to: head)
                    state.forks[fork] = ForkRecord()
                    return .finished(.fastForward)
                }
                return .merge(PendingMerge(main: state.main, head: head, ancestor: ancestor))
            },
            sides: { ($0.head, $0.main) },
            commit: { state, pending, merged in
                guard pending.isCurrent(in: state, for: fork) else { return false }
                if merged != pending.main.content {
                    let mergeCommit = pending.commit(of: merged, in: &state)
                    state.moveMain(to: mergeCommit)
                }
                // The fork's value is now part of main: it is what the two last shared. The fork
                // itself keeps its value and version until main is merged into it, even when
                // the merge kept its value: a merge changes only the side it merges into.
                state.forks[fork] = ForkRecord(ancestor: pending.head, head: nil, edits: 0)
                return true
            }
        )
    }

    /// Merges main's changes into `fork`.
    ///
    /// - Returns: ``MergeAction/none`` when main has not moved since the fork last merged,
    ///   ``MergeAction/fastForward`` when the fork had no changes of its own, and
    ///   ``MergeAction/resolveConflict`` when both had changed.
    @discardableResult
    public func mergeFromMain(into fork: Fork) throws -> MergeAction {
        guard fork != .main else { return .none }
        return try runMerge(
            into: fork, from: .main,
            prepare: { state in
                let record = try state.record(of: fork)
                guard let ancestor = record.ancestor else { return .finished(.none) }
                guard let head = record.head else {
                    state.forks[fork] = ForkRecord()
                    return .finished(.fastForward)
                }
                return .merge(PendingMerge(main: state.main, head: head, ancestor: ancestor))
            },
            sides: { ($0.main, $0.head) },
            commit: { state, pending, merged in
                guard let record = state.forks[fork], pending.isCurrent(in: state, for: fork) else { return false }
                if merged == pending.main.content {
                    state.forks[fork] = ForkRecord()
                } else {
                    let head = pending.commit(of: merged, in: &state)
                    state.forks[fork] = ForkRecord(ancestor: nil, head: head, edits: record.edits)
                }
                return true
            }
        )
    }

    /// The shape every merge shares: read its inputs in one transaction (or finish there when no
    /// three-way merge is needed), merge outside any lock, then commit in a second transaction
    /// only if the inputs are still current; otherwise start over with the new inputs.
    private func runMerge(
        into target: Fork, from source: Fork,
        prepare: (inout ForkedState<ResourceType>) throws -> Step,
        sides: (PendingMerge) -> (incoming: Commit<ResourceType>, receiving: Commit<ResourceType>),
        commit: (inout ForkedState<ResourceType>, PendingMerge, ResourceType?) -> Bool
    ) throws -> MergeAction {
        while true {
            let step = try mergeTransaction(into: target, from: source) { state in
                let step = try prepare(&state)
                guard case .finished(let action) = step else { return (step, nil) }
                return (step, action)
            }
            let pending: PendingMerge
            switch step {
            case .finished(let action):
                return action
            case .merge(let inputs):
                pending = inputs
            }
            let (incoming, receiving) = sides(pending)
            // Only the merge that is written reports its conflicts (``MergeConflictLog``): one
            // computed on values that changed meanwhile is computed again.
            let (merged, conflicts) = try MergeConflictLog.collecting {
                try mergedContent(incoming: incoming, receiving: receiving, ancestor: pending.ancestor)
            }
            let committed = try mergeTransaction(into: target, from: source) { state in
                let committed = commit(&state, pending, merged)
                return (committed, committed ? .resolveConflict : nil)
            }
            if committed {
                MergeConflictLog.record(conflicts)
                return .resolveConflict
            }
        }
    }

    /// Runs one transaction of a merge and announces the action it reports, if any. The
    /// announced version is read in the same transaction, so it is the merge's own even when
    /// another thread changes or deletes the fork right after.
    private func mergeTransaction<Outcome>(
        into target: Fork, from source: Fork,
        _ body: (inout ForkedState<ResourceType>) throws -> (outcome: Outcome, action: MergeAction?)
    ) throws -> Outcome {
        try broadcaster.publishing {
            try repository.withState { state in
                let (outcome, action) = try body(&state)
                guard let action, action != .none else { return (outcome, []) }
                let version = try state.latestCommit(of: target).version
                return (outcome, [ForkChange(fork: target, kind: .merged(action), mergingFork: source, version: version)])
            }
        }
    }

    /// Merges each of `forks` into main, then main back into each, so all of them end with
    /// the same value. Forks are merged in the order their changes were made.
    public func syncMain(with forks: [Fork]) throws {
        let ordered = try inOrderOfLastChange(forks.filter { $0 != .main })
        for fork in ordered { try mergeIntoMain(from: fork) }
        for fork in ordered { try mergeFromMain(into: fork) }
    }

    /// Brings every other fork's changes into `target`: each fork other than main and
    /// `target` is merged into main, in the order their changes were made (so where values
    /// cannot merge the most recent change wins whatever order forks are listed in), then main
    /// is merged into `target`.
    ///
    /// `target`'s own changes stay in `target`: they reach main only when `target` is merged
    /// into it. Main receives the other forks' changes on the way. With `target` main, this
    /// merges every fork into main.
    ///
    /// - Throws: ``ForkedError/unknownFork(_:)`` when `target` does not exist, before anything is merged.
    public func mergeAllForks(into target: Fork = .main) throws {
        guard try has(target) else { throw ForkedError.unknownFork(target) }
        let others = try inOrderOfLastChange(currentForks().filter { $0 != .main && $0 != target })
        for fork in others { try mergeIntoMain(from: fork) }
        if target != .main { try mergeFromMain(into: target) }
    }

    /// Merges every fork into main and main back into every fork: afterwards all forks are in sync.
    public func syncAllForks() throws {
        try syncMain(with: currentForks())
    }

    /// Orders forks by the logical time of their latest change, then by name.
    private func inOrderOfLastChange(_ forks: [Fork]) throws -> [Fork] {
        let times = try repository.withState { state in
            try forks.map { (fork: $0, time: try state.latestCommit(of: $0).changeTime) }
        }
        return times.sorted { ($0.time, $0.fork) < ($1.time, $1.fork) }.map(\.fork)
    }

    /// Three-way merges two commits' contents. The side with the later change is dominant;
    /// on a tie the incoming side is, since it is the change being brought in.
    private func mergedContent(
        incoming: Commit<ResourceType>, receiving: Commit<ResourceType>, ancestor: Commit<ResourceType>
    ) throws -> ResourceType? {
        let (dominant, subordinate) = incoming.changeTime >= receiving.changeTime
            ? (incoming, receiving) : (receiving, incoming)
        return try ValueMerging.merge(
            dominant.content, withSubordinate: subordinate.content, commonAncestor: ancestor.content
        )
    }
}
