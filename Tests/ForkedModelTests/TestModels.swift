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

/// A model at its first release, numbered from 0 as the original Forked does.
@ForkedModel(version: 0)
struct FirstReleaseNote: Equatable, Codable {
    var title: String = ""
}

@ForkedModel
struct TaskItem: Identifiable, Equatable, Codable {
    var id: Int = 0
    var title: String = ""
    var done: Bool = false
    @Merged var tags: Set<String> = []
}

@ForkedModel
struct Board: Equatable, Codable {
    @Merged var labels: Set<String> = []
    @Merged(using: .arrayOfIdentifiableMerge) var tasks: [TaskItem] = []
    @Merged var owners: [String: Profile] = [:]
    @Merged(using: .dictionaryMerge) var scores: [String: AccumulatingInt] = [:]
    @Merged var archived: Set<String>?
    @Merged(using: .arrayOfIdentifiableMerge) var backlog: [TaskItem]?
    /// A type alias the macro cannot see through: the strategy is named.
    @Merged(using: .setMerge) var pins: Pins = []
    /// No type annotation: the named strategy says what it is.
    @Merged(using: .textMerge) var footnote = ""
}

typealias Pins = Set<Int>

/// Declares the conformance itself: the macro then adds only the method.
@ForkedModel
struct ExplicitlyMergeable: Mergeable, Equatable {
    var first: Int = 0
    var second: Int = 0
}
