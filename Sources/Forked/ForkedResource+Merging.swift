extension ForkedResource {
    /// A merge's inputs, read in one transaction so they are consistent with each other.
    private struct PendingMerge {
        let main: Commit<ResourceType>
        let head: Commit<ResourceType>
        let ancestor: Commit<ResourceType>
    }

    private enum Step {
        case finished(MergeAction)
        case merge(PendingMerge)
    }

    /// Merges `fork`'s changes into main.
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
                guard state.main.version == pending.main.version,
                      state.forks[fork]?.head?.version == pending.head.version
                else { return false }
                if merged != pending.main.content {
                    let version = state.tick()
                    let changeTime = max(pending.main.changeTime, pending.head.changeTime)
                    state.moveMain(to: Commit(version: version, changeTime: changeTime, content: merged))
                }
                // The fork's value is now part of main: it is what the two last shared.
                state.forks[fork] = merged == pending.head.content
                    ? ForkRecord()
                    : ForkRecord(ancestor: pending.head, head: nil, edits: 0)
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
                guard state.main.version == pending.main.version,
                      let record = state.forks[fork],
                      record.head?.version == pending.head.version,
                      record.ancestor?.version == pending.ancestor.version
                else { return false }
                if merged == pending.main.content {
                    state.forks[fork] = ForkRecord()
                } else {
                    let version = state.tick()
                    let changeTime = max(pending.main.changeTime, pending.head.changeTime)
                    let head = Commit(version: version, changeTime: changeTime, content: merged)
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
            let pending: PendingMerge
            switch try repository.withState(prepare) {
            case .finished(let action):
                try announce(action, in: target, from: source)
                return action
            case .merge(let inputs):
                pending = inputs
            }
            let (incoming, receiving) = sides(pending)
            let merged = try mergedContent(incoming: incoming, receiving: receiving, ancestor: pending.ancestor)
            if try repository.withState({ commit(&$0, pending, merged) }) {
                try announce(.resolveConflict, in: target, from: source)
                return .resolveConflict
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

    /// Merges every fork into main, in the order their changes were made, so where values
    /// cannot merge the most recent change wins whatever order forks are listed in.
    /// When `target` is not main, main is then merged into `target`.
    public func mergeAllForks(into target: Fork = .main) throws {
        let others = try inOrderOfLastChange(forks.filter { $0 != .main })
        for fork in others { try mergeIntoMain(from: fork) }
        if target != .main { try mergeFromMain(into: target) }
    }

    /// Merges every fork into main and main back into every fork: afterwards all forks are in sync.
    public func syncAllForks() throws {
        try syncMain(with: forks)
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

    private func announce(_ action: MergeAction, in fork: Fork, from mergingFork: Fork) throws {
        guard action != .none else { return }
        let version = try mostRecentVersion(of: fork)
        broadcaster.send([ForkChange(fork: fork, kind: .merged(action), mergingFork: mergingFork, version: version)])
    }
}
