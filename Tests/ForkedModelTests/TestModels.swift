import ForkedModel

/// A counter whose concurrent increments add up: the example of a user type with its own
/// `Mergeable` conformance.
struct AccumulatingInt: Mergeable, Equatable, Codable {
    var value = 0

    func merged(withSubordinate other: AccumulatingInt, commonAncestor: AccumulatingInt) throws -> AccumulatingInt {
        AccumulatingInt(value: value + other.value - commonAncestor.value)
    }
}

@ForkedModel
struct Profile: Equatable, Codable {
    var name: String = ""
    var age: Int = 0
    var nickname: String? = nil
    @Merged var visits: AccumulatingInt = .init()
    /// Mergeable, but not marked: the most recent change wins.
    var pageViews: AccumulatingInt = .init()
}

@ForkedModel
struct Team: Equatable, Codable {
    @Merged var lead: Profile = Profile()
    @Merged var deputy: Profile?
    var motto: String = ""
}

@ForkedModel(version: 2)
struct VersionedNote: Equatable, Codable {
    var title: String = ""
    var pinned: Bool = false
}
