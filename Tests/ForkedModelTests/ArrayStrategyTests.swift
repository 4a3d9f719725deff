import ForkedModel
import Testing

@ForkedModel
struct Playlist: Equatable, Codable {
    @Merged var songs: [String] = []
    @Merged var ratings: Array<Int>?
    var name: String = ""
}

@Suite("@ForkedModel array strategy")
struct ArrayStrategyTests {
    private let ancestor = Playlist(songs: ["intro", "verse", "outro"], name: "Mix")

    @Test("elements inserted and removed on either side all take effect")
    func arrayEditsCombine() throws {
        var dominant = ancestor
        dominant.songs.insert("hook", at: 1)
        var subordinate = ancestor
        subordinate.songs.removeLast()
        subordinate.songs.append("encore")

        let merged = try dominant.merged(withSubordinate: subordinate, commonAncestor: ancestor)

        #expect(merged.songs == ["intro", "hook", "verse", "encore"])
    }

    @Test("an optional array: added where there was none, merged when both edit")
    func optionalArray() throws {
        var added = ancestor
        added.ratings = [3, 4]
        #expect(try ancestor.merged(withSubordinate: added, commonAncestor: ancestor).ratings == [3, 4])

        var dominant = added
        dominant.ratings?.insert(5, at: 0)
        var subordinate = added
        subordinate.ratings?.append(1)
        #expect(try dominant.merged(withSubordinate: subordinate, commonAncestor: added).ratings == [5, 3, 4, 1])
    }

    @Test("through QuickFork, songs added on two devices all end up in every fork")
    func throughQuickFork() throws {
        let phone = Fork(name: "phone")
        let laptop = Fork(name: "laptop")
        let resource = QuickFork(initialValue: ancestor, forks: [phone, laptop])
        var onPhone = ancestor
        onPhone.songs.insert("bridge", at: 2)
        onPhone.name = "Road mix"
        try resource.update(phone, with: onPhone)
        var onLaptop = ancestor
        onLaptop.songs.append("bonus")
        try resource.update(laptop, with: onLaptop)

        try resource.syncAllForks()

        let expected = Playlist(songs: ["intro", "verse", "bridge", "outro", "bonus"], name: "Road mix")
        for fork in [Fork.main, phone, laptop] {
            #expect(try resource.value(in: fork) == expected)
        }
    }
}
