import Forked

/// A state-based replicated value (a CRDT): replicas change their own copy, and any two copies
/// combine with ``joined(with:)`` into one that contains the changes of both.
///
/// The join is commutative, associative and idempotent, so replicas that have seen the same
/// changes hold equal values, whatever order or grouping they merged in and however often they
/// merged. The join needs no common ancestor, so the `Mergeable` requirements both just join.
public protocol ConvergentReplicatedValue: Mergeable, Equatable {
    /// The replica whose changes this copy stamps. It is local to the copy: not compared by
    /// `==`, not encoded, and kept from `self` by ``joined(with:)``.
    ///
    /// Two copies must never stamp changes under the same identity. Every value type in this
    /// module ensures it: a copy edited while another copy is alive (as in two forks of a
    /// `ForkedResource`) first takes a fresh random identity. Conforming types of your own must
    /// do the same, or document that each copy needs its own identity set before editing.
    var replica: ReplicaID { get set }

    /// Returns the combination of both replicas' changes, keeping this replica's identity.
    func joined(with other: Self) -> Self
}

extension ConvergentReplicatedValue {
    /// Joins the two replicas; the ancestor is not needed, because the join already knows which
    /// changes each side has seen.
    public func merged(withSubordinate other: Self, commonAncestor: Self) throws -> Self {
        joined(with: other)
    }

    /// Joins the two replicas, exactly as a merge with an ancestor would.
    public func salvaging(from other: Self) throws -> Self {
        joined(with: other)
    }
}

extension ConvergentReplicatedValue {
    /// The original Forked's spelling of ``joined(with:)``.
    @available(*, deprecated, renamed: "joined(with:)")
    public func merged(with other: Self) throws -> Self {
        joined(with: other)
    }
}
