import Foundation
import Testing
@testable import ForkedHistory

@Suite("History")
struct HistoryTests {
    private func makeHistory(snapshotInterval: Int = 64, anchorInterval: Int = 64) -> History<String> {
        History(store: InMemoryCommitStore(), snapshotInterval: snapshotInterval, anchorInterval: anchorInterval)
    }

    /// Whether a chain of deltas against first parents starts at this body.
    private func isAnchor(_ body: CommitBody) -> Bool {
        if case .delta = body { return false }
        return true
    }

    private func time(_ seconds: Double) -> Date { Date(timeIntervalSince1970: 1_800_000_000 + seconds) }

    @Test func recordsVersionsAndRebuildsEach() throws {
        let history = makeHistory(snapshotInterval: 4, anchorInterval: 2)
        var ids: [CommitID] = []
        var texts: [String] = []
        var text = "start"
        for step in 0..<10 {
            text += " word\(step)"
            texts.append(text)
            ids.append(try #require(try history.record(text, head: "main", time: time(Double(step)))).id)
        }
        for (id, expected) in zip(ids, texts) { #expect(try history.value(at: id) == expected) }
        let fresh = History<String>(store: history.store, snapshotInterval: 4, anchorInterval: 2)
        for (id, expected) in zip(ids, texts) { #expect(try fresh.value(at: id) == expected) }
        // Every fourth commit along the chain is an anchor, the others deltas against their
        // parent; every other anchor is whole, the rest deltas against the anchor before.
        let bodies = try ids.map { try history.commit($0).body }
        #expect(bodies.map(\.kind) == [0, 1, 1, 1, 2, 1, 1, 1, 0, 1])
        guard case .anchored(let base, _) = bodies[4] else { return }
        #expect(base == ids[0])
    }

    @Test func anchoredDeltasStandInForSnapshotsOfAGrowingText() throws {
        let history = makeHistory(snapshotInterval: 8)
        var ids: [CommitID] = []
        var texts: [String] = []
        var text = String(repeating: "a long opening paragraph. ", count: 40)
        for step in 0..<200 {
            text += " sentence \(step)."
            texts.append(text)
            ids.append(try #require(try history.record(text, head: "main", time: time(Double(step)))).id)
        }
        let bodies = try ids.map { try history.commit($0).body }
        // One whole value, then anchors every eighth commit, each a delta against the one before.
        #expect(bodies.filter(\.isSnapshot).count == 1)
        let anchors = bodies.indices.filter { isAnchor(bodies[$0]) }
        #expect(anchors == Array(stride(from: 0, to: 200, by: 8)))
        for (previous, anchor) in zip(anchors, anchors.dropFirst()) {
            guard case .anchored(let base, _) = bodies[anchor] else {
                Issue.record("commit \(anchor) is not an anchored delta")
                continue
            }
            #expect(base == ids[previous])
        }
        let stored = bodies.reduce(0) { $0 + $1.payload.count }
        // A snapshot every eighth commit would store 25 whole values.
        #expect(stored < 3 * text.utf8.count)
        let fresh = History<String>(store: history.store, snapshotInterval: 8)
        for (id, expected) in zip(ids, texts) { #expect(try fresh.value(at: id) == expected) }
    }

    @Test func aRunOfAnchoredDeltasEndsInASnapshotOnceItOutweighsAFewValues() throws {
        // Every version rewrites the whole text: anchored deltas are as large as the value.
        let history = makeHistory(snapshotInterval: 1)
        var ids: [CommitID] = []
        var texts: [String] = []
        for step in 0..<30 {
            texts.append((0..<50).map { "w\(step)x\($0)" }.joined(separator: " "))
            ids.append(try #require(try history.record(texts[step], head: "main", time: time(Double(step)))).id)
        }
        let bodies = try ids.map { try history.commit($0).body }
        let snapshots = bodies.indices.filter { bodies[$0].isSnapshot }
        #expect(snapshots.count >= 3)
        for (start, end) in zip(snapshots, snapshots.dropFirst()) {
            #expect((start + 1..<end).allSatisfy { bodies[$0].kind == 2 })
            #expect(end - start <= 5)
        }
        let fresh = History<String>(store: history.store, snapshotInterval: 1)
        for (id, expected) in zip(ids, texts) { #expect(try fresh.value(at: id) == expected) }
    }

    @Test func aChainOfDeltasEndsOnceItOutweighsTheValue() throws {
        let history = makeHistory(snapshotInterval: 10_000)
        var words = (0..<400).map { "word\($0)" }
        var ids: [CommitID] = []
        var texts: [String] = []
        for step in 0..<300 {
            words[(step * 37) % words.count] = "edit\(step)"
            texts.append(words.joined(separator: " "))
            ids.append(try #require(try history.record(texts[step], head: "main", time: time(Double(step)))).id)
        }
        let commits = try ids.map { try history.commit($0) }
        let snapshotSteps = commits.indices.filter { isAnchor(commits[$0].body) }
        #expect(snapshotSteps.first == 0)
        // Between two anchors the deltas add up to at most one value's size, and an anchor
        // follows as soon as one more would pass it.
        for (start, end) in zip(snapshotSteps, snapshotSteps.dropFirst() + [commits.count]) {
            let deltaBytes = commits[(start + 1)..<end].reduce(0) { $0 + ($1.body.deltaBytes?.count ?? 0) }
            #expect(deltaBytes < texts[start].utf8.count)
            if end < commits.count { #expect(deltaBytes + 40 >= texts[end].utf8.count) }
        }
        #expect(snapshotSteps.count >= 2 && snapshotSteps.count < 30)
        let fresh = History<String>(store: history.store)
        for (id, expected) in zip(ids, texts) { #expect(try fresh.value(at: id) == expected) }
    }

    @Test func recordingTheSameValueMakesNoCommit() throws {
        let history = makeHistory()
        #expect(try history.record("a", head: "main") != nil)
        #expect(try history.record("a", head: "main") == nil)
        #expect(try history.store.allCommits().count == 1)
    }

    @Test func logIsNewestFirstWithCharacterCounts() throws {
        let history = makeHistory()
        try history.record("hello", head: "main", time: time(0))
        try history.record("hello world", head: "main", time: time(1))
        try history.record("hi world", head: "main", time: time(2))
        let log = try history.log()
        #expect(log.map(\.commit.time) == [time(2), time(1), time(0)])
        #expect((log[0].insertedCount, log[0].deletedCount) == (2, 5))
        #expect((log[1].insertedCount, log[1].deletedCount) == (6, 0))
        #expect(log[2].summary() == "+\"hello\"")
        #expect(log[1].summary() == "+\"world\"")
        #expect(try history.log(limit: 1).count == 1)
    }

    @Test func logListsAVersionAfterTheOnesMadeFromIt() throws {
        // Recorded in the same millisecond, then on a clock that went back: ids and times alone
        // would list some versions before their parents' children.
        let history = makeHistory()
        var values: [String] = []
        for index in 0..<12 {
            values.append("version \(index)")
            try history.record(values[index], head: "main", time: time(index < 8 ? 0 : -Double(index)))
        }
        try history.record("side", head: "side", startingAt: try history.resolve("@~5"), time: time(-100))
        let log = try history.log()
        #expect(log.filter { $0.commit.origin == "main" }.map { try? history.value(at: $0.commit.id) } == values.reversed().map(Optional.some))
        #expect(log.count == 13)
        let position = Dictionary(uniqueKeysWithValues: log.enumerated().map { ($0.element.commit.id, $0.offset) })
        for entry in log {
            for parent in entry.commit.parents { #expect(position[entry.commit.id, default: -1] < position[parent, default: -1]) }
        }
    }

    @Test func forksMergesAndTheirCommonAncestor() throws {
        let history = makeHistory()
        let base = try #require(try history.record("one two three", head: "main", time: time(0)))
        try history.move(head: "left", to: base.id)
        try history.move(head: "right", to: base.id)
        let left = try #require(try history.record("one 2 three", head: "left", time: time(1)))
        let right = try #require(try history.record("one two three four", head: "right", time: time(2)))
        #expect(try history.commonAncestor(of: left.id, and: right.id) == base.id)
        let merge = try #require(try history.record("one 2 three four", head: "main", mergedFrom: [left.id, right.id], time: time(3)))
        #expect(merge.parents == [base.id, left.id, right.id])
        #expect(try history.commonAncestor(of: merge.id, and: right.id) == right.id)
        #expect(try history.log().count == 4)
        #expect(try history.log(from: left.id).map(\.commit.id) == [left.id, base.id])
        #expect(try history.log()[0].isMerge)
    }

    @Test func differenceIsWordByWord() throws {
        let history = makeHistory()
        let a = try #require(try history.record("the cat sat", head: "main", time: time(0)))
        let b = try #require(try history.record("the black cat stood", head: "main", time: time(1)))
        let segments = try history.difference(from: a.id, to: b.id).segments
        #expect(segments.map(\.text).joined() == "the black cat satstood")
        #expect(segments.filter { $0.kind == .inserted }.map(\.text) == ["black ", "stood"])
        #expect(segments.filter { $0.kind == .deleted }.map(\.text) == ["sat"])
    }

    @Test func versionNamesResolveLikeGit() throws {
        let history = makeHistory()
        var ids: [CommitID] = []
        for step in 0..<5 { ids.append(try #require(try history.record("v\(step)", head: "main", time: time(Double(step)))).id) }
        #expect(try history.resolve("@") == ids[4])
        #expect(try history.resolve("@~1") == ids[3])
        #expect(try history.resolve("@~4") == ids[0])
        #expect(throws: HistoryError.unknownVersion("@~5")) { try history.resolve("@~5") }
        #expect(try history.resolve(String(ids[2].hex.prefix(10))) == ids[2])
        #expect(try history.resolve(ids[2].hex.uppercased()) == ids[2])
        #expect(throws: HistoryError.unknownVersion("ffffffff")) { try history.resolve("ffffffff") }
        #expect(try history.resolve("@~") == ids[3], "one back, as git reads HEAD~")
        // Names that cannot be versions say what a version name is.
        for name in ["zzzz", "ab", "a8", "@~x", "@~-1"] {
            #expect(throws: HistoryError.malformedVersion(name)) { try history.resolve(name) }
        }
        #expect(HistoryError.malformedVersion("a8").description.contains("at least four hex digits"))
        #expect(throws: HistoryError.empty) { try makeHistory().resolve("@") }
    }

    @Test func anAmbiguousPrefixNamesItsCandidates() throws {
        let history = makeHistory()
        var byPrefix: [String: CommitID] = [:]
        var step = 0
        // Record until two ids share their first four digits.
        while true {
            let id = try #require(try history.record("version \(step)", head: "main", time: time(Double(step)))).id
            let prefix = String(id.hex.prefix(4))
            if byPrefix[prefix] != nil { break }
            byPrefix[prefix] = id
            step += 1
        }
        let shared = try #require(byPrefix.keys.first { key in try! history.store.allCommits().filter { $0.id.hasHexPrefix(key) }.count > 1 })
        #expect(throws: HistoryError.self) { try history.resolve(shared) }
        do {
            _ = try history.resolve(shared)
        } catch let HistoryError.ambiguousVersion(name, candidates) {
            #expect(name == shared)
            #expect(candidates.count == 2)
        }
    }

    @Test func collectionKeepsHeadsRecentAndRetainedVersions() throws {
        let history = makeHistory(snapshotInterval: 100)
        var ids: [CommitID] = []
        for step in 0..<20 { ids.append(try #require(try history.record("text \(step) " + String(repeating: "x", count: 200), head: "main", time: time(Double(step)))).id) }
        try history.move(head: "old-fork", to: ids[3])
        let removed = try history.collect(olderThan: time(15), retaining: [ids[7]])
        let kept = Set(try history.store.allCommits().map(\.id))
        #expect(kept == Set(ids[15...] + [ids[3], ids[7]]))
        #expect(removed == 20 - kept.count)
        // Every kept version still rebuilds, though its delta base is gone.
        for step in [3, 7, 15, 19] { #expect(try history.value(at: ids[step]).hasPrefix("text \(step) ")) }
        // The log walks from the heads: the retained version (a peer's base) is on no head's line.
        #expect(try history.log().count == kept.count - 1)
        #expect(try history.commonAncestor(of: ids[3], and: ids[19]) == nil)
        #expect(try history.resolve("@~4") == ids[15])
    }

    @Test func collectionStoresWholeAnAnchorWhoseBaseIsRemoved() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let history = History<String>(store: try FileCommitStore(directory: directory), snapshotInterval: 4)
        var ids: [CommitID] = []
        var text = String(repeating: "opening words ", count: 30)
        for step in 0..<20 {
            text += "step \(step) "
            ids.append(try #require(try history.record(text, head: "main", time: time(Double(step)))).id)
        }
        let before = try ids.map { try history.commit($0).body.kind }
        #expect(before[4] == 2 && before[8] == 2 && before[12] == 2)
        try history.collect(olderThan: time(10))
        // 12 anchored on 8, which is gone: it is whole now, under the same id.
        #expect(try history.commit(ids[12]).body.isSnapshot)
        let reopened = History<String>(store: try FileCommitStore(directory: directory), snapshotInterval: 4)
        for step in 10..<20 { #expect(try reopened.value(at: ids[step]).hasSuffix("step \(step) ")) }
        #expect(try reopened.store.allCommits().count == 10)
    }
}
