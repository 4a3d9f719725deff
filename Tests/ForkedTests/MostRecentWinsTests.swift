import Forked
import Testing

@Suite("Most recent change wins for values that cannot merge")
struct MostRecentWinsTests {
    @Test("three forks edited in sequence A, B, C: C wins whatever order they are created or listed in",
          arguments: [["a", "b", "c"], ["c", "b", "a"], ["b", "c", "a"], ["zz", "aa", "mm"]])
    func syncAllForksIsOrderIndependent(names: [String]) throws {
        let forks = names.map { Fork(name: $0) }
        let resource = QuickFork(initialValue: "start", forks: forks.reversed())
        for (index, fork) in forks.enumerated() {
            try resource.update(fork, with: "edit \(index) in \(fork.name)")
        }
        try resource.syncAllForks()
        let last = "edit 2 in \(names[2])"
        for fork in try resource.currentForks() {
            #expect(try resource.value(in: fork) == last)
        }
    }

    @Test("a fork's older edit does not override main's newer one")
    func olderForkEditLoses() throws {
        let resource = QuickFork(initialValue: 0, forks: [left])
        try resource.update(left, with: 1)
        try resource.update(.main, with: 2)
        #expect(try resource.mergeIntoMain(from: left) == .resolveConflict)
        #expect(try resource.value(in: .main) == 2)
        #expect(try resource.lastChange(in: .main) == Version(count: 3))
        #expect(try resource.status(of: left) == .behind)
    }

    @Test("a merge does not make a value look newer than the edits in it")
    func mergeKeepsChangeTime() throws {
        let resource = QuickFork(initialValue: 0, forks: [left, right])
        try resource.update(left, with: 1)
        let leftTime = try resource.lastChange(in: left)
        try resource.update(right, with: 2)
        let rightTime = try resource.lastChange(in: right)
        try resource.update(.main, with: 3)
        try resource.mergeIntoMain(from: right)
        #expect(try resource.value(in: .main) == 3)
        #expect(rightTime > leftTime)
        try resource.mergeIntoMain(from: left)
        #expect(try resource.value(in: .main) == 3)
    }
}
