import Foundation
import Testing
@testable import ForkedHistory

@Suite("History")
struct HistoryTests {
    private func makeHistory(snapshotInterval: Int = 64) -> History<String> {
        History(store: InMemoryCommitStore(), snapshotInterval: snapshotInterval)
    }

    private func time(_ seconds: Double) -> Date { Date(timeIntervalSince1970: 1_800_000_000 + seconds) }

    @Test func recordsVersionsAndRebuildsEach() throws {
        let history = makeHistory(snapshotInterval: 4)
        var ids: [CommitID] = []
        var texts: [String] = []
        var text = "start"
        for step in 0..<10 {
            text += " word\(step)"
            texts.append(text)
            ids.append(try #require(try history.record(text, head: "main", time: time(Double(step)))).id)
        }
        for (id, expected) in zip(ids, texts) { #expect(try history.value(at: id) == expected) }
        let fresh = History<String>(store: history.store, snapshotInterval: 4)
        for (id, expected) in zip(ids, texts) { #expect(try fresh.value(at: id) == expected) }
        // Every fourth commit along the chain is stored whole, the others as deltas.
        let bodies = try ids.map { try history.commit($0).body.isSnapshot }
        #expect(bodies.filter { $0 }.count >= 2)
        #expect(bodies.filter { !$0 }.count >= 5)
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
        #expect(throws: HistoryError.unknownVersion("zzzz")) { try history.resolve("zzzz") }
        #expect(throws: HistoryError.unknownVersion("ab")) { try history.resolve("ab") }
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
}
