import ForkedModel
import Testing

@Suite("@ForkedModel set, dictionary and identifiable-array strategies")
struct ContainerStrategyTests {
    private func merge(_ dominant: Board, _ subordinate: Board, _ ancestor: Board) throws -> Board {
        try dominant.merged(withSubordinate: subordinate, commonAncestor: ancestor)
    }

    @Test("a set keeps what either side added and drops what either side removed")
    func setMerge() throws {
        let ancestor = Board(labels: ["red", "green"])
        let merged = try merge(Board(labels: ["red", "green", "blue"]), Board(labels: ["green", "pink"]), ancestor)
        #expect(merged.labels == ["green", "blue", "pink"])
    }

    @Test("elements of an identifiable array merge property by property, recursively")
    func identifiableElementsMergeRecursively() throws {
        let ancestor = Board(tasks: [TaskItem(id: 1, title: "write"), TaskItem(id: 2, title: "test")])
        var dominant = ancestor
        dominant.tasks[0].title = "write docs"
        dominant.tasks[0].tags = ["docs"]
        var subordinate = ancestor
        subordinate.tasks[0].done = true
        subordinate.tasks[0].tags = ["urgent"]
        subordinate.tasks.append(TaskItem(id: 3, title: "ship"))

        let merged = try merge(dominant, subordinate, ancestor)

        #expect(merged.tasks.map(\.id) == [1, 2, 3])
        #expect(merged.tasks[0] == TaskItem(id: 1, title: "write docs", done: true, tags: ["docs", "urgent"]))
        #expect(merged.tasks[2].title == "ship")
    }

    @Test("dictionary values that are models merge property by property")
    func dictionaryOfModels() throws {
        let ancestor = Board(owners: ["ada": Profile(name: "Ada", age: 36)])
        var dominant = ancestor
        dominant.owners["ada"]?.name = "Ada Lovelace"
        dominant.owners["charles"] = Profile(name: "Charles")
        var subordinate = ancestor
        subordinate.owners["ada"]?.age = 37
        subordinate.owners["ada"]?.visits.value = 2

        let merged = try merge(dominant, subordinate, ancestor)

        #expect(merged.owners["ada"] == Profile(name: "Ada Lovelace", age: 37, visits: AccumulatingInt(value: 2)))
        #expect(merged.owners["charles"]?.name == "Charles")
    }

    @Test("dictionary values with their own Mergeable conformance merge with it")
    func dictionaryOfCounters() throws {
        let ancestor = Board(scores: ["ada": AccumulatingInt(value: 10)])
        var dominant = ancestor
        dominant.scores["ada"]?.value += 1
        var subordinate = ancestor
        subordinate.scores["ada"]?.value += 4
        subordinate.scores["charles"] = AccumulatingInt(value: 1)

        let merged = try merge(dominant, subordinate, ancestor)

        #expect(merged.scores == ["ada": AccumulatingInt(value: 15), "charles": AccumulatingInt(value: 1)])
    }

    @Test("optional containers: set where there was none, merged when both edit, edit beats removal")
    func optionalContainers() throws {
        let empty = Board()
        var added = empty
        added.archived = ["old"]
        added.backlog = [TaskItem(id: 7, title: "someday")]
        #expect(try merge(empty, added, empty) == added)

        var dominant = added
        dominant.archived?.insert("older")
        dominant.backlog?[0].title = "some day"
        var subordinate = added
        subordinate.archived?.insert("oldest")
        subordinate.backlog?[0].done = true
        let merged = try merge(dominant, subordinate, added)
        #expect(merged.archived == ["old", "older", "oldest"])
        #expect(merged.backlog == [TaskItem(id: 7, title: "some day", done: true)])

        var removed = added
        removed.archived = nil
        var edited = added
        edited.archived?.insert("newer")
        #expect(try merge(removed, edited, added).archived == ["old", "newer"])
    }

    @Test("a named strategy works through a type alias and without a type annotation")
    func namedStrategyWithoutVisibleType() throws {
        let ancestor = Board(pins: [1, 2], footnote: "See page 4.")
        let merged = try merge(
            Board(pins: [1, 2, 3], footnote: "See page 4 and 5."),
            Board(pins: [2], footnote: "Note: See page 4."),
            ancestor
        )
        #expect(merged.pins == [2, 3])
        #expect(merged.footnote == "Note: See page 4 and 5.")
    }

    @Test("the same merges happen when forks sync through QuickFork")
    func throughQuickFork() throws {
        let phone = Fork(name: "phone")
        let laptop = Fork(name: "laptop")
        let start = Board(labels: ["red"], tasks: [TaskItem(id: 1, title: "write")])
        let resource = QuickFork(initialValue: start, forks: [phone, laptop])
        var onPhone = start
        onPhone.tasks[0].done = true
        onPhone.labels.insert("blue")
        try resource.update(phone, with: onPhone)
        var onLaptop = start
        onLaptop.tasks[0].title = "write well"
        onLaptop.labels.remove("red")
        try resource.update(laptop, with: onLaptop)

        try resource.syncAllForks()

        let merged = try #require(try resource.value(in: .main))
        #expect(merged.labels == ["blue"])
        #expect(merged.tasks == [TaskItem(id: 1, title: "write well", done: true)])
        #expect(try resource.value(in: phone) == merged)
        #expect(try resource.value(in: laptop) == merged)
    }
}
