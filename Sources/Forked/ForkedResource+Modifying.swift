extension ForkedResource {
    /// Changes the value in `fork` in place: `body` receives the current value (`nil` when the
    /// fork has no content) and changes it, and the result is stored as one new version.
    ///
    /// Unlike reading with ``value(in:)`` and writing back with ``update(_:with:)``, no change
    /// made in between is overwritten: if the fork's value changed while `body` ran (another
    /// thread's update, a merge such as a sync exchange makes into main, another process sharing
    /// the repository), `body` runs again on the new value. So it is the one-step way to edit
    /// main while merges come into it:
    ///
    /// ```swift
    /// try resource.modify(.main) { list in
    ///     list?.items.append("milk")
    /// }
    /// ```
    ///
    /// `body` runs outside the repository's lock, as merges do, and may run more than once: it
    /// should only compute the new value from the one it is given. A body that leaves the
    /// value as it was stores nothing and announces nothing; setting it to `nil` removes the
    /// content, as ``removeContent(from:)`` does.
    ///
    /// - Returns: What the last run of `body` returned.
    /// - Throws: ``ForkedError/unknownFork(_:)`` when `fork` does not exist, whatever `body`
    ///   throws (nothing is stored then), or whatever the repository throws.
    @discardableResult
    public func modify<Outcome>(_ fork: Fork, _ body: (inout ResourceType?) throws -> Outcome) throws -> Outcome {
        while true {
            let read = try repository.withState { try $0.latestCommit(of: fork) }
            var value = read.content
            let outcome = try body(&value)
            if value == read.content { return outcome }
            let stored = try broadcaster.publishing { () throws -> (result: Bool, changes: [ForkChange]) in
                let version = try repository.withState { state -> Version? in
                    // Versions are never reused, so an equal version is the value `body` saw.
                    guard try state.latestCommit(of: fork).version == read.version else { return nil }
                    try state.commit(value, to: fork)
                    return state.clock
                }
                guard let version else { return (false, []) }
                return (true, [ForkChange(fork: fork, kind: value == nil ? .removedContent : .updated, version: version)])
            }
            if stored { return outcome }
        }
    }
}
