import Forked
import Synchronization
import Testing

/// `MergeConflictLog`: the conflicts a value's merge keeps reach whoever merges through
/// generic code, once for the merge that was written.
struct MergeConflictLogTests {
    /// A value whose merge keeps both sides (as a text merge keeps two versions of one word)
    /// and says so; `beforeReporting` runs inside each merge (a test's way to change the
    /// resource meanwhile).
    struct Both: Mergeable, Equatable {
        var parts: [String]
        static let duringMerge = Mutex<(@Sendable () -> Void)?>(nil)

        func merged(withSubordinate other: Both, commonAncestor: Both) throws -> Both {
            let hook = Both.duringMerge.withLock { hook in defer { hook = nil }; return hook }
            hook?()
            let merged = Both(parts: parts + other.parts)
            let length = merged.parts.joined().utf8.count
            MergeConflictLog.record([KeptConflict(utf8Range: 0..<length, lines: 0..<1)])
            return merged
        }
    }

    @Test func collectingReturnsWhatTheMergesInsideReported() throws {
        let (merged, conflicts) = try MergeConflictLog.collecting {
            try ValueMerging.merge(Both(parts: ["dog"]), withSubordinate: Both(parts: ["cow"]), commonAncestor: Both(parts: ["cat"]))
        }
        #expect(merged == Both(parts: ["dog", "cow"]))
        #expect(conflicts == [KeptConflict(utf8Range: 0..<6, lines: 0..<1)])
        // Outside a collection nothing is kept; a nested collection keeps its own.
        #expect(!MergeConflictLog.isCollecting)
        MergeConflictLog.record([KeptConflict(utf8Range: 0..<1, lines: 0..<1)])
        let (_, outer) = MergeConflictLog.collecting {
            let (_, inner) = MergeConflictLog.collecting { MergeConflictLog.record([KeptConflict(utf8Range: 1..<2, lines: 0..<1)]) }
            #expect(inner.count == 1)
        }
        #expect(outer.isEmpty)
    }

    @Test func aReceivedMergeCarriesItsConflictsAndAFastForwardNone() throws {
        let server = Fork(name: "server")
        let resource = QuickFork(initialValue: Both(parts: ["cat"]), forks: [server])
        try resource.restart(server, with: Both(parts: ["cat"]))
        let fastForward = try resource.preparedMerge(from: server, receiving: Both(parts: ["dog"]))
        #expect(fastForward.conflicts.isEmpty)
        try resource.update(.main, with: Both(parts: ["cow"]))
        let prepared = try resource.preparedMerge(from: server, receiving: Both(parts: ["dog"]))
        #expect(prepared.conflicts.count == 1)
        let written = try resource.writeMerge(prepared)
        #expect(written.action == .resolveConflict && written.conflicts == prepared.conflicts)
        #expect(try resource.value(in: .main) == Both(parts: ["dog", "cow"]))
    }

    @Test func aMergeComputedAgainReportsOnlyTheMergeThatWasWritten() throws {
        let left = Fork(name: "left")
        let resource = QuickFork(initialValue: Both(parts: ["a"]), forks: [left])
        try resource.update(left, with: Both(parts: ["b"]))
        try resource.update(.main, with: Both(parts: ["c"]))
        // Main changes while the first merge is computed: it is computed again.
        Both.duringMerge.withLock { $0 = { try? resource.update(.main, with: Both(parts: ["c", "d"])) } }
        let (action, conflicts) = try MergeConflictLog.collecting { try resource.mergeIntoMain(from: left) }
        #expect(action == .resolveConflict)
        #expect(try resource.value(in: .main)?.parts.sorted() == ["b", "c", "d"])
        #expect(conflicts == [KeptConflict(utf8Range: 0..<3, lines: 0..<1)])
    }
}
