import Foundation
import ForkedModel
import Testing

@Suite("@ForkedModel through QuickFork")
struct QuickForkModelTests {
    private let phone = Fork(name: "phone")
    private let laptop = Fork(name: "laptop")

    @Test("forks that edit different properties both keep their edits after a sync")
    func disjointEdits() throws {
        let resource = QuickFork(initialValue: Profile(name: "Ada", age: 36), forks: [phone, laptop])
        var onPhone = try #require(try resource.value(in: phone))
        onPhone.age = 37
        try resource.update(phone, with: onPhone)
        var onLaptop = try #require(try resource.value(in: laptop))
        onLaptop.nickname = "Enchantress"
        try resource.update(laptop, with: onLaptop)

        try resource.syncAllForks()

        let expected = Profile(name: "Ada", age: 37, nickname: "Enchantress")
        for fork in [Fork.main, phone, laptop] {
            #expect(try resource.value(in: fork) == expected)
        }
    }

    @Test("where two forks changed the same unmarked property, the more recent change wins")
    func mostRecentChangeWins() throws {
        let resource = QuickFork(initialValue: Profile(name: "Ada"), forks: [phone, laptop])
        // The laptop edits after the phone, so its name is the more recent change, whatever
        // order the forks are synced in.
        try resource.update(phone, with: Profile(name: "Augusta"))
        try resource.update(laptop, with: Profile(name: "Countess"))
        try resource.syncMain(with: [laptop, phone])
        #expect(try resource.value(in: .main)?.name == "Countess")
        #expect(try resource.value(in: phone)?.name == "Countess")
    }

    @Test("a @Merged counter adds up concurrent increments, and a nested model merges inside")
    func mergedCounterAndNestedModel() throws {
        let start = Team(lead: Profile(name: "Ada"), motto: "Compute")
        let resource = QuickFork(initialValue: start, forks: [phone, laptop])
        var onPhone = start
        onPhone.lead.visits.value += 2
        onPhone.lead.age = 37
        try resource.update(phone, with: onPhone)
        var onLaptop = start
        onLaptop.lead.visits.value += 5
        onLaptop.motto = "Analyse"
        try resource.update(laptop, with: onLaptop)

        try resource.syncAllForks()

        let merged = try #require(try resource.value(in: .main))
        #expect(merged.lead.visits.value == 7)
        #expect(merged.lead.age == 37)
        #expect(merged.motto == "Analyse")
        #expect(try resource.value(in: phone) == merged)
    }

    @Test("a fork holding data from a newer model version cannot be merged into main")
    func newerVersionRefused() throws {
        let resource = QuickFork(initialValue: VersionedNote(title: "draft"), forks: [phone])
        try resource.update(.main, with: VersionedNote(title: "edited here"))
        let json = #"{"title":"edited by a newer build","pinned":false,"modelVersion":3}"#
        let fromNewerBuild = try JSONDecoder().decode(VersionedNote.self, from: Data(json.utf8))
        try resource.update(phone, with: fromNewerBuild)
        #expect(throws: ModelVersionError(dataVersion: 3, supportedVersion: 2)) {
            try resource.mergeIntoMain(from: phone)
        }
        #expect(try resource.value(in: .main)?.title == "edited here")
    }
}
