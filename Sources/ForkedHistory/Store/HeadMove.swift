/// One named head moving to a commit, on condition that no other writer moved it first.
///
/// Two processes recording the same fork at the same moment each make a commit on the head they
/// read; if both simply moved the head, the first commit would drop out of the fork's log. With
/// a condition the second writer is told, and records again on top of the first.
public struct HeadMove: Hashable, Sendable {
    /// Where the head must be for the move to happen.
    public enum Condition: Hashable, Sendable {
        /// Wherever it is, or absent (the move always happens).
        case anywhere
        /// The head does not exist yet.
        case absent
        /// The head is at this commit.
        case at(CommitID)
    }

    /// The head's name: a fork or a device.
    public var head: String
    /// The commit the head moves to.
    public var target: CommitID
    /// Where the head must be.
    public var condition: Condition

    /// Moves `head` to `target` if `condition` holds.
    public init(head: String, to target: CommitID, if condition: Condition = .anywhere) {
        self.head = head
        self.target = target
        self.condition = condition
    }

    /// Whether the condition holds for the heads as they are.
    public func holds(in heads: [String: CommitID]) -> Bool {
        switch condition {
        case .anywhere: true
        case .absent: heads[head] == nil
        case .at(let expected): heads[head] == expected
        }
    }

    /// `heads` with every move in `moves` applied, or `nil` (nothing applied) when one's
    /// condition does not hold.
    public static func apply(_ moves: [HeadMove], to heads: [String: CommitID]) -> [String: CommitID]? {
        guard moves.allSatisfy({ $0.holds(in: heads) }) else { return nil }
        var moved = heads
        for move in moves { moved[move.head] = move.target }
        return moved
    }
}
