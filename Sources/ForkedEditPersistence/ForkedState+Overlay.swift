import Forked
import ForkedEditCore

/// An edited fork value to be committed on top of a repository's state.
struct ForkOverlay {
    var fork: Fork
    var document: TextDocument
    /// How many edits it folds in, so the fork's edit count stays what the user made.
    var editCount: Int
    /// When the last of them was made (session version), to keep forks in edit order.
    var lastEdit: Version
}

extension ForkedState where Resource == TextDocument {
    /// The state with each overlay committed as its fork's new head, at fresh ticks of this
    /// state's clock, in the order the edits were made: what `ForkedResource.update` would
    /// have done, but counting every folded edit.
    func committing(_ overlays: [ForkOverlay]) -> ForkedState<TextDocument> {
        var clock = self.clock
        var forks = self.forks
        for overlay in overlays.sorted(by: { $0.lastEdit < $1.lastEdit }) {
            clock = Version(count: clock.count + 1)
            let record = forks[overlay.fork] ?? ForkRecord()
            let head = Commit(version: clock, changeTime: clock, content: overlay.document)
            forks[overlay.fork] = ForkRecord(ancestor: record.ancestor, head: head, edits: record.edits + overlay.editCount)
        }
        return ForkedState(clock: clock, main: main, forks: forks)
    }

    /// The value of `fork`: its head, else its ancestor, else main's.
    func document(of fork: Fork) -> TextDocument? {
        guard fork != .main, let record = forks[fork] else { return main.content }
        return (record.head ?? record.ancestor ?? main).content
    }

    /// The version of `fork`'s value: its head, else its ancestor, else main's.
    func version(of fork: Fork) -> Version {
        guard fork != .main, let record = forks[fork] else { return main.version }
        return (record.head ?? record.ancestor ?? main).version
    }
}

/// What a ``ForkedState`` names, version by version: equal stamps mean nothing in the state
/// changed. The clock alone does not tell: a merge that fast-forwards main (or a fork) to a
/// version that exists already hands out no new tick.
struct StateStamp: Equatable, Sendable {
    var clock: Version
    var main: Version
    var forks: [Fork: [Version?]]
}

extension ForkedState {
    /// This state's ``StateStamp``.
    var stamp: StateStamp {
        StateStamp(clock: clock, main: main.version, forks: forks.mapValues { [$0.head?.version, $0.ancestor?.version] })
    }
}
