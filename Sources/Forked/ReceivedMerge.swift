/// A value received into a fork and merged with main in memory, not written yet: made by
/// ``ForkedResource/preparedMerge(from:receiving:)``, written by ``ForkedResource/mergeIntoMain(_:)``.
public struct ReceivedMerge<Resource: Sendable>: Sendable {
    /// The fork that receives the value.
    public let fork: Fork
    /// The value the fork receives.
    public let received: Resource
    /// Main's value after the merge, as long as neither main nor the fork changes before it is
    /// written (otherwise the write merges again).
    public let mergedMain: Resource?
    /// Where ``mergedMain`` keeps both versions of something both sides changed differently
    /// (reported by the value's merge, see ``MergeConflictLog``); empty for a fast-forward.
    public let conflicts: [KeptConflict]

    /// Main as the merge read it.
    let main: Commit<Resource>
    /// The fork as the merge read it: without an ancestor, main had not moved since the fork
    /// last shared it, and main takes the received value.
    let record: ForkRecord<Resource>
}
