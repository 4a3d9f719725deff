import Forked
import Foundation
import ForkedMerge

/// Every recorded version of one resource: a graph of ``HistoryCommit``s with named heads (one
/// per fork or device), queries over it, and garbage collection of old versions.
///
/// Recording is explicit (``record(_:head:origin:mergedFrom:time:)``): callers record at
/// snapshots, merges and saves rather than at every keystroke, so keeping history never slows
/// typing down.
public final class History<Value: HistoryValue>: Sendable {
    /// Where the commits are kept.
    public let store: any CommitStore
    /// At most this many deltas against first parents are applied to rebuild a value: a chain
    /// that long ends in an anchor (a snapshot or an anchored delta). A chain also ends, sooner,
    /// once its deltas together are larger than the value: reading them would then cost more
    /// than an anchor saves.
    public let snapshotInterval: Int
    /// At most this many anchored deltas (``CommitBody/anchored(base:delta:)``) follow each
    /// other before a snapshot. Each costs one pass over the value when rebuilding it, so
    /// long histories keep few whole values at a small, bounded cost.
    public let anchorInterval: Int

    private struct Caches {
        /// Recently rebuilt values, newest last.
        var values: [(CommitID, Value)] = []
        /// Deltas applied since the anchor, per commit.
        var chains: [CommitID: Chain] = [:]
        /// Anchored deltas applied since the snapshot, per anchor.
        var anchorChains: [CommitID: Chain] = [:]
    }

    private let caches = ProtectedValue(Caches())
    private static var valueCacheSize: Int { 16 }

    /// Creates a history over `store`.
    public init(store: any CommitStore, snapshotInterval: Int = 512, anchorInterval: Int = 64) {
        self.store = store
        self.snapshotInterval = max(1, snapshotInterval)
        self.anchorInterval = max(1, anchorInterval)
    }

    // MARK: Recording

    /// Makes (without storing) a commit of `value` following `parents`: a delta against the
    /// first parent while that chain is short and light; else a delta against the chain's anchor
    /// while the anchors behind it are few and lighter than a few copies of the value; else the
    /// whole value.
    public func makeCommit(_ value: Value, parents: [CommitID], origin: String, time: Date = Date()) throws -> HistoryCommit {
        let snapshot = try value.snapshot()
        let digest = SHA256Digest.digest(of: snapshot)
        var body = CommitBody.snapshot(snapshot)
        if let parent = parents.first {
            let chain = try chain(of: parent)
            if chain.deltas + 1 < snapshotInterval, let delta = try value.delta(from: self.value(at: parent)),
               chain.bytes + delta.count < snapshot.count {
                body = .delta(delta)
            } else if case let anchors = try anchorChain(of: chain.anchor), anchors.deltas + 1 < anchorInterval,
                      let delta = try value.delta(from: self.value(at: chain.anchor)),
                      anchors.bytes + delta.count < History.anchorWeight * snapshot.count {
                body = .anchored(base: chain.anchor, delta: delta)
            }
        }
        return HistoryCommit(parents: parents, origin: origin, time: time, valueDigest: digest, body: body)
    }

    /// How many times the value's size the anchored deltas before a snapshot may weigh together.
    /// Each is applied in one pass, so reading them costs about as much as reading that many
    /// values; a text that mostly grows needs far less.
    private static var anchorWeight: Int { 4 }

