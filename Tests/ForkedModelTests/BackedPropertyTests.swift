import ForkedModel
import Testing

/// A model whose properties live in replicated types behind plain Swift types.
@ForkedModel
struct Whiteboard: Equatable {
    @Backed(by: .mergeableValue) var title: String = ""
    @Backed(by: .mergeableArray) var columns: [Int] = []
    @Backed(by: .mergeableSet) var labels: Set<String> = []
    @Backed(by: .mergeableDictionary) var limits: [String: Int] = [:]
    var pinned: Bool = false
    @Backed var owner: String = "nobody"
}

@Suite("@Backed(by:) properties")
struct BackedPropertyTests {
    @Test("read and assigned as their plain types, also through the memberwise initializer")
    func plainTypes() {
        var board = Whiteboard(title: "Sprint", columns: [1, 2], labels: ["bug"], limits: ["doing": 3])
        #expect(board.title == "Sprint")
        #expect(board.columns == [1, 2])
        #expect(board.labels == ["bug"])
        #expect(board.limits == ["doing": 3])
        board.columns.append(3)
        board.labels.insert("ui")
        board.limits["done"] = 10
        board.title = "Sprint 2"
        #expect(board.columns == [1, 2, 3])
        #expect(board.labels == ["bug", "ui"])
        #expect(board.limits == ["doing": 3, "done": 10])
        #expect(board.title == "Sprint 2")
        #expect(board._columns.values == [1, 2, 3], "the replicated storage holds what was assigned")
        board.owner = "ann"
        #expect(board._owner.value == "ann", "@Backed alone is a MergeableValue")
    }

    @Test("an assigned array merges as the removals and insertions it stands for")
    func arrayAssignmentMerges() throws {
        var ancestor = Whiteboard()
        ancestor.columns = [1, 2, 3]
        var mine = ancestor
        var theirs = ancestor
        mine.columns = [1, 3, 4]
        theirs.columns = [1, 2, 3, 4]
        let merged = try theirs.merged(withSubordinate: mine, commonAncestor: ancestor)
        #expect(merged.columns == [1, 3, 4, 4], "each side's appended 4 is its own insertion")
    }

    @Test("an assigned set keeps every side's insertions and removals")
    func setAssignmentMerges() throws {
        var ancestor = Whiteboard()
        ancestor.labels = ["a", "b", "c"]
        var mine = ancestor
        var theirs = ancestor
        mine.labels = ["a", "d"]
        theirs.labels = ["a", "b", "c", "e"]
        let merged = try theirs.merged(withSubordinate: mine, commonAncestor: ancestor)
        #expect(merged.labels == ["a", "d", "e"])
    }

    @Test("an assigned dictionary writes only the keys that changed")
    func dictionaryAssignmentMerges() throws {
        var ancestor = Whiteboard()
        ancestor.limits = ["k1": 1, "k2": 2]
        var mine = ancestor
        var theirs = ancestor
        mine.limits = ["k1": 1]
        theirs.limits = ["k2": 5, "k3": 6]
        let merged = try theirs.merged(withSubordinate: mine, commonAncestor: ancestor)
        #expect(merged.limits == ["k2": 5, "k3": 6])
    }

    @Test("a value written after seeing the other side's write wins, whichever side is dominant")
    func laterValueWins() throws {
        var ancestor = Whiteboard()
        ancestor.title = "one"
        var mine = ancestor
        mine.title = "two"
        var theirs = try ancestor.merged(withSubordinate: mine, commonAncestor: ancestor)
        theirs.title = "three"
        #expect(try mine.merged(withSubordinate: theirs, commonAncestor: ancestor).title == "three")
        #expect(try theirs.merged(withSubordinate: mine, commonAncestor: ancestor).title == "three")
    }

    @Test("through a ForkedResource, edits made in two forks all arrive")
    func throughForks() throws {
        let left = Fork(name: "left"), right = Fork(name: "right")
        let resource = QuickFork(initialValue: Whiteboard(columns: [1]), forks: [left, right])
        var onLeft = try #require(try resource.value(in: left))
        onLeft.columns.append(2)
        onLeft.labels.insert("left")
        try resource.update(left, with: onLeft)
        var onRight = try #require(try resource.value(in: right))
        onRight.columns.insert(0, at: 0)
        onRight.labels.insert("right")
        onRight.pinned = true
        try resource.update(right, with: onRight)
        try resource.syncAllForks()
        let merged = try #require(try resource.value(in: .main))
        #expect(merged.columns == [0, 1, 2])
        #expect(merged.labels == ["left", "right"])
        #expect(merged.pinned)
        #expect(try resource.value(in: left) == merged)
    }
}
