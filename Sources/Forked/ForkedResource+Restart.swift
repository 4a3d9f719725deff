extension ForkedResource {
    /// Makes `value` both `fork`'s value and the common ancestor of its next merge with main,
    /// whatever main holds now.
    ///
    /// A sync exchange calls this once it knows `value` is what a server holds: the next change
    /// the server sends is then merged into main against `value`, so what main did since is
    /// kept, and nothing main already has is applied twice. With `nil`, the fork starts from no
    /// content, so that the first value it receives is merged two-way (salvaged) into main
    /// instead of replacing it.
    ///
    /// ```swift
    /// try resource.restart(serverFork, with: uploaded)   // the server now holds `uploaded`
    /// try resource.update(serverFork, with: fetched)     // later, another device's version
    /// try resource.mergeIntoMain(from: serverFork)       // three-way, against `uploaded`
    /// ```
    ///
    /// - Throws: ``ForkedError/mainCannotBeCreatedOrDeleted`` for main (main has no ancestor),
    ///   ``ForkedError/unknownFork(_:)`` when `fork` does not exist.
    public func restart(_ fork: Fork, with value: ResourceType?) throws {
        guard fork != .main else { throw ForkedError.mainCannotBeCreatedOrDeleted }
        try broadcaster.publishing {
            let version = try repository.withState { state in
                _ = try state.record(of: fork)
                let version = state.tick()
                // Behind main with this commit as ancestor: the fork's value is the commit's,
                // and it is what the fork last shared with main.
                state.forks[fork] = ForkRecord(
                    ancestor: Commit(version: version, changeTime: version, content: value), head: nil, edits: 0
                )
                return version
            }
            return ((), [ForkChange(fork: fork, kind: .updated, version: version)])
        }
    }
}