    /// Records `value` as the newest version of `head` (a fork or device name), following the
    /// head's current commit (or `base` when the head has none yet) and any `mergedFrom`
    /// commits. Returns `nil`, recording nothing, when the value is the head's and nothing is
    /// merged in; a new head whose value is `base`'s just points at `base`.
    @discardableResult
    public func record(
        _ value: Value, head: String, origin: String? = nil, mergedFrom: [CommitID] = [], startingAt base: CommitID? = nil,
        time: Date = Date()
    ) throws -> HistoryCommit? {
        // Another process may move the head between reading it and moving it: the move is
        // conditional, and a lost race records again on top of the winner's commit.
        for _ in 0..<History.recordAttempts {
            let stored = try store.heads()[head]
            let condition: HeadMove.Condition = stored.map { .at($0) } ?? .absent
            if let base, stored == nil, mergedFrom.isEmpty, try self.value(at: base) == value {
                if try store.add([], moving: [HeadMove(head: head, to: base, if: condition)]) { return nil }
                continue
            }
            let current = stored ?? base
            var parents = current.map { [$0] } ?? []
            for merged in mergedFrom where !parents.contains(merged) { parents.append(merged) }
            if let current, parents.count == 1, try self.value(at: current) == value { return nil }
            let commit = try makeCommit(value, parents: parents, origin: origin ?? head, time: time)
            if try store.add([commit], moving: [HeadMove(head: head, to: commit.id, if: condition)]) {
                remember(value, for: commit.id)
                return commit
            }
        }
        throw HistoryError.contended(head: head)
    }

    private static var recordAttempts: Int { 100 }

    /// Points `head` at an existing commit (a fork that merged from main takes main's commit).
    public func move(head: String, to id: CommitID) throws {
        guard try store.commit(id) != nil else { throw HistoryError.missingCommit(id) }
        try store.add([], movingHeads: [head: id])
    }

    // MARK: Queries

    /// The named heads: each fork's or device's newest commit.
    public func heads() throws -> [String: CommitID] { try store.heads() }

    /// The commit named `id`.
    public func commit(_ id: CommitID) throws -> HistoryCommit {
        guard let commit = try store.commit(id) else { throw HistoryError.missingCommit(id) }
        return commit
    }

    /// The value at commit `id`, rebuilt from the nearest snapshot and checked against the
    /// commit's value digest.
    public func value(at id: CommitID) throws -> Value {
        if let cached = cachedValue(for: id) { return cached }
        var deltas: [Data] = []
        var walked = Set<CommitID>()
        var current = try commit(id)
        var base: Value?
        while base == nil {
            if let cached = cachedValue(for: current.id) {
                base = cached
                break
            }
            guard walked.insert(current.id).inserted else {
                throw HistoryError.corruptCommit("\(current.id.short)'s deltas lead back to itself")
            }
            if case .snapshot(let data) = current.body {
                base = try Value(snapshot: data)
            } else if let delta = current.body.deltaBytes {
                deltas.append(delta)
                current = try commit(try deltaBase(of: current))
            }
        }
        guard var value = base else { throw HistoryError.missingCommit(id) }
        value = try value.applying(deltas: deltas.reversed())
        let target = try commit(id)
        if !deltas.isEmpty || target.body.isSnapshot, SHA256Digest.digest(of: try value.snapshot()) != target.valueDigest {
            throw HistoryError.corruptCommit("the value rebuilt for \(id.short) does not match its digest")
        }
        remember(value, for: id)
        return value
    }

    /// Commits reachable from `start` (every head when `nil`), newest first, each with what it
    /// changed against its first parent; at most `limit`.
    public func log(from start: CommitID? = nil, limit: Int? = nil) throws -> [HistoryEntry] {
        let roots = try start.map { [$0] } ?? Array(Set(store.heads().values))
        let ordered = Self.newestFirst(try ancestors(of: roots))
        return try ordered.prefix(limit ?? ordered.count).map(entry)
    }

