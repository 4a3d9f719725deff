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
    /// At most this many deltas are applied to rebuild a value: every that many commits along a
    /// chain of first parents is stored whole.
    public let snapshotInterval: Int

    private struct Caches {
        /// Recently rebuilt values, newest last.
        var values: [(CommitID, Value)] = []
        /// Deltas applied since the last snapshot, per commit.
        var depths: [CommitID: Int] = [:]
    }

    private let caches = ProtectedValue(Caches())
    private static var valueCacheSize: Int { 16 }

    /// Creates a history over `store`.
    public init(store: any CommitStore, snapshotInterval: Int = 64) {
        self.store = store
        self.snapshotInterval = max(1, snapshotInterval)
    }

    // MARK: Recording

    /// Makes (without storing) a commit of `value` following `parents`, as a delta against the
    /// first parent when that is small, whole otherwise.
    public func makeCommit(_ value: Value, parents: [CommitID], origin: String, time: Date = Date()) throws -> HistoryCommit {
        let snapshot = try value.snapshot()
        let digest = SHA256Digest.digest(of: snapshot)
        var body = CommitBody.snapshot(snapshot)
        if let parent = parents.first, try depth(of: parent) + 1 < snapshotInterval,
           let delta = try value.delta(from: self.value(at: parent)), delta.count * 2 < snapshot.count {
            body = .delta(delta)
        }
        return HistoryCommit(parents: parents, origin: origin, time: time, valueDigest: digest, body: body)
    }

    /// Records `value` as the newest version of `head` (a fork or device name), following the
    /// head's current commit (or `base` when the head has none yet) and any `mergedFrom`
    /// commits. Returns `nil`, recording nothing, when the value is the head's and nothing is
    /// merged in; a new head whose value is `base`'s just points at `base`.
    @discardableResult
    public func record(
        _ value: Value, head: String, origin: String? = nil, mergedFrom: [CommitID] = [], startingAt base: CommitID? = nil,
        time: Date = Date()
    ) throws -> HistoryCommit? {
        let current = try store.heads()[head] ?? base
        if let base, current == base, try store.heads()[head] == nil, mergedFrom.isEmpty, try self.value(at: base) == value {
            try move(head: head, to: base)
            return nil
        }
        var parents = current.map { [$0] } ?? []
        for merged in mergedFrom where !parents.contains(merged) { parents.append(merged) }
        if let current, parents.count == 1, try self.value(at: current) == value { return nil }
        let commit = try makeCommit(value, parents: parents, origin: origin ?? head, time: time)
        try store.add([commit], movingHeads: [head: commit.id])
        remember(value, for: commit.id)
        return commit
    }

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
        var chain: [HistoryCommit] = []
        var current = try commit(id)
        var base: Value?
        while base == nil {
            if let cached = cachedValue(for: current.id) {
                base = cached
                break
            }
            switch current.body {
            case .snapshot(let data):
                base = try Value(snapshot: data)
            case .delta:
                chain.append(current)
                guard let parent = current.parents.first else {
                    throw HistoryError.corruptCommit("\(current.id.short) is a delta without a parent")
                }
                current = try commit(parent)
            }
        }
        guard var value = base else { throw HistoryError.missingCommit(id) }
        for delta in chain.reversed() { value = try value.applying(delta: delta.body.payload) }
        let target = try commit(id)
        if !chain.isEmpty || target.body.isSnapshot, SHA256Digest.digest(of: try value.snapshot()) != target.valueDigest {
            throw HistoryError.corruptCommit("the value rebuilt for \(id.short) does not match its digest")
        }
        remember(value, for: id)
        return value
    }

    /// Commits reachable from `start` (every head when `nil`), newest first, each with what it
    /// changed against its first parent; at most `limit`.
    public func log(from start: CommitID? = nil, limit: Int? = nil) throws -> [HistoryEntry] {
        let roots = try start.map { [$0] } ?? Array(Set(store.heads().values))
        let ordered = try ancestors(of: roots).sorted { ($0.time, $0.id) > ($1.time, $1.id) }
        return try ordered.prefix(limit ?? ordered.count).map(entry)
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
            guard let steps = name == "@" ? 0 : (stepsText.isEmpty ? 1 : Int(stepsText)), steps >= 0 else {
                throw HistoryError.unknownVersion(name)
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
        guard prefix.count >= 4, prefix.allSatisfy(\.isHexDigit) else { throw HistoryError.unknownVersion(name) }
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
                if case .delta = commit.body, let parent = commit.parents.first, !keep.contains(parent) {
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

    /// Deltas applied to rebuild `id`'s value: 0 for a snapshot, one more than its first parent for a delta.
    private func depth(of id: CommitID) throws -> Int {
        var chain: [CommitID] = []
        var current = try commit(id)
        var base = 0
        while true {
            if let known = caches.withLock({ $0.depths[current.id] }) {
                base = known
                break
            }
            if current.body.isSnapshot { break }
            chain.append(current.id)
            guard let parent = current.parents.first else {
                throw HistoryError.corruptCommit("\(current.id.short) is a delta without a parent")
            }
            current = try commit(parent)
        }
        caches.withLock { caches in
            for (offset, walked) in chain.reversed().enumerated() { caches.depths[walked] = base + offset + 1 }
        }
        return base + chain.count
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
