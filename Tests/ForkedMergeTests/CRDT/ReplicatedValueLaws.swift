import ForkedMerge
import PropertyBased
import Testing

/// One random step of a simulated editing session with three replicas.
struct ReplicaStep: Sendable, CustomStringConvertible {
    /// Which replica acts (0, 1 or 2).
    var replica: Int
    /// What it does: 0 means "merge in another replica's state", other values pick an edit.
    var action: Int
    /// A small value to write, insert or remove.
    var payload: Int
    /// A position, or for merges the replica merged in.
    var position: Int

    var isMerge: Bool { action == 0 }

    var description: String {
        isMerge ? "r\(replica)<-r\(position % 3)" : "r\(replica):\(action)(\(payload)@\(position))"
    }

    /// Random sessions of up to 30 steps; about one step in eight is a merge.
    static let sessions = zip(Gen.int(in: 0...2), Gen.int(in: 0...7), Gen.int(in: 0...4), Gen.int(in: 0...20))
        .map { ReplicaStep(replica: $0.0, action: $0.1, payload: $0.2, position: $0.3) }
        .array(of: 0...30)
}

/// The three replica identities of a simulated session.
let sessionReplicas = [ReplicaID("r0"), ReplicaID("r1"), ReplicaID("r2")]

/// Plays `steps` on three replicas made by `make`: edits go through `edit`, merges use the join,
/// so later edits build on merged-in state as they would in real use.
func playSession<Value: ConvergentReplicatedValue>(
    _ steps: [ReplicaStep], make: (ReplicaID) -> Value, edit: (inout Value, ReplicaStep, Int) throws -> Void
) rethrows -> [Value] {
    var replicas = sessionReplicas.map(make)
    for (index, step) in steps.enumerated() {
        if step.isMerge {
            replicas[step.replica] = replicas[step.replica].joined(with: replicas[step.position % 3])
        } else {
            try edit(&replicas[step.replica], step, index)
        }
    }
    return replicas
}

/// Checks that the join of three replicas is commutative, associative and idempotent, and that
/// the `Mergeable` entry points agree with it.
func expectJoinLaws<Value: ConvergentReplicatedValue>(
    _ a: Value, _ b: Value, _ c: Value, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    #expect(a.joined(with: b) == b.joined(with: a), "commutative", sourceLocation: sourceLocation)
    #expect(a.joined(with: b).joined(with: c) == a.joined(with: b.joined(with: c)), "associative", sourceLocation: sourceLocation)
    #expect(a.joined(with: a) == a, "idempotent", sourceLocation: sourceLocation)
    #expect(a.joined(with: b).joined(with: b) == a.joined(with: b), "re-merging changes nothing", sourceLocation: sourceLocation)
    #expect(try a.merged(withSubordinate: b, commonAncestor: c) == a.joined(with: b), sourceLocation: sourceLocation)
    #expect(try a.salvaging(from: b) == a.joined(with: b), sourceLocation: sourceLocation)
}