    /// `commits` newest first, but never a commit before one of its children (as
    /// `git log --date-order`): versions recorded in the same millisecond, or on a device whose
    /// clock is behind, still list a version after the ones made from it. Ties go by id.
    private static func newestFirst(_ commits: [HistoryCommit]) -> [HistoryCommit] {
        let byID = Dictionary(commits.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var childCounts: [CommitID: Int] = [:]
        for commit in byID.values {
            for parent in Set(commit.parents) where byID[parent] != nil { childCounts[parent, default: 0] += 1 }
        }
        func isOlder(_ first: HistoryCommit, _ second: HistoryCommit) -> Bool { (first.time, first.id) < (second.time, second.id) }
        // Commits whose children are all listed, oldest first, so the newest is taken from the end.
        var ready = byID.values.filter { childCounts[$0.id] == nil }.sorted(by: isOlder)
        var ordered: [HistoryCommit] = []
        ordered.reserveCapacity(byID.count)
        while let commit = ready.popLast() {
            ordered.append(commit)
            for parent in Set(commit.parents) {
                guard let remaining = childCounts[parent], let parentCommit = byID[parent] else { continue }
                guard remaining == 1 else {
                    childCounts[parent] = remaining - 1
                    continue
                }
                childCounts[parent] = nil
                var low = 0
                var high = ready.count
                while low < high {
                    let middle = (low + high) / 2
                    if isOlder(ready[middle], parentCommit) { low = middle + 1 } else { high = middle }
                }
                ready.insert(parentCommit, at: low)
            }
        }
        return ordered
    }

    /// What `commit` changed against its first parent (everything, for a first version).
    public func entry(_ commit: HistoryCommit) throws -> HistoryEntry {
        let parentValue = try commit.parents.first.flatMap { try store.commit($0) == nil ? nil : value(at: $0) }
        let difference = TextDifference(from: parentValue?.historyText ?? "", to: try value(at: commit.id).historyText ?? "")
        return HistoryEntry(commit: commit, difference: difference)
    }

    /// What changed from version `old` to version `new`, word by word.
    public func difference(from old: CommitID, to new: CommitID) throws -> TextDifference {
        TextDifference(from: try value(at: old).historyText ?? "", to: try value(at: new).historyText ?? "")
    }

    /// The nearest commit both `first` and `second` descend from (either one itself), or `nil`
    /// when they share none that is still stored.
    public func commonAncestor(of first: CommitID, and second: CommitID) throws -> CommitID? {
        let firstDistances = try distances(from: first)
        let secondDistances = try distances(from: second)
        return firstDistances.keys
            .filter { secondDistances[$0] != nil }
            .min { (firstDistances[$0]! + secondDistances[$0]!, $0) < (firstDistances[$1]! + secondDistances[$1]!, $1) }
    }

    /// The commit a version name means: `@` (the head), `@~N` (N first parents back from the
    /// head), or a unique prefix of at least four hexadecimal digits of an id.
    public func resolve(_ name: String, head: String = "main") throws -> CommitID {
        if name == "@" || name.hasPrefix("@~") {
            guard var id = try store.heads()[head] else { throw HistoryError.empty }
            let stepsText = name.dropFirst(2)
            // "@~" is one back, as git reads "HEAD~".
            guard let steps = name == "@" ? 0 : (stepsText.isEmpty ? 1 : Int(stepsText)), steps >= 0 else {
                throw HistoryError.malformedVersion(name)
            }
            for _ in 0..<steps {
                guard let parent = try commit(id).parents.first, try store.commit(parent) != nil else {
                    throw HistoryError.unknownVersion(name)
                }
                id = parent
            }
            return id
        }
        let prefix = name.lowercased()
        guard prefix.count >= 4, prefix.allSatisfy(\.isHexDigit) else { throw HistoryError.malformedVersion(name) }
        let matches = try store.allCommits().filter { $0.id.hasHexPrefix(prefix) }
        switch matches.count {
        case 0: throw HistoryError.unknownVersion(name)
        case 1: return matches[0].id
        default: throw HistoryError.ambiguousVersion(name, candidates: matches.map(\.id.short))
        }
    }

    // MARK: Collection

    /// Removes versions older than `cutoff` that no head needs, keeping every head, every commit
    /// made at or after `cutoff`, and every commit in `retained` (what peers still reference).
    /// A kept commit whose delta base is removed is stored whole instead: ids never change, and a
    /// removed parent only means the history now starts there. Returns how many were removed.
    @discardableResult
    public func collect(olderThan cutoff: Date, retaining retained: Set<CommitID> = []) throws -> Int {
        var removed = 0
        try store.rewrite { commits, heads in
            let keep = Set(commits.filter { $0.time >= cutoff }.map(\.id)).union(heads.values).union(retained)
            var result: [HistoryCommit] = []
            for commit in commits where keep.contains(commit.id) {
                if let base = commit.body.deltaBase(firstParent: commit.parents.first), !keep.contains(base) {
                    result.append(commit.storing(.snapshot(try value(at: commit.id).snapshot())))
                } else {
                    result.append(commit)
                }
            }
            removed = commits.count - result.count
            return result
        }
        caches.withLock { $0 = Caches() }
        return removed
    }

    // MARK: Graph walking

    private func ancestors(of roots: [CommitID]) throws -> [HistoryCommit] {
        var seen = Set<CommitID>()
        var stack = roots
        var result: [HistoryCommit] = []
        while let id = stack.popLast() {
            guard seen.insert(id).inserted, let commit = try store.commit(id) else { continue }
            result.append(commit)
            stack.append(contentsOf: commit.parents)
        }
        return result
    }

    private func distances(from start: CommitID) throws -> [CommitID: Int] {
        var distances: [CommitID: Int] = [start: 0]
        var queue = [start]
        var index = 0
        while index < queue.count {
            let id = queue[index]
            index += 1
            guard let commit = try store.commit(id), let distance = distances[id] else { continue }
            for parent in commit.parents where distances[parent] == nil {
                guard try store.commit(parent) != nil else { continue }
                distances[parent] = distance + 1
                queue.append(parent)
            }
        }
        return distances
    }

    /// The commit whose value `commit`'s delta applies to.
    private func deltaBase(of commit: HistoryCommit) throws -> CommitID {
        guard let base = commit.body.deltaBase(firstParent: commit.parents.first) else {
            throw HistoryError.corruptCommit("\(commit.id.short) is a delta without a parent")
        }
        return base
    }

    /// A run of deltas applied one after the other to rebuild a value.
    private struct Chain {
        /// How many: 0 for the commit the run starts from.
        var deltas = 0
        /// Their payloads' total size in bytes.
        var bytes = 0
        /// The commit the run starts from: for a chain, its anchor (a snapshot or an anchored delta).
        var anchor: CommitID
    }

    /// The deltas against first parents that rebuild `id`'s value from its anchor.
    private func chain(of id: CommitID) throws -> Chain {
        try walk(from: id, cache: \.chains) { commit in
            guard case .delta(let payload) = commit.body else { return nil }
            return (try deltaBase(of: commit), payload.count)
        }
    }

    /// The anchored deltas that rebuild anchor `id`'s value from a snapshot.
    private func anchorChain(of id: CommitID) throws -> Chain {
        try walk(from: id, cache: \.anchorChains) { commit in
            guard case .anchored(let base, let delta) = commit.body else { return nil }
            return (base, delta.count)
        }
    }

    /// Follows `step` (each commit's base and delta size, `nil` where the run starts) back from
    /// `id`, counting the deltas, and remembers the count for every commit passed.
    private func walk(
        from id: CommitID, cache: WritableKeyPath<Caches, [CommitID: Chain]>,
        step: (HistoryCommit) throws -> (base: CommitID, bytes: Int)?
    ) throws -> Chain {
        var walked: [(CommitID, Int)] = []
        var seen = Set<CommitID>()
        var current = try commit(id)
        var base = Chain(anchor: current.id)
        while true {
            if let known = caches.withLock({ $0[keyPath: cache][current.id] }) {
                base = known
                break
            }
            guard seen.insert(current.id).inserted else {
                throw HistoryError.corruptCommit("\(current.id.short)'s deltas lead back to itself")
            }
            guard let (next, size) = try step(current) else {
                base = Chain(anchor: current.id)
                caches.withLock { $0[keyPath: cache][current.id] = base }
                break
            }
            walked.append((current.id, size))
            current = try commit(next)
        }
        var chain = base
        caches.withLock { caches in
            for (walkedID, size) in walked.reversed() {
                chain.deltas += 1
                chain.bytes += size
                caches[keyPath: cache][walkedID] = chain
            }
        }
        return chain
    }

    private func cachedValue(for id: CommitID) -> Value? {
        caches.withLock { caches in caches.values.last { $0.0 == id }?.1 }
    }

    private func remember(_ value: Value, for id: CommitID) {
        caches.withLock { caches in
            caches.values.removeAll { $0.0 == id }
            caches.values.append((id, value))
            if caches.values.count > History.valueCacheSize { caches.values.removeFirst() }
        }
    }
}
